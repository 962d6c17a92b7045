/** File names of the CSV exports (the server streams the files themselves: server/services/lists/csv-export.ts). */
import { format } from "date-fns";

export function csvFileName(prefix: string, kind: "applications" | "contact-messages", now: Date = new Date()): string {
  return `${prefix}-${kind}-${format(now, "yyyy-MM-dd")}.csv`;
}
