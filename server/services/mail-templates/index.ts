/** Renders any outbox email to its subject line, HTML and plain text (React Email on the server). */
import { render } from "@react-email/render";
import { type ComponentType, createElement, type ReactElement } from "react";
import type { OutboxKind, PayloadByKind } from "./kinds";
import * as applicationConfirmation from "./application-confirmation";
import * as assessmentInvitation from "./assessment-invitation";
import * as offerExpired from "./offer-expired";
import * as placeConfirmed from "./place-confirmed";
import * as placeOffer from "./place-offer";
import * as offerReminder from "./offer-reminder";
import * as staffPromotionAlert from "./staff-promotion-alert";
import * as staffSelectionAlert from "./staff-selection-alert";
import * as staffWebhookDisabled from "./staff-webhook-disabled";
import * as waitlistNotice from "./waitlist-notice";
import * as waitlistUpdate from "./waitlist-update";
import * as notEligibleNotice from "./not-eligible-notice";
import * as withdrawalNotice from "./withdrawal-notice";
import * as pilotClosedNotice from "./pilot-closed-notice";
import * as applicantLink from "./applicant-link";
import * as assessmentPassed from "./assessment-passed-notice";
import * as emailChange from "./email-change";
import * as reminders from "./reminders";
import * as consult from "./consult";
import * as contactAcknowledgement from "./contact-acknowledgement";
import { type MailContext, type MailWords, wordsOf } from "./layout";
import { PLAIN_TEXT_OPTIONS } from "./plain-text";
import * as staffApplicationAlert from "./staff-application-alert";
import * as staffContactAlert from "./staff-contact-alert";

export { type MailContext, wordsOf } from "./layout";
export * from "./kinds";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface Template<P> {
  /** The subject line, in the words of the email's language (a staff alert's ignores them: English). */
  subject: (payload: P, words: MailWords) => string;
  component: ComponentType<{ payload: P; context: MailContext }>;
}

/** Every kind's subject line and component. */
const TEMPLATES: { [K in OutboxKind]: Template<PayloadByKind[K]> } = {
  application_confirmation: { subject: applicationConfirmation.subject, component: applicationConfirmation.ApplicationConfirmation },
  contact_acknowledgement: { subject: contactAcknowledgement.subject, component: contactAcknowledgement.ContactAcknowledgement },
  staff_application_alert: { subject: staffApplicationAlert.subject, component: staffApplicationAlert.StaffApplicationAlert },
  staff_contact_alert: { subject: staffContactAlert.subject, component: staffContactAlert.StaffContactAlert },
  assessment_invitation: { subject: assessmentInvitation.subject, component: assessmentInvitation.AssessmentInvitation },
  place_offer: { subject: placeOffer.subject, component: placeOffer.PlaceOffer },
  place_confirmed: { subject: placeConfirmed.subject, component: placeConfirmed.PlaceConfirmed },
  waitlist_notice: { subject: waitlistNotice.subject, component: waitlistNotice.WaitlistNotice },
  waitlist_update: { subject: waitlistUpdate.subject, component: waitlistUpdate.WaitlistUpdate },
  offer_expired: { subject: offerExpired.subject, component: offerExpired.OfferExpired },
  not_eligible_notice: { subject: notEligibleNotice.subject, component: notEligibleNotice.NotEligibleNotice },
  withdrawal_notice: { subject: withdrawalNotice.subject, component: withdrawalNotice.WithdrawalNotice },
  pilot_closed_notice: { subject: pilotClosedNotice.subject, component: pilotClosedNotice.PilotClosedNotice },
  applicant_link: { subject: applicantLink.subject, component: applicantLink.ApplicantLink },
  assessment_passed_notice: { subject: assessmentPassed.subject, component: assessmentPassed.AssessmentPassedNotice },
  email_change_confirm: { subject: emailChange.confirmSubject, component: emailChange.EmailChangeConfirm },
  email_changed_notice: { subject: emailChange.noticeSubject, component: emailChange.EmailChangedNotice },
  reminder_kit_not_sent: { subject: reminders.kitSubject, component: reminders.KitNotSentReminder },
  reminder_consult_not_booked: { subject: reminders.consultNotBookedSubject, component: reminders.ConsultNotBookedReminder },
  reminder_consult_tomorrow: { subject: reminders.consultTomorrowSubject, component: reminders.ConsultTomorrowReminder },
  consult_invitation: { subject: consult.invitationSubject, component: consult.ConsultInvitation },
  consult_booked: { subject: consult.bookedSubject, component: consult.ConsultBooked },
  consult_moved: { subject: consult.movedSubject, component: consult.ConsultMoved },
  consult_cancelled: { subject: consult.cancelledSubject, component: consult.ConsultCancelled },
  staff_promotion_alert: { subject: staffPromotionAlert.subject, component: staffPromotionAlert.StaffPromotionAlert },
  offer_reminder: { subject: offerReminder.subject, component: offerReminder.OfferReminder },
  staff_selection_alert: { subject: staffSelectionAlert.subject, component: staffSelectionAlert.StaffSelectionAlert },
  staff_webhook_disabled: { subject: staffWebhookDisabled.subject, component: staffWebhookDisabled.StaffWebhookDisabled },
};

