/**
 * A successful application's conversions carried from the page that sent the form to the next
 * document (a form island's success is a document load to Thank-you; sent before it, they would race
 * the page change). What is kept, in sessionStorage for this tab only (~/lib/next-page): the event id
 * and the guarded enhanced-matching fields; the next page reads it once and drops it.
 * docs/decisions/0028-conversions-across-a-document-load.md
 */
import { guardMatching, type MatchingData } from "./events";

/** sessionStorage key. */
export const CARRIED_SUCCESS_KEY = "ovella.carried-success";
/** A carried success older than this is dropped, not reported. */
export const CARRIED_SUCCESS_MAX_AGE_MS = 2 * 60_000;

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CarriedSuccess {
  eventId: string;
  matching: MatchingData;
}

/** The record to hand over: only the event id and the guarded matching fields. */
export function carriedSuccessRecord(success: CarriedSuccess): Record<string, unknown> {
  return { eventId: success.eventId, matching: guardMatching(success.matching) };
}

/** The carried success in a record's fields, or null when it is not ours. */
export function carriedSuccessOf(fields: Record<string, unknown> | null): CarriedSuccess | null {
  if (!fields) return null;
  const { eventId, matching } = fields;
  if (typeof eventId !== "string" || !EVENT_ID.test(eventId)) return null;
  return { eventId, matching: guardMatching(matching) };
}
