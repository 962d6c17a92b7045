/**
 * The admin's date formats, "Jan 05, 2026" and "Jan 05, 2026 at 3:04 PM" in the browser's zone: one home
 * for time and its formats, core/time.ts (ADR 0083), shared with the CSV exports and the command-line tools.
 */
export { formatDate, formatDateTime } from "#core/time";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-01-22T09:30" in the staff member's zone, for a datetime-local field. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
