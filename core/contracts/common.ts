/**
 * What every call of the HTTP API shares: the error body, instants and ids as they travel. The request
 * and response schemas of each call live beside this file, one file per resource; the server validates
 * with them, the browser takes its types from them, and /api/openapi.json is generated from them.
 */
import { z } from "zod";
import type { ErrorBody } from "./error-body";


/** An instant as the API sends it: ISO 8601 in UTC with milliseconds (`Date#toISOString`). */
export const instant = z.string().describe("ISO 8601 instant (UTC, milliseconds).");
export const nullableInstant = instant.nullable();

/**
 * The instants the database stores (ADR 0097): years 1 to 9999 in UTC. Year 0000 is a valid ISO 8601 year but
 * no timestamp of PostgreSQL, and an offset can carry 9999-12-31 into year 10000: both are a 400, never a 500.
 */
export const DATE_RANGE_MESSAGE = "Choose a date between 0001-01-01 and 9999-12-31 (UTC)";
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00.000Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/** Whether an ISO 8601 date or date-time (already checked as such) falls within the database's range. */
export function isStorableInstant(value: string): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= FIRST_INSTANT && time <= LAST_INSTANT;
}

/** A record id (path parameter or field). */
export const recordId = z.uuid();

/**
 * A record id as a path parameter: any 8-4-4-4-12 hex text (ids the database could hold), parsed before
 * anything reaches the database; every other text is a 400.
 */
export const pathRecordId = z.guid();

/** Field name → messages, as the forms show them. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** The body of every error answer (4xx and 5xx); the browser reads it with ./error-body.ts. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema.optional().describe("Per-field messages of a validation failure."),
  code: z.string().optional().describe("A stable code for a refusal told apart from others of its status (review_required)."),
});
// The schema and the browser's type describe the same body.
const _sameBody: [z.output<typeof errorBodySchema>, ErrorBody] extends [ErrorBody, z.output<typeof errorBodySchema>] ? true : never = true;
void _sameBody;

/** The Idempotency-Key header of the public submissions (ADR 0016). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
