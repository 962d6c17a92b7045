/**
 * The emails of the product and the data each one is rendered from. Payloads hold only what the
 * email shows: names, the address it is about, where and when, a record id. Never a form answer
 * (age, interest level, free text, ZIP code, phone): email is not a private channel.
 */
// The names of the kinds are shared with the admin (its outbox shows their labels).
import { isPersonEmail, type OutboxKind, OUTBOX_KINDS } from "#core/contracts/outbox";

export { isPersonEmail, type OutboxKind, OUTBOX_KINDS };

/**
 * The emails a form sends to the address a visitor typed carry no text she typed, not even a first name (ADR 0056,
 * amended): the address is not yet known to be hers, so nothing in them can be used to write to a stranger.
 */
export interface ApplicationConfirmationPayload {
  /** The pilot's places when she applied (a live setting, ADR 0091); absent on rows queued before it. */
  capacity?: number;
  /** The pilot was not taking applications for a place then (not open, closed or full): she joined the waitlist. */
  toWaitlist?: boolean;
}

/** Nothing of hers: the message, its subject and her name are never quoted back (ADR 0056). */
export type ContactAcknowledgementPayload = Record<string, never>;

export interface StaffApplicationAlertPayload {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  formSource: string;
  submittedAt: string;
  /** Applications stored before from the same address (counted by the submission's statement); absent on older rows. */
  earlier?: number;
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
  /** The assessment instructions staff set (a live setting, ADR 0091); absent: the standard text alone. */
  instructions?: string;
}

/**
 * The single-use answer page of an offer: the stored row names the offer (`offerId`) and the courier signs its link as
 * it composes (`offerPath`, ADR 0104); rows queued before that carry the path itself.
 */
interface OfferLink {
  offerId?: string;
  offerPath?: string;
}

export interface PlaceOfferPayload extends OfferLink {
  firstName: string;
  expiresAt: string;
  /** Her time zone (reported by her browser at submission); absent in emails queued before it was kept: the pilot's. */
  timeZone?: string;
  /** Why this email: the first offer (absent), the same offer sent again by staff, or its deadline moved later. */
  occasion?: "resent" | "extended";
}

/** The reminder before an offer's deadline, with a fresh link (the earlier one then says a newer one was sent). */
export interface OfferReminderPayload extends OfferLink {
  firstName: string;
  expiresAt: string;
  timeZone: string;
}

/** What happened to an applicant's offer or place, for staff. */
export type SelectionEvent = "accepted" | "declined" | "expired" | "withdrawn" | "place_freed";

/** To staff: an answer or an event of the selection, and what became of the place. Names only, no form answer. */
export interface StaffSelectionAlertPayload {
  applicationId: string;
  firstName: string;
  lastName: string;
  event: SelectionEvent;
  /** When a place came free: the woman it was offered to, or null when nobody eligible was waiting. */
  placeWentTo?: { applicationId: string; firstName: string; lastName: string } | null;
}

export interface PlaceConfirmedPayload {
  firstName: string;
}

/**
 * Her number counts only the women who can be offered a place (waitlisted and eligible); a woman who does
 * not meet the criteria is kept informed without one (null). The number she is told only gets smaller as
 * places are offered; when it grows she is told again (waitlist_update, ADR 0087).
 */
export interface WaitlistNoticePayload {
  firstName: string;
  position: number | null;
  /** Every place was taken or offered when she was waitlisted (absent on rows queued before ADR 0087). */
  placesFull?: boolean;
}

/** Her number on the waitlist grew (staff moved someone ahead of her): the new one. */
export interface WaitlistUpdatePayload {
  firstName: string;
  position: number;
}

export interface OfferExpiredPayload {
  firstName: string;
  /** Her place on the waitlist now, or null when she is kept informed without a number. */
  position: number | null;
}

/**
 * Not eligible: where the pilot runs when she lives outside it ("region": another state; "cities": the
 * region, outside the pilot's cities; null: another criterion, never named, it would be a form answer),
 * and whether we promise to write of a new city (only with her marketing consent).
 */
export interface NotEligibleNoticePayload {
  firstName: string;
  outside: "region" | "cities" | null;
  newCityNews: boolean;
}

