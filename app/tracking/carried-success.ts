/**
 * A successful application's conversions carried from the page that sent the form to the next
 * document (a form island's success is a document load to Thank-you; sent before it, they would race
 * the page change). What is kept, in sessionStorage for this tab only: the event id and the guarded
 * enhanced-matching fields, stamped with the time; the next page reads it once and drops it.
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

export function encodeCarriedSuccess(success: CarriedSuccess, now: number): string {
  return JSON.stringify({ eventId: success.eventId, matching: guardMatching(success.matching), at: now });
}

/** The carried success in `text`, or null when there is none, it is stale, or it is not ours. */
export function decodeCarriedSuccess(text: string | null, now: number): CarriedSuccess | null {
  if (!text) return null;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof record !== "object" || record === null) return null;
  const { eventId, matching, at } = record as Record<string, unknown>;
  if (typeof at !== "number" || now < at || now - at > CARRIED_SUCCESS_MAX_AGE_MS) return null;
  if (typeof eventId !== "string" || !EVENT_ID.test(eventId)) return null;
  return { eventId, matching: guardMatching(matching) };
}
