/** File names of the CSV exports (the server streams the files themselves: server/services/lists/csv-export.ts). */
import { listExportFileName } from "#core/lists/declarations";
import { calendarDay } from "#core/time";

/** The name the browser saves an export under when the server's answer does not give one: the server's rule, today here. */
export function csvFileName(prefix: string, fileKind: string, now: Date = new Date()): string {
  return listExportFileName(prefix, fileKind, calendarDay(now));
}
