/** The reminder before an unanswered offer's deadline (OFFER_REMINDER_HOURS), with a fresh link to answer. */
import { Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { OfferReminderPayload } from "./kinds";
import { absoluteUrl, heading, Layout, type MailContext, text } from "./layout";
import { OfferAnswerButtons } from "./place-offer";

export const subject = (_payload: OfferReminderPayload) => `Your ${brand.name} pilot place is waiting for your answer`;

export function OfferReminder({ payload, context }: { payload: OfferReminderPayload; context: MailContext }) {
  const page = absoluteUrl(payload.offerPath ?? "/", context);
  const deadline = formatDeadline(payload.expiresAt, payload.timeZone);
  return (
    <Layout preview={`Please answer by ${deadline}.`} context={context}>
      <Heading as="h1" style={heading}>
        Your place is still waiting, {payload.firstName}
      </Heading>
      <Text style={text}>
        We have not heard from you about the place we offered you. Please answer by <strong>{deadline}</strong>. After
        that the place goes to the next person on the waitlist and you join the waitlist.
      </Text>
      <OfferAnswerButtons page={page} />
      <Text style={text}>
        Each button opens a page where you confirm your answer. Please use this email: the buttons of our earlier email
        no longer work.
      </Text>
    </Layout>
  );
}
