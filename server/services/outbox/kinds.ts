/**
 * The four emails of the product and the data each one is rendered from. Payloads hold only what the
 * email shows: names, the address it is about, where and when, a record id. Never a form answer
 * (age, interest level, free text, ZIP code, phone): email is not a private channel.
 */
export const OUTBOX_KINDS = [
  "application_confirmation",
  "contact_acknowledgement",
  "staff_application_alert",
  "staff_contact_alert",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "capped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Emails to a visitor carry no visitor-typed text but her first name, made safe (./visitor-text.ts). */
export interface ApplicationConfirmationPayload {
  firstName: string;
}

/** The sender's first name only: the message and its subject are never quoted back (ADR 0056). */
export interface ContactAcknowledgementPayload {
  firstName: string;
}

export interface StaffApplicationAlertPayload {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  formSource: string;
  submittedAt: string;
}

export interface StaffContactAlertPayload {
  contactMessageId: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
  submittedAt: string;
}

export interface PayloadByKind {
  application_confirmation: ApplicationConfirmationPayload;
  contact_acknowledgement: ContactAcknowledgementPayload;
  staff_application_alert: StaffApplicationAlertPayload;
  staff_contact_alert: StaffContactAlertPayload;
}

/** Emails to the person a record is about (as opposed to staff alerts). */
export function isPersonEmail(kind: string): boolean {
  return kind === "application_confirmation" || kind === "contact_acknowledgement";
}
