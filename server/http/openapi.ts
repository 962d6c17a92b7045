/**
 * The OpenAPI 3.1 description of every call the server answers, generated from the wire contracts
 * (core/contracts/*; the staff lists' from their declarations, core/lists/): each operation below names its
 * method, path, who may call it, and the Zod schemas of its body, query and answer. Served at
 * GET /api/openapi.json; tests/api/openapi.test.ts walks the Express router and fails when a mounted
 * route is missing here or a documented one is not mounted.
 */
import { applicantLinkRequestSchema, applicantViewSchema } from "#core/contracts/applicant";
import {
  applicantContactAnswerSchema,
  applicantContactRequestSchema,
  applicantDetailsSchema,
  applicantPreferencesRequestSchema,
  applicantLanguageRequestSchema,
  emailChangeAnswerSchema,
} from "#core/contracts/applicant-details";
import { assessmentViewSchema, kitStepRequestSchema, reviewRequestSchema, reviewSchema } from "#core/contracts/assessment";
import {
  consultAvailabilityRequestSchema,
  consultAvailabilitySchema,
  consultBookingRequestSchema,
  consultBookingSchema,
  consultDayQuerySchema,
  consultDaySchema,
  consultSlotListSchema,
  consultSlotsQuerySchema,
} from "#core/contracts/consult";
import { pilotSettingsRequestSchema, pilotSettingsSchema, publicPilotSchema } from "#core/contracts/pilot";
import { z } from "zod";
import {
  applicationDetailSchema,
  applicationFiltersSchema,
  applicationListQuerySchema,
  applicationListRowSchema,
  applicationStatsSchema,
  auditEventSchema,
  auditFiltersSchema,
  auditListQuerySchema,
  contactDetailSchema,
  contactFiltersSchema,
  contactListQuerySchema,
  contactRowSchema,
  contactStatsSchema,
  countItemSchema,
  exportOptionsSchema,
  PAGE_TOTAL_LIMIT,
} from "#core/contracts/lists";
import {
  codeRequestSchema,
  initialPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  passkeySignInRequestSchema,
  sessionUserSchema,
  webAuthnOptionsSchema,
} from "#core/contracts/auth";
import {
  enrolmentResultSchema,
  factorStatusSchema,
  passkeyEnrolmentRequestSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
} from "#core/contracts/factors";
import { errorBodySchema, IDEMPOTENCY_KEY_PATTERN } from "#core/contracts/common";
import { cspReportSchema, healthSchema, readinessSchema } from "#core/contracts/health";
import { outboxResendSchema, outboxSummarySchema } from "#core/contracts/outbox";
import { backupSchema, systemStatusSchema } from "#core/contracts/system";
import {
  correctionAnswerSchema,
  correctionRequestSchema,
  erasureAnswerSchema,
  privacyEraseRequestSchema,
  privacyExportDocumentSchema,
  privacyFindRequestSchema,
  privacyRequestCreateRequestSchema,
  privacyRequestListQuerySchema,
  privacyRequestRecordListSchema,
  privacyRequestRecordSchema,
  privacyRequestUpdateRequestSchema,
  subjectResultSchema,
} from "#core/contracts/privacy";
import {
  applicationCreatedSchema,
  applicationRequestSchema,
  contactCreatedSchema,
  contactRequestSchema,
} from "#core/contracts/submissions";
import {
  bulkActionRequestSchema,
  bulkActionResultSchema,
  noteListSchema,
  noteRequestSchema,
  noteSchema,
  ownerRequestSchema,
  pipelineSummarySchema,
  stageMoveOutcomeSchema,
  stageMoveRequestSchema,
  waitlistMoveRequestSchema,
  offerDeadlineSchema,
  offerExtendRequestSchema,
} from "#core/contracts/pipeline";
import { funnelQuerySchema, funnelSchema, stuckQuerySchema, stuckSchema } from "#core/contracts/funnel";
import { stageTableText } from "#core/pipeline/stages";
import {
  apiKeyCreatedSchema,
  apiKeyCreateRequestSchema,
  apiKeyListSchema,
  type ApiKeyScope,
  webhookCreateRequestSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPayloadSchemas,
  webhookReplayAnswerSchema,
  webhookReplayRequestSchema,
  webhookSecretSchema,
  webhookUpdateRequestSchema,
} from "#core/contracts/webhooks";
import { newPasswordRequestSchema, newUserRequestSchema, staffDirectorySchema, staffUserListSchema, staffUserSchema, staffEmailRequestSchema } from "#core/contracts/users";

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put" | "delete";
/** Who may call: anyone, any signed-in staff member, or the named roles. */
type Access = "public" | "staff" | "selection" | "admin" | "super_admin";

interface Answer {
  status: number;
  description: string;
  /** A Zod contract, a JSON Schema, or nothing (an empty answer such as 204). */
  schema?: z.ZodType | JsonSchema;
  contentType?: string;
}

