/** Her offer's deadline passed: the place went on, she is on the waitlist (with her number when she has one). */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import type { OfferExpiredPayload } from "./kinds";
import { heading, Layout, type MailContext, text } from "./layout";
import { NUMBER_PROMISE } from "./waitlist-notice";

export const subject = (_payload: OfferExpiredPayload) => `Your ${brand.name} pilot offer has expired`;

export function OfferExpired({ payload, context }: { payload: OfferExpiredPayload; context: MailContext }) {
  const numbered = typeof payload.position === "number";
  return (
    <Layout preview={numbered ? `You are number ${payload.position} on the waitlist.` : "You are back on the waitlist."} context={context}>
      <Heading as="h1" style={heading}>
        Your offer has expired, {payload.firstName}
      </Heading>
      {numbered ? (
        <Text style={text}>
          We did not hear from you before the deadline, so the place went to the next person. You are now{" "}
          <strong>number {payload.position}</strong> on the priority waitlist and will hear from us when a place comes free. {NUMBER_PROMISE}
        </Text>
      ) : (
        <Text style={text}>
          We did not hear from you before the deadline, so the place went to the next person. Your application stays on the
          priority waitlist, and we will keep you informed.
        </Text>
      )}
    </Layout>
  );
}
