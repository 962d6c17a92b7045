/**
 * The enrollment window closed while she was on the waitlist (ADR 0091): said plainly, with what it means for
 * her. A woman who can be offered a place keeps her chance at a place that comes free; one who cannot is not
 * promised one. No number, no form answer, no promotion.
 */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { PilotClosedNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: PilotClosedNoticePayload) => `Enrollment in the ${brand.name} pilot has closed`;

export function PilotClosedNotice({ payload, context }: { payload: PilotClosedNoticePayload; context: MailContext }) {
  return (
    <Layout preview="Enrollment in the pilot has closed. Here is what it means for you." context={context}>
      <Heading as="h1" style={heading}>
        Enrollment has closed, {payload.firstName}
      </Heading>
      <Text style={text}>
        Enrollment in the {brand.name} pilot has now closed, and the places in it have gone to the women who applied before
        you. We are sorry we could not offer you one.
      </Text>
      <Text style={text}>
        {payload.eligible
          ? "You stay on our priority waitlist. If a place comes free before the pilot begins, we will write to you straight away, and you will hear before anyone else when the next group opens."
          : "We keep your application, and you will hear from us if the next group is open to you."}
      </Text>
      <Text style={text}>
        You do not need to do anything. If you have a question, reply to this email or call {brand.contact.phone}: a person on our
        team will answer.
      </Text>
    </Layout>
  );
}
