/** Wire shapes of the staff privacy calls (/api/privacy/…); timestamps are ISO 8601 strings. */
import type { ApplicationRow, ContactRow } from "#core/contracts/lists";
import type { PrivacyRequestKind, PrivacyRequestStatus } from "#core/privacy";

/** The stored fields of an application that a privacy find returns (the list row's shape, without attribution). */
export type PrivacyApplication = Pick<
  ApplicationRow,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "age"
  | "state"
  | "phone"
  | "zipCode"
  | "interestLevel"
  | "interestLevelOther"
  | "formSource"
  | "marketing_consent"
  | "tracking_consent"
  | "submitted_at"
>;

export type PrivacyContactMessage = ContactRow;

export interface PrivacyEmail {
  id: string;
  kind: string;
  recipients: string[];
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface PrivacyConsent {
  source: "application" | "audit_event";
  record_id: string;
  at: string;
  marketing_consent?: boolean;
  tracking_consent?: string | null;
  action?: string;
}

export interface PrivacyAuditEvent {
  id: string;
  at: string;
  action: string;
  actor_username: string | null;
  target_type: string | null;
  target_id: string | null;
}

export interface PrivacyRequestRecord {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  subject_email: string | null;
  received_at: string;
  due_at: string;
  completed_at: string | null;
  handled_by_username: string | null;
  notes: string | null;
}

export interface SubjectCounts {
  applications: number;
  contactMessages: number;
  emails: number;
  consents: number;
  auditEvents: number;
  requests: number;
}

export interface SubjectResult {
  email: string;
  counts: SubjectCounts;
  applications: PrivacyApplication[];
  contactMessages: PrivacyContactMessage[];
  emails: PrivacyEmail[];
  consents: PrivacyConsent[];
  auditEvents: PrivacyAuditEvent[];
  requests: PrivacyRequestRecord[];
}

export interface ErasureAnswer {
  counts: { applications: number; contactMessages: number; emails: number; auditEventsRedacted: number; requestsAnonymised: number };
}
