/** The reminder before an unanswered offer's deadline (OFFER_REMINDER_HOURS), with a fresh link to answer. */
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { OfferReminderPayload } from "./kinds";
import { absoluteUrl, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";
import { OfferAnswerButtons } from "./place-offer";

export const subject = (_payload: OfferReminderPayload, words: MailWords) => words.t("email.reminder.offer.subject", { brand: brand.name });

export function OfferReminder({ payload, context }: { payload: OfferReminderPayload; context: MailContext }) {
  const words = wordsOf(context);
  const page = absoluteUrl(payload.offerPath ?? "/", context);
  const deadline = formatDeadline(payload.expiresAt, payload.timeZone, words.locale);
  return (
    <Layout preview={words.t("email.offer.preview", { deadline })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.reminder.offer.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.reminder.offer.body", { deadline: <strong>{deadline}</strong> })}</Text>
      <OfferAnswerButtons page={page} words={words} />
      <Text style={text}>{words.t("email.reminder.offer.buttons")}</Text>
    </Layout>
  );
}
