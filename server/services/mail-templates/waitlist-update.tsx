/** Her number on the waitlist grew (staff moved someone ahead of her): she is told the new one (ADR 0087). */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { WaitlistUpdatePayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";
import { NUMBER_PROMISE } from "./waitlist-notice";

export const subject = (_payload: WaitlistUpdatePayload) => `Your number on the ${brand.name} waitlist has changed`;

export function WaitlistUpdate({ payload, context }: { payload: WaitlistUpdatePayload; context: MailContext }) {
  return (
    <Layout preview={`You are now number ${payload.position} on the waitlist.`} context={context}>
      <Heading as="h1" style={heading}>
        A change on the waitlist, {payload.firstName}
      </Heading>
      <Text style={text}>
        Our team changed the order of the priority waitlist, and you are now <strong>number {payload.position}</strong>. {NUMBER_PROMISE}
      </Text>
      <Text style={text}>You are still on the list, and when a place comes free for you, we offer it by email.</Text>
    </Layout>
  );
}
