/**
 * The four emails of the product and the data each one is rendered from. Payloads hold only what the
 * email shows: names, the address it is about, where and when, a record id. Never a form answer
 * (age, interest level, free text, ZIP code, phone): email is not a private channel.
 */
// The names of the kinds are shared with the admin (its outbox shows their labels).
import { type OutboxKind, OUTBOX_KINDS } from "#core/contracts/outbox";

export { type OutboxKind, OUTBOX_KINDS };

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

export interface AssessmentInvitationPayload {
  firstName: string;
  /** ASSESSMENT_URL as configured: absolute, or a path on the site. */
  assessmentUrl: string;
}

export interface PlaceOfferPayload {
  firstName: string;
  /** The single-use answer page, a path on the site: /offer/<token>. */
  offerPath: string;
  expiresAt: string;
}

export interface PlaceConfirmedPayload {
  firstName: string;
}

export interface WaitlistNoticePayload {
  firstName: string;
  position: number;
}

export interface OfferExpiredPayload {
  firstName: string;
  /** Her place on the waitlist now. */
  position: number;
}

export interface StaffPromotionAlertPayload {
  applicationId: string;
  firstName: string;
  lastName: string;
  /** Why a place came free: declined or expired. */
  cause: "declined" | "expired" | "withdrawn";
}

/** No personal data: the endpoint, its description and why it was disabled. */
export interface StaffWebhookDisabledPayload {
  endpointId: string;
  url: string;
  description: string;
  reason: string;
}

export interface PayloadByKind {
  assessment_invitation: AssessmentInvitationPayload;
  place_offer: PlaceOfferPayload;
  place_confirmed: PlaceConfirmedPayload;
  waitlist_notice: WaitlistNoticePayload;
  offer_expired: OfferExpiredPayload;
  staff_promotion_alert: StaffPromotionAlertPayload;
  staff_webhook_disabled: StaffWebhookDisabledPayload;
  application_confirmation: ApplicationConfirmationPayload;
  contact_acknowledgement: ContactAcknowledgementPayload;
  staff_application_alert: StaffApplicationAlertPayload;
  staff_contact_alert: StaffContactAlertPayload;
}

/**
 * The emails a public form sends to whatever address was typed (a confirmation, an acknowledgement): the
 * only ones the caps of ADR 0056 count. The selection's emails go to an applicant staff chose to write to.
 */
export function isFormReplyEmail(kind: string): boolean {
  return kind === "application_confirmation" || kind === "contact_acknowledgement";
}

/** Emails to the person a record is about (as opposed to staff alerts). */
export function isPersonEmail(kind: string): boolean {
  return kind !== "staff_application_alert" && kind !== "staff_contact_alert" && kind !== "staff_promotion_alert" && kind !== "staff_webhook_disabled";
}
