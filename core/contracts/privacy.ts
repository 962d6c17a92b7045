/**
 * Privacy rights over an email address (admin and super_admin): POST /api/privacy/find, /export, /erase,
 * the corrections, and the tracked requests. Addresses travel in bodies, never in URLs. Request bodies
 * are the shared schemas of core/privacy.ts (and the forms' schemas for corrections).
 */
import { z } from "zod";
import { APPLICATION_FIELDS, CONTACT_FIELDS, fieldNames } from "../fields";
import {
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  privacyEraseSchema,
  privacyFindSchema,
  privacyRequestCreateSchema,
  privacyRequestListSchema,
  privacyRequestUpdateSchema,
} from "../privacy";
import { instant, nullableInstant, recordId } from "./common";
import { auditEventSchema, rowSchemaOf } from "./lists";

export {
  privacyEraseSchema as privacyEraseRequestSchema,
  privacyFindSchema as privacyFindRequestSchema,
  privacyRequestCreateSchema as privacyRequestCreateRequestSchema,
  privacyRequestListSchema as privacyRequestListQuerySchema,
  privacyRequestUpdateSchema as privacyRequestUpdateRequestSchema,
};

/**
 * An application or contact message as a find shows it: every stored field of the catalogue
 * (core/fields.ts), the advertising ids included: the person has a right to know them.
 */
export const privacyApplicationSchema = rowSchemaOf(APPLICATION_FIELDS, fieldNames(APPLICATION_FIELDS));
export type PrivacyApplication = z.output<typeof privacyApplicationSchema>;

export const privacyContactMessageSchema = rowSchemaOf(CONTACT_FIELDS, fieldNames(CONTACT_FIELDS));
export type PrivacyContactMessage = z.output<typeof privacyContactMessageSchema>;

export const privacyEmailSchema = z.looseObject({
  id: recordId,
  kind: z.string(),
  recipients: z.array(z.string()),
  status: z.string(),
  created_at: instant,
  sent_at: nullableInstant,
});

export const privacyConsentSchema = z.object({
  source: z.enum(["application", "audit_event"]),
  record_id: recordId,
  at: instant,
  marketing_consent: z.boolean().optional(),
  tracking_consent: z.string().nullable().optional(),
  action: z.string().optional(),
});

export const privacyAuditEventSchema = auditEventSchema.pick({ id: true, at: true, action: true, actor_username: true, target_type: true, target_id: true });

/** A tracked privacy request (the keyed hash of the address never leaves the server). */
export const privacyRequestRecordSchema = z.looseObject({
  id: recordId,
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  subject_email: z.string().nullable(),
  received_at: instant,
  due_at: instant,
  completed_at: nullableInstant,
  handled_by_username: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PrivacyRequestRecord = z.output<typeof privacyRequestRecordSchema>;
export const privacyRequestRecordListSchema = z.array(privacyRequestRecordSchema);

export const subjectCountsSchema = z.object({
  applications: z.number().int(),
  contactMessages: z.number().int(),
  emails: z.number().int(),
  consents: z.number().int(),
  auditEvents: z.number().int(),
  requests: z.number().int(),
  stageHistory: z.number().int(),
  notes: z.number().int(),
  offers: z.number().int(),
});
export type SubjectCounts = z.output<typeof subjectCountsSchema>;

/** The answer of POST /api/privacy/find: everything held about the address. */
export const subjectResultSchema = z.object({
  email: z.string(),
  counts: subjectCountsSchema,
  applications: z.array(privacyApplicationSchema),
  contactMessages: z.array(privacyContactMessageSchema),
  emails: z.array(privacyEmailSchema),
  consents: z.array(privacyConsentSchema),
  auditEvents: z.array(privacyAuditEventSchema),
  requests: z.array(privacyRequestRecordSchema),
  stageHistory: z.array(z.looseObject({ id: recordId, application_id: recordId, from_stage: z.string(), to_stage: z.string(), at: instant })),
  notes: z.array(z.looseObject({ id: recordId, application_id: recordId, text: z.string(), created_at: instant })),
  offers: z.array(z.looseObject({ id: recordId, application_id: recordId, expires_at: instant, outcome: z.string().nullable() })),
});
export type SubjectResult = z.output<typeof subjectResultSchema>;

/** The access export (a JSON file): versioned, every stored column, with a description of each part. */
export const privacyExportDocumentSchema = z.looseObject({
  format: z.literal("ovella.privacy-export"),
  version: z.number().int(),
  generated_at: instant,
  subject: z.object({ email: z.string() }),
  counts: z.record(z.string(), z.number().int()),
});

/** A correction's answer: the names of the fields it changed (the body is the form's fields to change). */
export const correctionAnswerSchema = z.object({ fields: z.array(z.string()) });
/** A correction's body: any of the record's correctable fields, validated with the form's schema. */
export const correctionRequestSchema = z.record(z.string(), z.unknown());

export const erasureAnswerSchema = z.object({
  counts: z.object({
    applications: z.number().int(),
    contactMessages: z.number().int(),
    emails: z.number().int(),
    auditEventsRedacted: z.number().int(),
    requestsAnonymised: z.number().int(),
    stageHistory: z.number().int().describe("Stage moves of her applications removed."),
    notes: z.number().int().describe("Staff notes on her applications removed."),
    offers: z.number().int().describe("Offers made to her removed."),
  }),
});
export type ErasureAnswer = z.output<typeof erasureAnswerSchema>;