/**
 * The enrollment window closed while she was on the waitlist: she stays on it for a place that comes free and
 * for the next cohort. Whether she meets the criteria decides whether a freed place can come to her.
 */
export interface PilotClosedNoticePayload {
  firstName: string;
  eligible: boolean;
}

/** She passed the assessment: what comes next (a place as they are given, or the waitlist). */
export interface AssessmentPassedNoticePayload {
  firstName: string;
}

/**
 * The link that confirms a new address, to that address (ADR 0099): the change's id alone, from which the courier
 * signs the link. No name, no stage: the address is not hers until she confirms it.
 */
export interface EmailChangeConfirmPayload {
  changeId: string;
}

/** To her old address once a new one is confirmed. */
export interface EmailChangedNoticePayload {
  firstName: string;
}

/** A fresh link to her own page (the link itself is the email's context, signed when it is sent). */
export interface ApplicantLinkPayload {
  firstName: string;
}

/** Staff let her book a consult from her page (before the assessment is passed). */
export interface ConsultInvitationPayload {
  firstName: string;
}

/**
 * Her consult booked, moved or cancelled (ADR 0100): when, in her zone and the clinic's, and the calendar invite's
 * UID and SEQUENCE, from which the courier builds the `.ics` as it composes the email. No form answer.
 */
export interface ConsultInvitePayload {
  firstName: string;
  /** The invite's UID (the same for a booking's whole life) and SEQUENCE (raised by each move and the cancel). */
  uid: string;
  sequence: number;
  start: string;
  end: string;
  /** Her zone (reported by her browser when she applied; else the clinic's) and the clinic's. */
  timeZone: string;
  clinicTimeZone: string;
  /** Who made the change: she on her page, or staff. */
  by: "applicant" | "staff";
}

/** Staff withdrew her application. */
export interface WithdrawalNoticePayload {
  firstName: string;
}

/** A reminder about her next step (ADR 0102): her first name; her page is the email's context. */
export interface ReminderPayload {
  firstName: string;
}

/** The day before her consult: when it starts, told in her zone. */
export interface ReminderConsultTomorrowPayload {
  firstName: string;
  startsAt: string;
  timeZone: string;
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
  waitlist_update: WaitlistUpdatePayload;
  offer_expired: OfferExpiredPayload;
  not_eligible_notice: NotEligibleNoticePayload;
  withdrawal_notice: WithdrawalNoticePayload;
  pilot_closed_notice: PilotClosedNoticePayload;
  applicant_link: ApplicantLinkPayload;
  email_change_confirm: EmailChangeConfirmPayload;
  email_changed_notice: EmailChangedNoticePayload;
  assessment_passed_notice: AssessmentPassedNoticePayload;
  reminder_kit_not_sent: ReminderPayload;
  reminder_consult_not_booked: ReminderPayload;
  reminder_consult_tomorrow: ReminderConsultTomorrowPayload;
  consult_invitation: ConsultInvitationPayload;
  consult_booked: ConsultInvitePayload;
  consult_moved: ConsultInvitePayload;
  consult_cancelled: ConsultInvitePayload;
  staff_promotion_alert: StaffPromotionAlertPayload;
  offer_reminder: OfferReminderPayload;
  staff_selection_alert: StaffSelectionAlertPayload;
  staff_webhook_disabled: StaffWebhookDisabledPayload;
  application_confirmation: ApplicationConfirmationPayload;
  contact_acknowledgement: ContactAcknowledgementPayload;
  staff_application_alert: StaffApplicationAlertPayload;
  staff_contact_alert: StaffContactAlertPayload;
}

/**
 * Emails that carry no link to her page and no unsubscribe link: one goes to an address she has not yet confirmed, the
 * other to the address she left (ADR 0099).
 */
export function isAddressChangeEmail(kind: string): boolean {
  return kind === "email_change_confirm" || kind === "email_changed_notice";
}

/** The emails that carry a calendar invite (./consult.tsx; the courier attaches it, ../outbox/calendar-invite.ts). */
export function isConsultInviteEmail(kind: string): kind is "consult_booked" | "consult_moved" | "consult_cancelled" {
  return kind === "consult_booked" || kind === "consult_moved" || kind === "consult_cancelled";
}
