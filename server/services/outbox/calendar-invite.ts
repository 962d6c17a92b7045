/**
 * The calendar invite of her consult's emails (ADR 0100), built by ical-generator as the courier composes the email:
 * METHOD:REQUEST with the booking's stable UID and its SEQUENCE for a booking and each move (her calendar replaces the
 * event it has), METHOD:CANCEL with the same UID for a cancel. Sent as nodemailer's `icalEvent`, the text/calendar
 * alternative calendar programs read (with the method in its content type), by the SMTP and the .eml transports alike.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { brand } from "#core/brand";
import type { Language } from "#core/i18n/languages";
import { type ConsultInvitePayload, wordsOf } from "../mail-templates";

export function consultInvite(
  kind: "consult_booked" | "consult_moved" | "consult_cancelled",
  payload: ConsultInvitePayload,
  parties: { organizer: string; attendee: string; now: Date; language?: Language },
): NonNullable<SendMailOptions["icalEvent"]> {
  const cancel = kind === "consult_cancelled";
  const method = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  // Her words in the event too (ADR 0111): its summary and description in her language.
  const words = wordsOf({ language: parties.language });
  const calendar = ical({ prodId: { company: brand.name, product: "consult", language: words.language.toUpperCase() }, method });
  calendar.createEvent({
    id: payload.uid,
    sequence: payload.sequence,
    stamp: parties.now,
    start: new Date(payload.start),
    end: new Date(payload.end),
    summary: words.t("email.consult.ics.summary", { brand: brand.name }),
    description: cancel ? words.t("email.consult.ics.cancelled") : words.t("email.consult.ics.description", { brand: brand.name }),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: brand.name, email: parties.organizer },
    attendees: [{ email: parties.attendee, role: ICalAttendeeRole.REQ, status: cancel ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED }],
  });
  return { method, filename: cancel ? "cancel.ics" : "invite.ics", content: calendar.toString() };
}
