/** Wire shapes of the staff privacy calls (/api/privacy/…); timestamps are ISO 8601 strings. */
import type { PrivacyRequestKind, PrivacyRequestStatus } from "#core/privacy";

export interface PrivacyApplication {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  state: string;
  phone: string | null;
  zipCode: string | null;
  interestLevel: string;
  interestLevelOther: string | null;
  formSource: string;
  marketing_consent: boolean;
  tracking_consent: string | null;
  submitted_at: string;
}

export interface PrivacyContactMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  reason: string;
  subject: string;
  message: string;
  submitted_at: string;
}

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
