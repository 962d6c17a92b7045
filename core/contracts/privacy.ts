/**
 * Wire contracts of the staff privacy answers (/api/privacy/…), as Zod schemas the admin takes its
 * types from. The requests' input schemas are core/privacy.ts. An application or contact message here
 * carries every stored field of the catalogue (core/fields.ts), the advertising ids included: the
 * person has a right to know them. Timestamps are ISO 8601 strings.
 */
import { z } from "zod";
import { APPLICATION_FIELDS, CONTACT_FIELDS, fieldNames } from "../fields";
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from "../privacy";
import { auditEventSchema, rowSchemaOf } from "./lists";

export const privacyApplicationSchema = rowSchemaOf(APPLICATION_FIELDS, fieldNames(APPLICATION_FIELDS));
export type PrivacyApplication = z.output<typeof privacyApplicationSchema>;

export const privacyContactMessageSchema = rowSchemaOf(CONTACT_FIELDS, fieldNames(CONTACT_FIELDS));
export type PrivacyContactMessage = z.output<typeof privacyContactMessageSchema>;

const instant = z.string();

export const privacyEmailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  recipients: z.array(z.string()),
  status: z.string(),
  created_at: instant,
  sent_at: instant.nullable(),
});

export const privacyConsentSchema = z.object({
  source: z.enum(["application", "audit_event"]),
  record_id: z.uuid(),
  at: instant,
  marketing_consent: z.boolean().optional(),
  tracking_consent: z.string().nullable().optional(),
  action: z.string().optional(),
});

export const privacyAuditEventSchema = auditEventSchema.pick({ id: true, at: true, action: true, actor_username: true, target_type: true, target_id: true });

export const privacyRequestRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  subject_email: z.string().nullable(),
  received_at: instant,
  due_at: instant,
  completed_at: instant.nullable(),
  handled_by_username: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PrivacyRequestRecord = z.output<typeof privacyRequestRecordSchema>;

export const subjectCountsSchema = z.object({
  applications: z.number().int(),
  contactMessages: z.number().int(),
  emails: z.number().int(),
  consents: z.number().int(),
  auditEvents: z.number().int(),
  requests: z.number().int(),
});
export type SubjectCounts = z.output<typeof subjectCountsSchema>;

/** POST /api/privacy/find: everything held about one address. */
export const subjectResultSchema = z.object({
  email: z.string(),
  counts: subjectCountsSchema,
  applications: z.array(privacyApplicationSchema),
  contactMessages: z.array(privacyContactMessageSchema),
  emails: z.array(privacyEmailSchema),
  consents: z.array(privacyConsentSchema),
  auditEvents: z.array(privacyAuditEventSchema),
  requests: z.array(privacyRequestRecordSchema),
});
export type SubjectResult = z.output<typeof subjectResultSchema>;

/** POST /api/privacy/erase. */
export const erasureAnswerSchema = z.object({
  counts: z.object({
    applications: z.number().int(),
    contactMessages: z.number().int(),
    emails: z.number().int(),
    auditEventsRedacted: z.number().int(),
    requestsAnonymised: z.number().int(),
  }),
});
export type ErasureAnswer = z.output<typeof erasureAnswerSchema>;

/** POST /api/privacy/…/correction: the names of the fields that changed. */
export const correctionAnswerSchema = z.object({ fields: z.array(z.string()) });
