/**
 * The pilot's selection (core/pipeline): stage moves, the place count, notes, owners and the offer
 * answer. POST /api/admin/applications/{id}/stage, GET /api/admin/pipeline,
 * GET|POST /api/admin/applications/{id}/notes, DELETE …/notes/{noteId}, PUT …/owner.
 */
import { z } from "zod";
import { STAGES } from "../pipeline/stages";
import { storable } from "../storable";
import { instant, nullableInstant } from "./common";

export const stageSchema = z.enum(STAGES).describe("A stage of the pilot's selection.");

export const REASON_MAX = 1000;
export const NOTE_MAX = 5000;

const reason = storable(z.string()).trim().max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters`);

export const stageMoveRequestSchema = z.object({
  to: z.string({ error: "Choose a stage" }).pipe(z.enum(STAGES, { error: "Unknown stage" })),
  reason: reason.optional().describe("Why; required for a move back, and when the applicant is not eligible and the move takes her forward."),
});

/**
 * What an API key is answered for a stage move or its undo (ADR 0094): the outcome only. A key with
 * applications:write-stage is no reader: the record, its answers and history need applications:read.
 */
export const stageMoveOutcomeSchema = z.object({
  id: z.uuid(),
  stage: z.enum(STAGES).describe("The stage the application is in after the call."),
  at: instant.describe("When the application's latest stage change (this one) was recorded."),
});
export type StageMoveOutcome = z.output<typeof stageMoveOutcomeSchema>;

export const eligibilitySchema = z.object({
  eligible: z.boolean(),
  reasons: z.array(z.string()).describe("Why not, one line per failed rule (empty when eligible)."),
});

export const stageHistoryEntrySchema = z.object({
  id: z.uuid(),
  from: stageSchema,
  to: stageSchema,
  by: z.string().nullable().describe("Staff username; null for the applicant's answer or the system."),
  reason: z.string().nullable(),
  at: instant,
});
export type StageHistoryEntry = z.output<typeof stageHistoryEntrySchema>;

/** What a record page adds about the selection (GET /api/admin/applications/{id} and a stage move's answer). */
export const pipelineDetailShape = {
  stage: stageSchema,
  eligibility: eligibilitySchema,
  waitlistPosition: z.number().int().nullable().describe("1 for the first on the waitlist; null unless waitlisted."),
  owner: z.string().nullable().describe("Username of the staff member who owns the application."),
  offerExpiresAt: nullableInstant.describe("Deadline of the open offer; null unless offered."),
  allowedMoves: z.array(stageSchema).describe("The stages the table allows from the current one."),
  undoUntil: nullableInstant.describe("Until when the latest move (a staff move) can be undone (MOVE_UNDO_SECONDS); null when it cannot."),
  stageHistory: z.array(stageHistoryEntrySchema).describe("Every stage move, oldest first."),
};

export const pipelineSummarySchema = z.object({
  capacity: z.number().int(),
  taken: z.number().int().describe("Enrolled plus offered and not yet expired."),
  byStage: z.record(z.string(), z.number().int()).describe("Applications in each stage (every stage listed)."),
});
export type PipelineSummary = z.output<typeof pipelineSummarySchema>;

export const noteRequestSchema = z.object({
  text: storable(z.string({ error: "Write a note" })).trim().min(1, "Write a note").max(NOTE_MAX, `Keep a note under ${NOTE_MAX} characters`),
});

export const noteSchema = z.object({
  id: z.uuid(),
  author: z.string().nullable(),
  text: z.string(),
  createdAt: instant,
});
export type Note = z.output<typeof noteSchema>;
export const noteListSchema = z.array(noteSchema);

export const ownerRequestSchema = z.object({
  owner: z.string().trim().min(1).max(100).nullable().describe("A staff username, or null for nobody."),
});

export const BULK_MAX = 1000;
export const BULK_ACTIONS = ["invite", "waitlist", "assign_owner", "undo"] as const;

export const bulkActionRequestSchema = z.object({
  action: z
    .enum(BULK_ACTIONS)
    .describe("invite: to assessment_invited; waitlist: to waitlisted; assign_owner: set the owner; undo: take back each one's latest move (within MOVE_UNDO_SECONDS)."),
  ids: z.array(z.uuid()).min(1, "Select at least one application").max(BULK_MAX, `At most ${BULK_MAX} applications at once`),
  owner: z.string().trim().min(1).max(100).nullable().optional().describe("assign_owner: a staff username, or null for nobody."),
  reason: reason.optional().describe("Given to every move (needed for applicants who do not meet the criteria)."),
});
export type BulkActionRequest = z.output<typeof bulkActionRequestSchema>;

export const bulkActionResultSchema = z.object({
  done: z.number().int().describe("Applications changed."),
  refused: z
    .array(z.object({ id: z.uuid(), name: z.string().nullable().describe("Her name; null if the application is gone."), message: z.string() }))
    .describe("Applications left as they were, with her name and why."),
  undoUntil: z.iso
    .datetime()
    .nullable()
    .describe(
      "An invite or waitlist action: until when Undo takes the whole action back (the first move's undo window, MOVE_UNDO_SECONDS; its emails wait until then). Null when nothing moved, for an owner change or an undo, and when moves cannot be undone.",
    ),
});
export type BulkActionResult = z.output<typeof bulkActionResultSchema>;

export const waitlistMoveRequestSchema = z.object({
  direction: z.enum(["up", "down"], { error: "Choose up or down" }).describe("One place up (towards the next offer) or down."),
});

/** POST /api/admin/applications/{id}/offer/extend: the new deadline, later than the current one. */
export const offerExtendRequestSchema = z.object({
  until: z
    .string({ error: "Choose the new deadline" })
    .pipe(z.iso.datetime({ offset: true, error: "Give the deadline as an ISO 8601 date and time with its zone" }))
    .transform((value) => new Date(value))
    .describe("The new deadline, ISO 8601 with its zone offset; later than the current one, within 60 days from now."),
});

/** The offer's deadline after a resend (unchanged) or an extension. */
export const offerDeadlineSchema = z.object({
  offerExpiresAt: instant.describe("The open offer's deadline."),
});

