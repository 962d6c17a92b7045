/**
 * The audit trail's actions and the kinds of thing an action is about, with the words staff read for
 * each (the Audit Log tab, a record's history, the privacy look-up). The server records the identifiers;
 * the admin shows the labels (ADR 0086).
 */

/** Actions of the pilot's selection (server/services/pipeline). */
const PIPELINE_AUDIT_ACTIONS = [
  "stage_move",
  "stage_undo",
  "note_add",
  "note_remove",
  "owner_assign",
  "offer_answer",
  "offer_resent",
  "offer_extended",
  "waitlist_reorder",
  "pilot_settings_change",
  "applicant_page_action",
  "applicant_links_revoke",
  "applicant_contact_change",
  "applicant_email_change",
  "applicant_preferences_change",
  "applicant_language_change",
  "assessment_step",
  "assessment_review",
  "reminder_cancel",
  // Her consult (server/services/consult, ADR 0100): by her on her page (no actor) or by staff.
  "consult_book",
  "consult_move",
  "consult_cancel",
  "consult_invite",
  "consult_availability_change",
] as const;

export const AUDIT_ACTIONS = [
  "login_success",
  "login_failure",
  "second_factor_failure",
  "recovery_code_used",
  "factor_enrol",
  "factor_reset",
  "logout",
  "view",
  "application_delete",
  "contact_delete",
  "user_create",
  "password_change",
  "user_delete",
  "user_deactivate",
  "user_email_change",
  "export",
  "marketing_unsubscribe",
  "outbox_resend",
  "privacy_find",
  "privacy_export",
  "privacy_correct",
  "privacy_erase",
  "privacy_request_create",
  "privacy_request_update",
  "retention_purge",
  "backup_create",
  "restore_reapply",
  "webhook_create",
  "webhook_update",
  "webhook_rotate",
  "webhook_delete",
  "webhook_replay",
  "api_key_create",
  "api_key_revoke",
  ...PIPELINE_AUDIT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login_success: "Signed in",
  login_failure: "Sign-in failed",
  second_factor_failure: "Second factor failed",
  recovery_code_used: "Recovery code used",
  factor_enrol: "Second factor added",
  factor_reset: "Second factors reset",
  logout: "Signed out",
  view: "Viewed",
  application_delete: "Application deleted",
  contact_delete: "Contact message deleted",
  user_create: "User created",
  password_change: "Password changed",
  user_delete: "User deleted",
  user_deactivate: "User deactivated",
  user_email_change: "Staff email changed",
  export: "Exported",
  marketing_unsubscribe: "Unsubscribed from marketing",
  outbox_resend: "Email resent",
  privacy_find: "Privacy look-up",
  privacy_export: "Privacy export",
  privacy_correct: "Record corrected",
  privacy_erase: "Person erased",
  privacy_request_create: "Privacy request logged",
  privacy_request_update: "Privacy request updated",
  retention_purge: "Old records purged",
  backup_create: "Backup taken",
  restore_reapply: "Backup restored (erasures and revocations applied again)",
  webhook_create: "Webhook added",
  webhook_update: "Webhook changed",
  webhook_rotate: "Webhook secret rotated",
  webhook_delete: "Webhook deleted",
  webhook_replay: "Webhook delivery replayed",
  api_key_create: "API key created",
  api_key_revoke: "API key revoked",
  stage_move: "Stage changed",
  stage_undo: "Stage move undone",
  offer_resent: "Offer sent again",
  offer_extended: "Offer deadline extended",
  note_add: "Note added",
  note_remove: "Note removed",
  owner_assign: "Owner assigned",
  offer_answer: "Offer answered",
  waitlist_reorder: "Waitlist reordered",
  pilot_settings_change: "Pilot settings changed",
  applicant_page_action: "Applicant acted on her page",
  applicant_links_revoke: "Applicant page links revoked",
  applicant_contact_change: "Applicant changed her contact details",
  applicant_email_change: "Applicant confirmed a new email address",
  applicant_preferences_change: "Applicant changed her email choices",
  applicant_language_change: "Applicant changed her language",
  assessment_step: "Assessment kit progress recorded",
  assessment_review: "Assessment reviewed",
  reminder_cancel: "Reminder cancelled",
  consult_book: "Consult booked",
  consult_move: "Consult moved",
  consult_cancel: "Consult cancelled",
  consult_invite: "Invited to book a consult",
  consult_availability_change: "Consult hours changed",
};

export const AUDIT_TARGET_TYPES = [
  "application",
  "contact_message",
  "user",
  "applications",
  "contact_messages",
  "email_outbox",
  "privacy_request",
  "privacy_requests",
  "audit_events",
  "backups",
  "webhook_endpoint",
  "api_key",
  "pilot",
  "consult_availability",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  application: "Application",
  contact_message: "Contact message",
  user: "User",
  applications: "Applications list",
  contact_messages: "Contact messages list",
  email_outbox: "Email outbox",
  privacy_request: "Privacy request",
  privacy_requests: "Privacy requests",
  audit_events: "Audit log",
  backups: "Backups",
  webhook_endpoint: "Webhook endpoint",
  api_key: "API key",
  pilot: "Pilot settings",
  consult_availability: "Consult hours",
};

/** The label of an action or target as stored (an older or unknown value reads as words, never as an identifier). */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? asWords(action);
}

export function auditTargetLabel(targetType: string): string {
  return AUDIT_TARGET_LABELS[targetType as AuditTargetType] ?? asWords(targetType);
}

function asWords(identifier: string): string {
  const words = identifier.replaceAll(/[_.:-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