interface Operation {
  method: Method;
  /** OpenAPI form: /api/users/{id}/password. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType[];
  headers?: JsonSchema[];
  answer: Answer;
  /** Error statuses besides those that follow from `access` (401, 403), the database (503) and bodies (413, 415). */
  errors?: number[];
  /** The API key scope that also allows this call (ADR 0068). */
  scope?: ApiKeyScope;
}

function jsonSchema(schema: z.ZodType | JsonSchema, io: "input" | "output"): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema;
  // Refinements and transforms have no JSON Schema form: the shape is described, the rules are in the text.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: json.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest };
  });
}

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input (the body names the fields)",
  401: "Not signed in, the session ended, or the API key is not valid (WWW-Authenticate: Bearer error=\"invalid_token\")",
  403: "The signed-in role may not do this, or the API key's scopes do not allow it (WWW-Authenticate: Bearer error=\"insufficient_scope\")",
  404: "No such record",
  409: "Conflicts with the current state",
  410: "The Idempotency-Key answered for a record that was deleted or erased since (send the form again with a new key)",
  413: "Request body too large",
  415: "Unsupported content encoding",
  422: "Idempotency-Key reused for a different submission",
  429: "Too many requests (Retry-After says when to try again)",
  503: "The database is briefly unavailable (Retry-After)",
};

