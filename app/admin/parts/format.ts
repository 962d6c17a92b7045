import { format } from "date-fns";

export const DATE_FORMAT = "MMM dd, yyyy";
export const DATE_TIME_FORMAT = "MMM dd, yyyy 'at' h:mm a";

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jan 05, 2026" */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? format(date, DATE_FORMAT) : "";
}

/** "Jan 05, 2026 at 3:04 PM" */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? format(date, DATE_TIME_FORMAT) : "";
}
