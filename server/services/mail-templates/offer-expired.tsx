/** Her offer's deadline passed: the place went on, she is on the waitlist at this position. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { OfferExpiredPayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";

export const subject = (_payload: OfferExpiredPayload) => `Your ${brand.name} pilot offer has expired`;

export function OfferExpired({ payload, context }: { payload: OfferExpiredPayload; context: MailContext }) {
  return (
    <Layout preview={`You are number ${payload.position} on the waitlist.`} context={context}>
      <Heading as="h1" style={heading}>
        Your offer has expired, {payload.firstName}
      </Heading>
      <Text style={text}>
        We did not hear from you before the deadline, so the place went to the next person. You are now{" "}
        <strong>number {payload.position}</strong> on the priority waitlist and will hear from us when a place comes free.
      </Text>
    </Layout>
  );
}
