import { format, parseISO } from "date-fns";

/** Formats an ISO calendar date from the brand configuration (e.g. "2025-08-15") as "August 15, 2025". */
export function formatLegalDate(isoDate: string): string {
  return format(parseISO(isoDate), "MMMM d, yyyy");
}