const idempotencyKeyHeader: JsonSchema = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "One key per submission, sent again with each retry: the submission is stored once and its answer replayed.",
  schema: { type: "string", pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

const list = (rows: string) => ({
  type: "object",
  required: ["rows", "nextCursor", "total"],
  properties: {
    rows: { type: "array", items: { $ref: `#/components/schemas/${rows}` } },
    nextCursor: { type: ["string", "null"], description: "Cursor of the next page; null on the last page." },
    total: {
      type: ["integer", "null"],
      description: `Filtered row count (exact), sent with the first page only when it is at most ${PAGE_TOTAL_LIMIT.toLocaleString("en-US")}; null otherwise (the stats call counts any size).`,
    },
  },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const csv = (description: string): Answer => ({ status: 200, description, contentType: "text/csv", schema: { type: "string" } });
const noContent = (description: string): Answer => ({ status: 204, description });
const ok = (schema: z.ZodType | JsonSchema, description = "OK"): Answer => ({ status: 200, description, schema });

function listOperations(
  base: string,
  tag: string,
  rows: string,
  stats: string,
  listQuery: z.ZodType,
  filters: z.ZodType,
  detail: z.ZodType,
  scope: ApiKeyScope,
): Operation[] {
  const readers: Operation[] = [
    { method: "get", path: base, tag, summary: `One page of ${tag.toLowerCase()} (the first page is an audited view)`, access: "staff", query: [listQuery], answer: ok(list(rows)), errors: [400] },
    { method: "get", path: `${base}/stats`, tag, summary: "Aggregates over the filtered rows", access: "staff", query: [filters], answer: ok(ref(stats)), errors: [400] },
    { method: "get", path: `${base}/export`, tag, summary: "The filtered, sorted rows as CSV (UTF-8 with BOM, streamed; audited)", access: "staff", query: [filters, exportOptionsSchema], answer: csv("CSV file"), errors: [400] },
    {
      method: "get",
      path: `${base}/{id}`,
      tag,
      summary: "One record, its other submissions from the same email address and its audit history (audited view)",
      access: "staff",
      answer: ok(detail),
      errors: [400, 404],
    },
  ];
  return [
    ...readers.map((op) => ({ ...op, scope, errors: [...(op.errors ?? []), 429] })),
    { method: "delete", path: `${base}/{id}`, tag, summary: "Delete the record (admins; audited)", access: "admin", answer: noContent("Deleted"), errors: [400, 404] },
  ];
}

const APPLICATIONS = "Applications";
const CONTACT = "Contact messages";
const SELECTION = "Pilot selection";
const WEBHOOKS = "Webhooks";

/** The pilot's selection (ADR 0059): moves, places, notes, owners, bulk actions. */
const PIPELINE_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/admin/applications/{id}/stage",
    tag: SELECTION,
    summary: `Move an application to another stage (audited; queues the stage's email). Allowed moves:\n${stageTableText()}`,
    access: "selection",
    body: stageMoveRequestSchema,
    answer: ok(
      z.union([applicationDetailSchema, stageMoveOutcomeSchema]),
      "Moved: for a staff session, the record as GET /api/admin/applications/{id} answers it; for an API key, the outcome only ({id, stage, at}): the record needs applications:read",
    ),
    errors: [400, 404, 409, 429],
    scope: "applications:write-stage",
  },
  { method: "get", path: "/api/admin/pipeline", tag: SELECTION, summary: "Places (capacity, taken) and the applications in each stage", access: "staff", answer: ok(pipelineSummarySchema) },
  { method: "get", path: "/api/admin/pipeline/funnel", tag: SELECTION, summary: "The funnel (applied → invited → passed → offered → enrolled, each counting whoever ever reached it) by source, campaign or form source, and applications per day", access: "staff", query: [funnelQuerySchema], answer: ok(funnelSchema), errors: [400] },
  { method: "get", path: "/api/admin/pipeline/stuck", tag: SELECTION, summary: "Time in the stages that wait for staff, and the applicants there longer than PIPELINE_STUCK_DAYS", access: "staff", query: [stuckQuerySchema], answer: ok(stuckSchema), errors: [400] },
  { method: "post", path: "/api/admin/applications/bulk", tag: SELECTION, summary: "Invite, waitlist or assign an owner for many applications (each moved on its own; the refused listed)", access: "selection", body: bulkActionRequestSchema, answer: ok(bulkActionResultSchema), errors: [400] },
  { method: "get", path: "/api/admin/applications/{id}/notes", tag: SELECTION, summary: "The staff notes on an application, oldest first", access: "staff", answer: ok(noteListSchema), errors: [400, 404] },
  { method: "post", path: "/api/admin/applications/{id}/notes", tag: SELECTION, summary: "Add a note (audited)", access: "selection", body: noteRequestSchema, answer: { status: 201, description: "Added", schema: noteSchema }, errors: [400, 404] },
  { method: "delete", path: "/api/admin/applications/{id}/notes/{noteId}", tag: SELECTION, summary: "Remove a note (audited)", access: "admin", answer: noContent("Removed"), errors: [400, 404] },
  { method: "post", path: "/api/admin/applications/{id}/waitlist-move", tag: SELECTION, summary: "Move a waitlisted applicant one place up or down (audited)", access: "super_admin", body: waitlistMoveRequestSchema, answer: ok(applicationDetailSchema), errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/applications/{id}/stage/undo", tag: SELECTION, summary: "Take back the application's latest staff move within MOVE_UNDO_SECONDS (its author or a super admin): the stage and waitlist order it had, its emails not yet sent cancelled (audited)", access: "selection", answer: ok(z.union([applicationDetailSchema, stageMoveOutcomeSchema]), "Undone: the record for a staff session, the outcome only ({id, stage, at}) for an API key"), errors: [400, 403, 404, 409, 429], scope: "applications:write-stage" },
  { method: "post", path: "/api/admin/applications/{id}/offer/resend", tag: SELECTION, summary: "Send the open offer again, with a fresh link, to the address on the record now; the older link then says a newer one was sent (audited)", access: "selection", answer: { status: 202, description: "Queued", schema: offerDeadlineSchema }, errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/applications/{id}/offer/extend", tag: SELECTION, summary: "Give the open offer a later deadline (within 60 days), emailed to her with a fresh link (audited)", access: "selection", body: offerExtendRequestSchema, answer: ok(offerDeadlineSchema), errors: [400, 404, 409] },
  { method: "put", path: "/api/admin/applications/{id}/owner", tag: SELECTION, summary: "Assign the application to an active staff member (a username of GET /api/admin/staff-directory), or to nobody (audited)", access: "selection", body: ownerRequestSchema, answer: ok(applicationDetailSchema), errors: [400, 404] },
  { method: "post", path: "/api/applicant/link", tag: SELECTION, summary: "Email a fresh link to her own page to each application of the address; 202 whether or not one exists", access: "public", body: applicantLinkRequestSchema, answer: { status: 202, description: "Accepted (a link is emailed when an application uses the address)", schema: { type: "object", properties: { message: { type: "string" } } } }, errors: [400, 429] },
  { method: "get", path: "/api/applicant/{token}", tag: SELECTION, summary: "Where the applicant stands, through the private link of her emails (her page is /a/{token})", access: "public", answer: ok(applicantViewSchema), errors: [404] },
  { method: "get", path: "/api/applicant/{token}/details", tag: SELECTION, summary: "Her address, phone, a new address waiting for confirmation, and her email choices (her page is /a/{token}/details)", access: "public", answer: ok(applicantDetailsSchema), errors: [404] },
  { method: "put", path: "/api/applicant/{token}/contact", tag: SELECTION, summary: "Change her phone (at once) and email (once she confirms it from the link emailed to the new address; audited)", access: "public", body: applicantContactRequestSchema, answer: ok(applicantContactAnswerSchema), errors: [400, 404, 429] },
  { method: "put", path: "/api/applicant/{token}/preferences", tag: SELECTION, summary: "Her email choices: reminders about her next step, and news (audited)", access: "public", body: applicantPreferencesRequestSchema, answer: ok(applicantDetailsSchema), errors: [400, 404, 429] },
  { method: "put", path: "/api/applicant/{token}/language", tag: SELECTION, summary: "Her language: her pages and every later email to her (audited)", access: "public", body: applicantLanguageRequestSchema, answer: ok(applicantDetailsSchema), errors: [400, 404, 429] },
  { method: "post", path: "/api/applicant/email-change/{token}", tag: SELECTION, summary: "Confirm her new address from the link emailed to it; the old address is told (audited); safe to repeat", access: "public", answer: ok(emailChangeAnswerSchema), errors: [404, 429] },
  { method: "post", path: "/api/admin/applications/{id}/page-links/revoke", tag: SELECTION, summary: "End every link to her page issued so far (audited); her next email carries a new one", access: "selection", answer: noContent("Revoked"), errors: [400, 404] },
  { method: "get", path: "/api/pilot", tag: SELECTION, summary: "The pilot's places and status (open, not_open, closed, full) as every page shows them; refreshed every few seconds", access: "public", answer: ok(publicPilotSchema) },
  { method: "get", path: "/api/admin/applications/{id}/assessment", tag: SELECTION, summary: "The assessment kit's progress, the reviews, whether a pass or not-eligible decision may be made, and her reminders", access: "staff", answer: ok(assessmentViewSchema), errors: [400, 404] },
  { method: "post", path: "/api/admin/applications/{id}/assessment", tag: SELECTION, summary: "Record a step of the assessment kit's progress (audited); 409 unless she is invited to the assessment", access: "selection", body: kitStepRequestSchema, answer: ok(assessmentViewSchema), errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/applications/{id}/review", tag: SELECTION, summary: "Review her assessment: the criteria, a recommendation and a reason (audited); a pass or not-eligible decision out of the assessment needs one (else 409 with code review_required)", access: "selection", body: reviewRequestSchema, answer: { status: 201, description: "Recorded", schema: reviewSchema }, errors: [400, 404, 409] },
  { method: "delete", path: "/api/admin/applications/{id}/reminders/{reminderId}", tag: SELECTION, summary: "Cancel a scheduled reminder (audited); 409 once it is sent or cancelled", access: "selection", answer: noContent("Cancelled"), errors: [400, 404, 409] },
  { method: "get", path: "/api/admin/pilot", tag: SELECTION, summary: "The pilot's live settings (capacity, enrollment window, assessment instructions) with the places taken and the status", access: "staff", answer: ok(pilotSettingsSchema) },
  { method: "put", path: "/api/admin/pilot", tag: SELECTION, summary: "Change the pilot's live settings (audited); the public pages change at once; 409 for a capacity below the places already taken", access: "super_admin", body: pilotSettingsRequestSchema, answer: ok(pilotSettingsSchema), errors: [400, 409] },
  // The consult she books herself (ADR 0100).
  { method: "get", path: "/api/admin/consult-availability", tag: SELECTION, summary: "The clinic's consult hours: weekly hours, exceptions, slot length, buffer, time zone, minimum notice, days ahead", access: "staff", answer: ok(consultAvailabilitySchema) },
  { method: "put", path: "/api/admin/consult-availability", tag: SELECTION, summary: "Change the consult hours (the fields given; the others keep their values; audited with before and after)", access: "super_admin", body: consultAvailabilityRequestSchema, answer: ok(consultAvailabilitySchema), errors: [400] },
  { method: "get", path: "/api/applicant/{token}/slots", tag: SELECTION, summary: "The free consult slots she may book, through the private link of her emails; 409 when booking is not open to her", access: "public", query: [consultSlotsQuerySchema], answer: ok(consultSlotListSchema), errors: [400, 404, 409] },
  { method: "post", path: "/api/applicant/{token}/consult", tag: SELECTION, summary: "She books a consult slot (emailed with a calendar invite; audited); 409 when the slot was just taken, is no longer offered, or she has one", access: "public", body: consultBookingRequestSchema, answer: { status: 201, description: "Booked", schema: consultBookingSchema }, errors: [400, 404, 409] },
  { method: "put", path: "/api/applicant/{token}/consult", tag: SELECTION, summary: "She moves her consult to another free slot (the invite is updated: same UID, higher SEQUENCE)", access: "public", body: consultBookingRequestSchema, answer: ok(consultBookingSchema), errors: [400, 404, 409] },
  { method: "delete", path: "/api/applicant/{token}/consult", tag: SELECTION, summary: "She cancels her consult (the invite is cancelled: METHOD:CANCEL)", access: "public", answer: noContent("Cancelled"), errors: [404, 409] },
  { method: "get", path: "/api/admin/consults", tag: SELECTION, summary: "The consults of one day in the clinic's zone, booked and cancelled", access: "staff", query: [consultDayQuerySchema], answer: ok(consultDaySchema), errors: [400] },
  { method: "get", path: "/api/admin/consults/slots", tag: SELECTION, summary: "The free slots of one day in the clinic's zone, to move a consult to", access: "staff", query: [consultDayQuerySchema], answer: ok(consultSlotListSchema), errors: [400] },
  { method: "put", path: "/api/admin/consults/{id}", tag: SELECTION, summary: "Move a booked consult to a free slot (audited; she gets the updated invite)", access: "selection", body: consultBookingRequestSchema, answer: ok(consultBookingSchema), errors: [400, 404, 409] },
  { method: "delete", path: "/api/admin/consults/{id}", tag: SELECTION, summary: "Cancel a booked consult (audited; she gets the cancel)", access: "selection", answer: noContent("Cancelled"), errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/applications/{id}/consult-invite", tag: SELECTION, summary: "Let her book a consult before she passed the assessment (audited; emails her the link to her page once)", access: "selection", answer: ok({ type: "object", properties: { invitedAt: { type: "string" }, sent: { type: "boolean" } } }), errors: [400, 404, 409] },
  { method: "get", path: "/api/admin/staff-directory", tag: SELECTION, summary: "The active staff an application may be assigned to: usernames and roles, nothing else", access: "selection", answer: ok(staffDirectorySchema) },
];

/** Every operation the server answers. */
export const OPERATIONS: Operation[] = [
  // Public submissions, and the specification's whole-list and delete calls beside them.
  { method: "post", path: "/api/applications", tag: APPLICATIONS, summary: "Submit the signup form", access: "public", body: applicationRequestSchema, headers: [idempotencyKeyHeader], answer: { status: 201, description: "Stored (or the replay of a stored submission)", schema: applicationCreatedSchema }, errors: [400, 410, 422, 429] },
  { method: "get", path: "/api/applications", tag: APPLICATIONS, summary: "Every application, newest first (streamed JSON array; audited view)", access: "staff", answer: ok({ type: "array", items: ref("Application") }) },
  { method: "delete", path: "/api/applications/{id}", tag: APPLICATIONS, summary: "Delete an application (admins; audited): the specification's alias of DELETE /api/admin/applications/{id}", access: "admin", answer: noContent("Deleted"), errors: [400, 404] },
  { method: "post", path: "/api/contact", tag: CONTACT, summary: "Submit the contact form", access: "public", body: contactRequestSchema, headers: [idempotencyKeyHeader], answer: { status: 201, description: "Stored (or the replay of a stored submission)", schema: contactCreatedSchema }, errors: [400, 410, 422, 429] },
  { method: "get", path: "/api/contact", tag: CONTACT, summary: "Every contact message, newest first (streamed JSON array; audited view)", access: "staff", answer: ok({ type: "array", items: ref("ContactMessage") }) },
  { method: "delete", path: "/api/contact/{id}", tag: CONTACT, summary: "Delete a contact message (admins; audited): the specification's alias of DELETE /api/admin/contact/{id}", access: "admin", answer: noContent("Deleted"), errors: [400, 404] },

  // Staff sign-in
  { method: "post", path: "/api/auth/login", tag: "Sign-in", summary: "Sign in (rate limited per address and per username)", access: "public", body: loginRequestSchema, answer: ok(loginResponseSchema, "Signed in"), errors: [400, 401, 429] },
  { method: "post", path: "/api/auth/password", tag: "Sign-in", summary: "Choose a new password at the first sign-in with a generated one (pending session)", access: "staff", body: initialPasswordRequestSchema, answer: ok(loginResponseSchema, "Next step"), errors: [400, 429] },
  { method: "post", path: "/api/auth/totp", tag: "Sign-in", summary: "Second step: a code of the authenticator app (pending session; 5 wrong codes end it)", access: "staff", body: codeRequestSchema, answer: ok(loginResponseSchema, "Signed in"), errors: [400, 429] },
  { method: "post", path: "/api/auth/recovery-code", tag: "Sign-in", summary: "Second step: a one-time recovery code (pending session; audited)", access: "staff", body: codeRequestSchema, answer: ok(loginResponseSchema, "Signed in"), errors: [400, 429] },
  { method: "post", path: "/api/auth/passkey/options", tag: "Sign-in", summary: "Second step: options of the passkey ceremony (pending session)", access: "staff", answer: ok(webAuthnOptionsSchema), errors: [429] },
  { method: "post", path: "/api/auth/passkey", tag: "Sign-in", summary: "Second step: the browser's passkey answer (pending session)", access: "staff", body: passkeySignInRequestSchema, answer: ok(loginResponseSchema, "Signed in"), errors: [400, 429] },
  { method: "get", path: "/api/auth/me", tag: "Sign-in", summary: "The signed-in staff member", access: "staff", answer: ok(sessionUserSchema) },
  { method: "post", path: "/api/auth/logout", tag: "Sign-in", summary: "End this session, signed in or pending (audited)", access: "staff", answer: noContent("Signed out") },
  { method: "get", path: "/api/factors", tag: "Second factors", summary: "The signed-in member's factors and unused recovery codes", access: "staff", answer: ok(factorStatusSchema) },
  { method: "post", path: "/api/factors/totp", tag: "Second factors", summary: "Start an authenticator app enrolment: a new secret (also during a sign-in that must enrol)", access: "staff", answer: ok(totpEnrolmentSchema) },
  { method: "post", path: "/api/factors/totp/confirm", tag: "Second factors", summary: "Confirm the enrolment with a first code; a first factor answers its recovery codes once (audited)", access: "staff", body: codeRequestSchema, answer: ok(enrolmentResultSchema), errors: [400] },
  { method: "post", path: "/api/factors/passkey/options", tag: "Second factors", summary: "Options of a passkey registration", access: "staff", answer: ok(webAuthnOptionsSchema) },
  { method: "post", path: "/api/factors/passkey", tag: "Second factors", summary: "Register the passkey the browser created; a first factor answers its recovery codes once (audited)", access: "staff", body: passkeyEnrolmentRequestSchema, answer: ok(enrolmentResultSchema), errors: [400] },
  { method: "post", path: "/api/factors/recovery-codes", tag: "Second factors", summary: "New recovery codes (the old ones stop working)", access: "staff", answer: ok(recoveryCodesSchema), errors: [400] },

  // Staff accounts
  { method: "get", path: "/api/users", tag: "Staff users", summary: "Every staff account", access: "super_admin", answer: ok(staffUserListSchema) },
  { method: "post", path: "/api/users", tag: "Staff users", summary: "Create a staff account (audited)", access: "super_admin", body: newUserRequestSchema, answer: { status: 201, description: "Created", schema: staffUserSchema }, errors: [400, 409] },
  { method: "put", path: "/api/users/{id}/email", tag: "Staff users", summary: "Set or clear a staff member's work address, where the alerts about the applications she owns go (audited)", access: "super_admin", body: staffEmailRequestSchema, answer: ok(staffUserSchema), errors: [400, 404] },
  { method: "put", path: "/api/users/{id}/password", tag: "Staff users", summary: "Set a staff member's password (ends their sessions; audited)", access: "super_admin", body: newPasswordRequestSchema, answer: noContent("Changed"), errors: [400, 404] },
  { method: "delete", path: "/api/users/{id}/factors", tag: "Staff users", summary: "Remove a member's second factors and recovery codes; she enrols again at her next sign-in (ends her sessions; audited)", access: "super_admin", answer: noContent("Reset"), errors: [400, 404] },
  { method: "delete", path: "/api/users/{id}", tag: "Staff users", summary: "Delete a staff account (never oneself or the last super admin; audited)", access: "super_admin", answer: noContent("Deleted"), errors: [400, 404] },

  // Audit
  ...listOperations("/api/admin/applications", APPLICATIONS, "Application", "ApplicationStats", applicationListQuerySchema, applicationFiltersSchema, applicationDetailSchema, "applications:read"),
  ...listOperations("/api/admin/contact", CONTACT, "ContactMessage", "ContactStats", contactListQuerySchema, contactFiltersSchema, contactDetailSchema, "contact:read"),
  ...PIPELINE_OPERATIONS,
  { method: "get", path: "/api/admin/audit", tag: "Audit log", summary: "One page of audit events, newest first", access: "super_admin", query: [auditListQuerySchema], answer: ok(list("AuditEvent")), errors: [400] },
  { method: "get", path: "/api/admin/audit/export", tag: "Audit log", summary: "The filtered audit events as CSV (audited)", access: "super_admin", query: [auditFiltersSchema, exportOptionsSchema], answer: csv("CSV file"), errors: [400] },

  // Email outbox
  { method: "get", path: "/api/outbox", tag: "Email outbox", summary: "The newest emails and the count in each state, never a body (audited view)", access: "super_admin", answer: ok(outboxSummarySchema) },
  { method: "post", path: "/api/outbox/{id}/resend", tag: "Email outbox", summary: "Queue a failed email again (audited)", access: "super_admin", answer: { status: 202, description: "Queued", schema: outboxResendSchema }, errors: [400, 409] },

  // Webhooks (ADR 0067)
  { method: "post", path: "/api/admin/webhooks", tag: WEBHOOKS, summary: "Add an endpoint (https; the secret is answered only here; audited)", access: "super_admin", body: webhookCreateRequestSchema, answer: { status: 201, description: "Created", schema: webhookSecretSchema }, errors: [400] },
  { method: "get", path: "/api/admin/webhooks", tag: WEBHOOKS, summary: "Every endpoint, without its secret", access: "super_admin", answer: ok(webhookEndpointListSchema) },
  { method: "put", path: "/api/admin/webhooks/{id}", tag: WEBHOOKS, summary: "Change an endpoint's address, events, description, enabled, or full-record switch; only the fields given (at least one), audited with the values they replace", access: "super_admin", body: webhookUpdateRequestSchema, answer: ok(webhookEndpointSchema), errors: [400, 404] },
  { method: "delete", path: "/api/admin/webhooks/{id}", tag: WEBHOOKS, summary: "Remove an endpoint with its deliveries (audited)", access: "super_admin", answer: noContent("Removed"), errors: [400, 404] },
  { method: "post", path: "/api/admin/webhooks/{id}/rotate", tag: WEBHOOKS, summary: "A new secret, answered only here; the previous one signs beside it for 24 hours (audited)", access: "super_admin", answer: ok(webhookSecretSchema), errors: [400, 404] },
  { method: "get", path: "/api/admin/webhooks/{id}/deliveries", tag: WEBHOOKS, summary: "The newest 100 deliveries with each attempt (status, duration, response code, first KiB of the answer)", access: "super_admin", answer: ok(webhookDeliveryListSchema), errors: [400, 404] },
  { method: "post", path: "/api/admin/webhooks/{id}/deliveries/{deliveryId}/replay", tag: WEBHOOKS, summary: "Send one delivery again, with the same webhook-id (audited)", access: "super_admin", answer: { status: 202, description: "Queued", schema: webhookReplayAnswerSchema }, errors: [400, 404, 409] },
  { method: "post", path: "/api/admin/webhooks/{id}/replay", tag: WEBHOOKS, summary: "Send again every failed delivery created since a time (audited)", access: "super_admin", body: webhookReplayRequestSchema, answer: ok(webhookReplayAnswerSchema), errors: [400, 404] },

  // API keys (ADR 0068)
  { method: "post", path: "/api/admin/api-keys", tag: "API keys", summary: "Create a key with scopes (the key is answered only here; audited)", access: "super_admin", body: apiKeyCreateRequestSchema, answer: { status: 201, description: "Created", schema: apiKeyCreatedSchema }, errors: [400] },
  { method: "get", path: "/api/admin/api-keys", tag: "API keys", summary: "The keys not revoked, with their scopes and last use (never the key)", access: "super_admin", answer: ok(apiKeyListSchema) },
  { method: "delete", path: "/api/admin/api-keys/{id}", tag: "API keys", summary: "Revoke a key: it stops working at once (audited)", access: "super_admin", answer: noContent("Revoked"), errors: [400, 404] },

  // System (operator view, backups)
  { method: "get", path: "/api/system", tag: "System", summary: "What /readyz says, the embedded database's backups with their checksums checked, and the server's memory", access: "super_admin", answer: ok(systemStatusSchema) },
  { method: "post", path: "/api/system/backups", tag: "System", summary: "Back up the embedded database now (encrypted; audited)", access: "super_admin", answer: { status: 201, description: "Written", schema: backupSchema }, errors: [409] },

  // Privacy rights
  { method: "post", path: "/api/privacy/find", tag: "Privacy", summary: "Everything held about an email address (audited with its keyed hash)", access: "admin", body: privacyFindRequestSchema, answer: ok(subjectResultSchema), errors: [400] },
  { method: "post", path: "/api/privacy/export", tag: "Privacy", summary: "The access export as a JSON file (completes open access requests)", access: "admin", body: privacyFindRequestSchema, answer: ok(privacyExportDocumentSchema, "The export document (a download)"), errors: [400] },
  { method: "post", path: "/api/privacy/applications/{id}/correction", tag: "Privacy", summary: "Correct an application's fields (validated with the signup form's rules)", access: "admin", body: correctionRequestSchema, answer: ok(correctionAnswerSchema), errors: [400, 404] },
  { method: "post", path: "/api/privacy/contact/{id}/correction", tag: "Privacy", summary: "Correct a contact message's fields (validated with the contact form's rules)", access: "admin", body: correctionRequestSchema, answer: ok(correctionAnswerSchema), errors: [400, 404] },
  { method: "post", path: "/api/privacy/erase", tag: "Privacy", summary: "Erase everything about an address (typed confirmation)", access: "admin", body: privacyEraseRequestSchema, answer: ok(erasureAnswerSchema), errors: [400] },
  { method: "get", path: "/api/privacy/requests", tag: "Privacy", summary: "Tracked privacy requests (open ones by due date; audited view)", access: "admin", query: [privacyRequestListQuerySchema], answer: ok(privacyRequestRecordListSchema), errors: [400] },
  { method: "post", path: "/api/privacy/requests", tag: "Privacy", summary: "Record a privacy request (due date from its kind)", access: "admin", body: privacyRequestCreateRequestSchema, answer: { status: 201, description: "Recorded", schema: privacyRequestRecordSchema }, errors: [400] },
  { method: "put", path: "/api/privacy/requests/{id}", tag: "Privacy", summary: "Change a request's status or notes", access: "admin", body: privacyRequestUpdateRequestSchema, answer: ok(privacyRequestRecordSchema), errors: [400, 404] },

  // This document
  { method: "get", path: "/api/openapi.json", tag: "Meta", summary: "This OpenAPI document", access: "public", answer: ok({ type: "object" }) },
  { method: "get", path: "/api/docs", tag: "Meta", summary: "This document as a readable page (an HTML page with its own scripts, ADR 0070)", access: "public", answer: { status: 200, description: "The reference page", schema: { type: "string" }, contentType: "text/html" } },

  // Outside /api
  { method: "get", path: "/healthz", tag: "Operations", summary: "The process answers", access: "public", answer: ok(healthSchema) },
  { method: "get", path: "/readyz", tag: "Operations", summary: "The process and its database answer (503 while the database does not)", access: "public", answer: ok(readinessSchema, "Ready") },
  { method: "post", path: "/csp-report", tag: "Operations", summary: "Content-Security-Policy violation reports from browsers (size and rate limited)", access: "public", body: cspReportSchema, answer: noContent("Received"), errors: [413, 429] },
];

function responses(op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { answer } = op;
  out[String(answer.status)] = answer.schema
    ? { description: answer.description, content: { [answer.contentType ?? "application/json"]: { schema: jsonSchema(answer.schema, "output") } } }
    : { description: answer.description };
  const codes = new Set(op.errors ?? []);
  if (op.access !== "public") codes.add(401);
  if (op.access !== "public" && op.access !== "staff") codes.add(403);
  if (op.body && op.path.startsWith("/api/")) [400, 413, 415].forEach((c) => codes.add(c));
  if (op.path.startsWith("/api/") && op.path !== "/api/openapi.json" && op.path !== "/api/docs") codes.add(503);
  if (op.path === "/readyz") codes.add(503);
  for (const code of [...codes].toSorted()) {
    out[String(code)] =
      op.path.startsWith("/api/")
        ? { description: ERROR_TEXT[code] ?? String(code), content: { "application/json": { schema: ref("Error") } } }
        : { description: ERROR_TEXT[code] ?? String(code) };
  }
  return out;
}

const ACCESS_TEXT: Record<Exclude<Access, "public">, string> = {
  staff: "Any signed-in staff member.",
  selection: "Coordinators, admins and super admins.",
  admin: "Admins and super admins.",
  super_admin: "Super admins only.",
};

function operationObject(op: Operation): Record<string, unknown> {
  const params = [
    ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string", format: "uuid" } })),
    ...(op.query ?? []).flatMap(queryParameters),
    ...(op.headers ?? []),
  ];
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.access === "public"
      ? { security: [] }
      : { description: op.scope ? `${ACCESS_TEXT[op.access]} Also an API key with the scope ${op.scope} (audited as the key).` : ACCESS_TEXT[op.access] }),
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { [op.path === "/csp-report" ? "application/reports+json" : "application/json"]: { schema: jsonSchema(op.body, "input") } },
          },
        }
      : {}),
    responses: responses(op),
  };
}

