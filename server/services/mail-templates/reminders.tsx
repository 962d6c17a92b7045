/**
 * Reminders about her next step (ADR 0102): the kit not sent, the consult not booked, the consult tomorrow. Each says
 * what to do and opens her page with a button; never sent between 21:00 and 08:00 in her zone. No form answer.
 */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { ReminderConsultTomorrowPayload, ReminderPayload } from "./kinds";
import { button, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

function PageButton({ context, label }: { context: MailContext; label: string }) {
  return context.applicantPageUrl ? (
    <Button href={context.applicantPageUrl} style={button}>
      {label}
    </Button>
  ) : null;
}

export const kitSubject = (_payload: ReminderPayload, words: MailWords) => words.t("email.reminder.kit.subject", { assessment: brand.assessmentName });

export function KitNotSentReminder({ payload, context }: { payload: ReminderPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.reminder.kit.preview")} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        {words.rich("email.reminder.kit.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.reminder.kit.body", { assessment: brand.assessmentName })}</Text>
      <PageButton context={context} label={words.t("email.reminder.kit.button")} />
      <Text style={text}>{words.rich("email.reminder.kit.instructions", { stop: words.t("email.reminder.stop") })}</Text>
    </Layout>
  );
}

export const consultNotBookedSubject = (_payload: ReminderPayload, words: MailWords) => words.t("email.reminder.book.subject", { brand: brand.name });

export function ConsultNotBookedReminder({ payload, context }: { payload: ReminderPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.consult.invitation.preview")} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        {words.rich("email.reminder.book.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.t("email.reminder.book.body")}</Text>
      <PageButton context={context} label={words.t("email.chooseTime")} />
      <Text style={text}>{words.t("email.reminder.stop")}</Text>
    </Layout>
  );
}

export const consultTomorrowSubject = (_payload: ReminderConsultTomorrowPayload, words: MailWords) => words.t("email.reminder.tomorrow.subject", { brand: brand.name });

export function ConsultTomorrowReminder({ payload, context }: { payload: ReminderConsultTomorrowPayload; context: MailContext }) {
  const words = wordsOf(context);
  const when = formatDeadline(payload.startsAt, payload.timeZone, words.locale);
  return (
    <Layout preview={words.t("email.consult.preview", { time: when })} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        {words.rich("email.reminder.tomorrow.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.reminder.tomorrow.body", { when: <strong>{when}</strong> })}</Text>
      <PageButton context={context} label={words.t("email.openApplication")} />
      <Text style={text}>{words.t("email.reminder.stop")}</Text>
    </Layout>
  );
}
