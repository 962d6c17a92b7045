/**
 * Reminders about her next step (ADR 0102): the kit not sent, the consult not booked, the consult tomorrow. Each says
 * what to do and opens her page with a button; never sent between 21:00 and 08:00 in her zone. No form answer.
 */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { ReminderConsultTomorrowPayload, ReminderPayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

function PageButton({ context, label }: { context: MailContext; label: string }) {
  return context.applicantPageUrl ? (
    <Button href={context.applicantPageUrl} style={button}>
      {label}
    </Button>
  ) : null;
}

const STOP_WORDS = "You can turn these reminders off on your page. Emails that decide anything about your place always come.";

export const kitSubject = (_payload: ReminderPayload) => `A reminder: your ${brand.assessmentName} kit`;

export function KitNotSentReminder({ payload, context }: { payload: ReminderPayload; context: MailContext }) {
  return (
    <Layout preview="Have you posted your assessment kit yet?" context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        Your assessment kit, {payload.firstName}
      </Heading>
      <Text style={text}>
        We have not heard that your {brand.assessmentName} kit is on its way. When you have posted it, tell us on your page
        with one button, and we stop reminding you.
      </Text>
      <PageButton context={context} label="I've sent my kit" />
      <Text style={text}>The instructions are on your page too. {STOP_WORDS}</Text>
    </Layout>
  );
}

export const consultNotBookedSubject = (_payload: ReminderPayload) => `A reminder: book your ${brand.name} consult`;

export function ConsultNotBookedReminder({ payload, context }: { payload: ReminderPayload; context: MailContext }) {
  return (
    <Layout preview="Choose a time for your consult." context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        Your consult is waiting to be booked, {payload.firstName}
      </Heading>
      <Text style={text}>You can choose a time for your consult with our clinical team on your page. It takes a minute.</Text>
      <PageButton context={context} label="Choose a time" />
      <Text style={text}>{STOP_WORDS}</Text>
    </Layout>
  );
}

export const consultTomorrowSubject = (_payload: ReminderConsultTomorrowPayload) => `Your ${brand.name} consult is tomorrow`;

export function ConsultTomorrowReminder({ payload, context }: { payload: ReminderConsultTomorrowPayload; context: MailContext }) {
  const when = formatDeadline(payload.startsAt, payload.timeZone);
  return (
    <Layout preview={`Your consult: ${when}.`} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        See you tomorrow, {payload.firstName}
      </Heading>
      <Text style={text}>
        Your consult with our clinical team is on <strong>{when}</strong>. If that time no longer suits you, move or cancel
        it on your page.
      </Text>
      <PageButton context={context} label="Open my application" />
      <Text style={text}>{STOP_WORDS}</Text>
    </Layout>
  );
}