/**
 * The events a webhook endpoint receives (OpenAPI `webhooks`): a POST signed per Standard Webhooks
 * (webhook-id, webhook-timestamp, webhook-signature), answered 2xx when received.
 */
function webhookDocuments(): Record<string, unknown> {
  const headers = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({ name, in: "header", required: true, schema: { type: "string" } }));
  return Object.fromEntries(
    Object.entries(webhookPayloadSchemas).map(([type, schema]) => [
      type,
      {
        post: {
          tags: [WEBHOOKS],
          summary: schema.description ?? type,
          description: "Signed per Standard Webhooks with the endpoint's secret; any 2xx answer counts as delivered, a 410 disables the endpoint.",
          // Sent by this app to the endpoint: the signature headers authenticate it, not a bearer credential.
          security: [],
          parameters: headers,
          requestBody: { required: true, content: { "application/json": { schema: jsonSchema(schema, "output") } } },
          responses: { "200": { description: "Received" } },
        },
      },
    ]),
  );
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "Ovella API",
      version: "1.0.0",
      description:
        "Public form submissions, staff sign-in, the staff admin's lists, records, exports, accounts, email outbox and privacy rights. " +
        "Every answer under /api is JSON (exports: CSV) and never cached; errors carry {message, errors?}.\n\n" +
        `Stages of an application and the moves allowed between them (a move not listed answers 409):\n${stageTableText()}`,
    },
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A staff session token, or on the calls that say so an API key (ovk_…) with the call's scope. A key that is not valid is 401; a valid key on a call its scopes do not allow (every call that does not say so included) is 403 with WWW-Authenticate: Bearer error=\"insufficient_scope\". A key is answered only what its scopes allow.",
        },
      },
      schemas: {
        Error: jsonSchema(errorBodySchema, "output"),
        Application: jsonSchema(applicationListRowSchema, "output"),
        ContactMessage: jsonSchema(contactRowSchema, "output"),
        AuditEvent: jsonSchema(auditEventSchema, "output"),
        Count: jsonSchema(countItemSchema, "output"),
        ApplicationStats: jsonSchema(applicationStatsSchema, "output"),
        ContactStats: jsonSchema(contactStatsSchema, "output"),
      },
    },
    security: [{ bearer: [] }],
    paths,
    webhooks: webhookDocuments(),
  };
}
