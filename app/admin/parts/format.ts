/**
 * The admin's date formats, "Jan 05, 2026" and "Jan 05, 2026 at 3:04 PM" in the browser's zone: one home
 * for time and its formats, core/time.ts (ADR 0083), shared with the CSV exports and the command-line tools.
 */
export { formatDate, formatDateTime } from "#core/time";
