/** The email outbox (super admins): GET /api/outbox, POST /api/outbox/{id}/resend. */
import { z } from "zod";
import { instant, nullableInstant, recordId } from "./common";

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "capped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  capped: "Capped",
};

/**
 * The kinds of email (each a template in server/services/mail-templates, whose payload types live there),
 * with the names staff read in the outbox and the privacy look-up.
 */
export const OUTBOX_KINDS = [
  "application_confirmation",
  "contact_acknowledgement",
  "staff_application_alert",
  "staff_contact_alert",
  // The pilot's selection (server/services/pipeline): strictly transactional, sent whatever the marketing consent.
  "assessment_invitation",
  "place_offer",
  "place_confirmed",
  "waitlist_notice",
  "waitlist_update",
  "offer_expired",
  "not_eligible_notice",
  "withdrawal_notice",
  "staff_promotion_alert",
  "offer_reminder",
  "staff_selection_alert",
  "pilot_closed_notice",
  "applicant_link",
  "assessment_passed_notice",
  // Her page's details (ADR 0099): the link that confirms a new address (to that address), and the notice to the old one.
  "email_change_confirm",
  "email_changed_notice",
  // Reminders about her next step (server/services/reminders, ADR 0102).
  "reminder_kit_not_sent",
  "reminder_consult_not_booked",
  "reminder_consult_tomorrow",
  // Her consult (server/services/consult): each carries the calendar invite (.ics) that follows every change.
  "consult_invitation",
  "consult_booked",
  "consult_moved",
  "consult_cancelled",
  // Webhooks: an endpoint was disabled after a 410 or five days of failures.
  "staff_webhook_disabled",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * The emails a public form sends to whatever address was typed (a confirmation, an acknowledgement): the
 * only ones the caps of ADR 0056 count. The selection's emails go to an applicant staff chose to write to.
 */
export function isFormReplyEmail(kind: string): boolean {
  return kind === "application_confirmation" || kind === "contact_acknowledgement" || kind === "email_change_confirm";
}

/** Emails to the person a record is about (as opposed to staff alerts). */
export function isPersonEmail(kind: string): boolean {
  return kind !== "staff_application_alert" && kind !== "staff_contact_alert" && kind !== "staff_promotion_alert" && kind !== "staff_selection_alert" && kind !== "staff_webhook_disabled";
}

export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  application_confirmation: "Applicant confirmation",
  contact_acknowledgement: "Contact acknowledgement",
  staff_application_alert: "Staff alert: application",
  staff_contact_alert: "Staff alert: contact message",
  assessment_invitation: "Assessment invitation",
  place_offer: "Place offer",
  place_confirmed: "Place confirmed",
  waitlist_notice: "Waitlist notice",
  waitlist_update: "Waitlist number update",
  offer_expired: "Offer expired",
  not_eligible_notice: "Not selected letter",
  withdrawal_notice: "Withdrawal letter",
  staff_promotion_alert: "Staff alert: place offered from the waitlist",
  offer_reminder: "Offer reminder",
  staff_selection_alert: "Staff alert: an answer or a place given back",
  pilot_closed_notice: "Enrollment closed letter",
  applicant_link: "Link to her page",
  assessment_passed_notice: "Assessment passed",
  email_change_confirm: "New address to confirm",
  email_changed_notice: "Address changed notice",
  reminder_kit_not_sent: "Reminder: kit not sent",
  reminder_consult_not_booked: "Reminder: consult not booked",
  reminder_consult_tomorrow: "Reminder: consult tomorrow",
  consult_invitation: "Consult booking opened",
  consult_booked: "Consult booked (invite)",
  consult_moved: "Consult moved (invite update)",
  consult_cancelled: "Consult cancelled (invite cancel)",
  staff_webhook_disabled: "Staff alert: webhook endpoint disabled",
};

export function outboxStatusLabel(status: string): string {
  return (OUTBOX_STATUS_LABELS as Record<string, string | undefined>)[status] ?? status;
}

/** The name of a stored kind (an unknown one reads as words, never as an identifier). */
export function outboxKindLabel(kind: string): string {
  const label = OUTBOX_KIND_LABELS[kind as OutboxKind] as string | undefined;
  if (label) return label;
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One email as staff see it: its state and attempts, never its body. */
export const outboxItemSchema = z.object({
  id: recordId,
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  recipients: z.array(z.string()),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  application_id: recordId.nullable(),
  contact_message_id: recordId.nullable(),
  created_at: instant,
  next_attempt_at: instant,
  sent_at: nullableInstant,
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

export const outboxSummarySchema = z.object({
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    capped: z.number().int().describe("Emails to people held back by a cap, not sent."),
  }),
  caps: z
    .object({
      recipient: z.number().int().describe("Held back: the address already had its one email today."),
      global: z.number().int().describe("Held back: the hourly ceiling of emails to people was reached."),
    })
    .describe("Capped emails still in the outbox, by the cap that held them back."),
  items: z.array(outboxItemSchema),
});
export type OutboxSummary = z.output<typeof outboxSummarySchema>;

/** 202 to a resend: the email is queued again. */
export const outboxResendSchema = z.object({ id: recordId, status: z.literal("queued") });
export type OutboxResend = z.output<typeof outboxResendSchema>;
