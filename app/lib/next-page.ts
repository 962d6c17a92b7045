/**
 * Values one page of this tab hands to the next document (a form island's success is a document load
 * to Thank-you): kept in sessionStorage, stamped with the time, read once and removed by the next
 * page, and dropped there when stale, stamped in the future or unreadable. ADR 0028.
 */

/** The record as stored: the value's fields and the time it was handed over. */
export function stampRecord(value: Record<string, unknown>, now: number): string {
  return JSON.stringify({ ...value, at: now });
}

/** The fields of a record stamped at most `maxAgeMs` before `now`, or null. */
export function readStampedRecord(text: string | null, now: number, maxAgeMs: number): Record<string, unknown> | null {
  if (!text) return null;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) return null;
  const { at, ...fields } = record as Record<string, unknown>;
  if (typeof at !== "number" || now < at || now - at > maxAgeMs) return null;
  return fields;
}

/** Stores `value` for the next page under `key`; false when storage is blocked or full. */
export function handToNextPage(key: string, value: Record<string, unknown>): boolean {
  try {
    sessionStorage.setItem(key, stampRecord(value, Date.now()));
    return true;
  } catch {
    return false;
  }
}

/** What the previous page handed over under `key`, removed as it is read (null if none or not ours). */
export function takeFromPreviousPage(key: string, maxAgeMs: number): Record<string, unknown> | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(key);
    if (text !== null) sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  return readStampedRecord(text, Date.now(), maxAgeMs);
}
