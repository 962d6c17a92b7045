/**
 * CSV exports built in the browser (spec §7): RFC 4180 quoting by papaparse, UTF-8 with a byte order
 * mark so spreadsheets read accented names correctly, and spreadsheet-formula neutralisation: a cell
 * starting with =, +, -, @, tab or carriage return gets a leading apostrophe.
 * Rows are written in chunks with a yield to the event loop between them, so 100,000 rows never
 * freeze the page.
 */
import { format } from "date-fns";
import Papa from "papaparse";

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

export const BOM = "\uFEFF";
/** Any cell whose text starts with one of these is read as a formula by spreadsheets. */
export const FORMULA_START = /^[=+\-@\t\r]/;
const NEWLINE = "\r\n";

export interface CsvBuildOptions {
  chunkSize?: number;
  signal?: AbortSignal;
}

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function buildCsv<T>(
  rows: readonly T[],
  columns: readonly CsvColumn<T>[],
  { chunkSize = 2000, signal }: CsvBuildOptions = {},
): Promise<string[]> {
  const config = { escapeFormulae: FORMULA_START, newline: NEWLINE, header: false } as const;
  const parts: string[] = [BOM, Papa.unparse([columns.map((c) => c.header)], config)];
  for (let start = 0; start < rows.length; start += chunkSize) {
    if (signal?.aborted) throw signal.reason;
    const chunk = rows.slice(start, start + chunkSize).map((row) => columns.map((c) => c.value(row) ?? ""));
    parts.push(NEWLINE, Papa.unparse(chunk, config));
    if (start + chunkSize < rows.length) await yieldToBrowser();
  }
  parts.push(NEWLINE);
  return parts;
}

export function csvFileName(prefix: string, kind: "applications" | "contact-messages", now: Date = new Date()): string {
  return `${prefix}-${kind}-${format(now, "yyyy-MM-dd")}.csv`;
}

export function downloadCsv(parts: readonly string[], fileName: string): void {
  const blob = new Blob(parts as string[], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