function element<K extends OutboxKind>(kind: K, payload: PayloadByKind[K], context: MailContext): {
  subject: string;
  element: ReactElement;
} {
  const template = TEMPLATES[kind] as Template<PayloadByKind[K]>;
  return { subject: template.subject(payload, wordsOf(context)), element: createElement(template.component, { payload, context }) };
}

export async function renderEmail<K extends OutboxKind>(
  kind: K,
  payload: PayloadByKind[K],
  context: MailContext,
): Promise<RenderedEmail> {
  const built = element(kind, payload, context);
  const [html, text] = await Promise.all([render(built.element), render(built.element, PLAIN_TEXT_OPTIONS)]);
  return { subject: built.subject, html, text };
}

const CONSULT_SAMPLE: PayloadByKind["consult_booked"] = {
  firstName: "Maya",
  uid: "00000000-0000-4000-8000-000000000005@ovella.example",
  sequence: 0,
  start: "2026-01-22T17:30:00.000Z",
  end: "2026-01-22T18:00:00.000Z",
  timeZone: "America/New_York",
  clinicTimeZone: "America/Los_Angeles",
  by: "applicant",
};

/** Example payloads for the preview script and tests (illustrative people, no real data). */
export const SAMPLE_PAYLOADS: PayloadByKind = {
  application_confirmation: { capacity: 20, toWaitlist: false },
  contact_acknowledgement: {},
  staff_application_alert: {
    applicationId: "00000000-0000-4000-8000-000000000001",
    firstName: "Maya",
    lastName: "Lindqvist",
    email: "maya.lindqvist@example.com",
    formSource: "main page",
    submittedAt: "2026-01-15T17:30:00.000Z",
  },
  staff_contact_alert: {
    contactMessageId: "00000000-0000-4000-8000-000000000002",
    firstName: "Priya",
    lastName: "Raman",
    email: "priya.raman@example.com",
    reason: "eligibility",
    submittedAt: "2026-01-15T17:35:00.000Z",
  },
  assessment_invitation: {
    firstName: "Maya",
    assessmentUrl: "/ovellaiq",
    instructions: "Book your hormone test at a partner lab within 7 days.\nBring a photo ID.",
  },
  place_offer: { firstName: "Maya", offerPath: "/offer/preview-token", expiresAt: "2026-01-22T17:30:00.000Z", timeZone: "America/Los_Angeles" },
  place_confirmed: { firstName: "Maya" },
  waitlist_notice: { firstName: "Maya", position: 3, placesFull: true },
  waitlist_update: { firstName: "Maya", position: 4 },
  offer_expired: { firstName: "Maya", position: 5 },
  not_eligible_notice: { firstName: "Maya", outside: "region", newCityNews: true },
  withdrawal_notice: { firstName: "Maya" },
  pilot_closed_notice: { firstName: "Maya", eligible: true },
  applicant_link: { firstName: "Maya" },
  assessment_passed_notice: { firstName: "Maya" },
  email_change_confirm: { changeId: "00000000-0000-4000-8000-000000000003" },
  email_changed_notice: { firstName: "Maya" },
  reminder_kit_not_sent: { firstName: "Maya" },
  reminder_consult_not_booked: { firstName: "Maya" },
  reminder_consult_tomorrow: { firstName: "Maya", startsAt: "2026-01-22T17:30:00.000Z", timeZone: "America/Los_Angeles" },
  consult_invitation: { firstName: "Maya" },
  consult_booked: CONSULT_SAMPLE,
  consult_moved: { ...CONSULT_SAMPLE, sequence: 1, start: "2026-01-23T18:00:00.000Z", end: "2026-01-23T18:30:00.000Z" },
  consult_cancelled: { ...CONSULT_SAMPLE, sequence: 2 },
  staff_promotion_alert: {
    applicationId: "00000000-0000-4000-8000-000000000001",
    firstName: "Maya",
    lastName: "Lindqvist",
    cause: "declined",
  },
  offer_reminder: {
    firstName: "Maya",
    offerPath: "/offer/preview-token",
    expiresAt: "2026-01-22T17:30:00.000Z",
    timeZone: "America/Los_Angeles",
  },
  staff_selection_alert: {
    applicationId: "00000000-0000-4000-8000-000000000001",
    firstName: "Maya",
    lastName: "Lindqvist",
    event: "declined",
    placeWentTo: { applicationId: "00000000-0000-4000-8000-000000000004", firstName: "Ana", lastName: "Suarez" },
  },
  staff_webhook_disabled: {
    endpointId: "00000000-0000-4000-8000-000000000003",
    url: "https://crm.example.com/hooks/ovella",
    description: "Clinic CRM",
    reason: "Every delivery failed for 5 days",
  },
};
