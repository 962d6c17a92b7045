/**
 * Her consult booked, moved or cancelled (ADR 0100): when, in her zone and the clinic's. Each email carries the
 * calendar invite the courier builds from the same payload (../outbox/calendar-invite.ts), so her calendar follows.
 */
import { Button, Heading, Text } from "@react-email/components";
import { brand } from "#core/brand";
import { formatDeadline } from "#core/time";
import type { ConsultInvitationPayload, ConsultInvitePayload } from "./kinds";
import { button, heading, Layout, type MailContext, text } from "./layout";

export const invitationSubject = (_payload: ConsultInvitationPayload) => `Book your ${brand.name} consult`;
export const bookedSubject = (_payload: ConsultInvitePayload) => `Your ${brand.name} consult is booked`;
export const movedSubject = (_payload: ConsultInvitePayload) => `Your ${brand.name} consult has a new time`;
export const cancelledSubject = (_payload: ConsultInvitePayload) => `Your ${brand.name} consult is cancelled`;

/** The time in her zone, and in the clinic's when that differs. */
function When({ payload }: { payload: ConsultInvitePayload }) {
  const hers = formatDeadline(payload.start, payload.timeZone);
  return (
    <Text style={text}>
      <strong>{hers}</strong>
      {payload.timeZone !== payload.clinicTimeZone ? (
        <>
          <br />
          At the clinic: {formatDeadline(payload.start, payload.clinicTimeZone)}
        </>
      ) : null}
    </Text>
  );
}

const byStaff = (payload: ConsultInvitePayload) => (payload.by === "staff" ? "The clinical team has" : "You have");

export function ConsultBooked({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  return (
    <Layout preview={`Your consult: ${formatDeadline(payload.start, payload.timeZone)}.`} context={context}>
      <Heading as="h1" style={heading}>
        Your consult is booked, {payload.firstName}
      </Heading>
      <Text style={text}>{byStaff(payload)} booked your consult with the {brand.name} clinical team:</Text>
      <When payload={payload} />
      <Text style={text}>
        The calendar invite attached adds it to your calendar. To move or cancel it, open your application page below:
        the invite follows every change.
      </Text>
    </Layout>
  );
}

export function ConsultMoved({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  return (
    <Layout preview={`New time: ${formatDeadline(payload.start, payload.timeZone)}.`} context={context}>
      <Heading as="h1" style={heading}>
        Your consult has a new time, {payload.firstName}
      </Heading>
      <Text style={text}>{byStaff(payload)} moved your consult to:</Text>
      <When payload={payload} />
      <Text style={text}>The calendar invite attached updates the one you have: the earlier time no longer stands.</Text>
    </Layout>
  );
}

export function ConsultCancelled({ payload, context }: { payload: ConsultInvitePayload; context: MailContext }) {
  return (
    <Layout preview="Your consult is cancelled." context={context}>
      <Heading as="h1" style={heading}>
        Your consult is cancelled, {payload.firstName}
      </Heading>
      <Text style={text}>{byStaff(payload)} cancelled your consult of:</Text>
      <When payload={payload} />
      <Text style={text}>
        The calendar invite attached takes it out of your calendar. You can book another time from your application
        page while booking is open to you.
      </Text>
    </Layout>
  );
}

export function ConsultInvitation({ payload, context }: { payload: ConsultInvitationPayload; context: MailContext }) {
  return (
    <Layout preview="Choose a time for your consult." context={context} pageLinkInBody>
      <Heading as="h1" style={heading}>
        Book your consult, {payload.firstName}
      </Heading>
      <Text style={text}>
        The {brand.name} clinical team would like to talk with you. Choose a time that suits you on your application
        page: the times are shown in your time zone and the clinic&apos;s.
      </Text>
      {context.applicantPageUrl ? (
        <Button href={context.applicantPageUrl} style={button}>
          Choose a time
        </Button>
      ) : null}
    </Layout>
  );
}
