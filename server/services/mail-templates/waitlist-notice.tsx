/** She is on the priority waitlist, at this position. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { WaitlistNoticePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: WaitlistNoticePayload) => `You are on the ${brand.name} priority waitlist`;

export function WaitlistNotice({ payload, context }: { payload: WaitlistNoticePayload; context: MailContext }) {
  return (
    <Layout preview={`You are number ${payload.position} on the waitlist.`} context={context}>
      <Heading as="h1" style={heading}>
        You are on the priority waitlist, {payload.firstName}
      </Heading>
      <Text style={text}>
        The pilot's places are taken or offered for now. You are <strong>number {payload.position}</strong> on the priority
        waitlist. When a place comes free, we offer it to the next person on the list by email.
      </Text>
    </Layout>
  );
}
