/**
 * Her consult booked, moved or cancelled (ADR 0100): when, in her zone and the clinic's. Each email carries the
 * calendar invite the courier builds from the same payload (../outbox/calendar-invite.ts), so her calendar follows.
 */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { ConsultInvitationPayload, ConsultInvitePayload } from "./kinds";
import { button, heading, Layout, type MailContext, type MailWords, text, wordsOf } from "./layout";

export const invitationSubject = (_payload: ConsultInvitationPayload, words: MailWords) => words.t("email.consult.invitationSubject", { brand: brand.name });
export const bookedSubject = (_payload: ConsultInvitePayload, words: MailWords) => words.t("email.consult.bookedSubject", { brand: brand.name });
export const movedSubject = (_payload: ConsultInvitePayload, words: MailWords) => words.t("email.consult.movedSubject", { brand: brand.name });
export const cancelledSubject = (_payload: ConsultInvitePayload, words: MailWords) => words.t("email.consult.cancelledSubject", { brand: brand.name });

/** The time in her zone, and in the clinic's when that differs. */
function When({ payload, words }: { payload: ConsultInvitePayload; words: MailWords }) {
  const hers = formatDeadline(payload.start, payload.timeZone, words.locale);
  return (
    <Text style={text}>
      <strong>{hers}</strong>
      {payload.timeZone !== payload.clinicTimeZone ? (
        <>
          <br />
          {words.rich("email.consult.atClinic", { time: formatDeadline(payload.start, payload.clinicTimeZone, words.locale) })}
        </>
      ) : null}
    </Text>
  );
}

/** Who made the change, said as the sentence of each change begins (Spanish conjugates the verb with it). */
function who(event: "booked" | "moved" | "cancelled", payload: ConsultInvitePayload, words: MailWords): string {
  return words.t(payload.by === "staff" ? `email.consult.${event}.byStaff` : `email.consult.${event}.byApplicant`);
}

export function ConsultBooked({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.consult.preview", { time: formatDeadline(payload.start, payload.timeZone, words.locale) })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.consult.booked.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.consult.booked.body", { who: who("booked", payload, words), brand: brand.name })}</Text>
      <When payload={payload} words={words} />
      <Text style={text}>{words.t("email.consult.booked.invite")}</Text>
    </Layout>
  );
}

export function ConsultMoved({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.consult.moved.preview", { time: formatDeadline(payload.start, payload.timeZone, words.locale) })} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.consult.moved.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.consult.moved.body", { who: who("moved", payload, words) })}</Text>
      <When payload={payload} words={words} />
      <Text style={text}>{words.t("email.consult.moved.invite")}</Text>
    </Layout>
  );
}

export function ConsultCancelled({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.consult.cancelled.preview")} context={context}>
      <Heading as="h1" style={heading}>
        {words.rich("email.consult.cancelled.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.consult.cancelled.body", { who: who("cancelled", payload, words) })}</Text>
      <When payload={payload} words={words} />
      <Text style={text}>{words.t("email.consult.cancelled.invite")}</Text>
    </Layout>
  );
}

export function ConsultInvitation({ payload, context }: { payload: ConsultInvitationPayload; context: MailContext }) {
  const words = wordsOf(context);
  return (
    <Layout preview={words.t("email.consult.invitation.preview")} context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        {words.rich("email.consult.invitation.heading", { name: payload.firstName })}
      </Heading>
      <Text style={text}>{words.rich("email.consult.invitation.body", { brand: brand.name })}</Text>
      {context.applicantPageUrl ? (
        <Button href={context.applicantPageUrl} style={button}>
          {words.t("email.chooseTime")}
        </Button>
      ) : null}
    </Layout>
  );
}
