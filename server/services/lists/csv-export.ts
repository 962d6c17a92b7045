/**
 * CSV exports streamed by the server: rows come from the database batch by batch (a cursor, or keyset
 * batches on the embedded engine) and each batch goes through Papa Parse's CSV writer, so memory stays
 * flat at any size. The files are the admin's: same columns and order,
 * UTF-8 with a byte order mark, CRLF line ends, Yes/No, dates as "MMM dd, yyyy at h:mm a" in the
 * staff member's time zone, and spreadsheet-formula neutralisation (a cell starting with =, +, -, @,
 * tab or carriage return gets a leading apostrophe and is quoted; a cell holding a comma, a semicolon or a
 * tab is quoted whole, so a spreadsheet whose list separator is `;` never splits `x;=1+1;` into a formula).
 */
import { Readable } from "node:stream";
import Papa from "papaparse";
import { displayValue } from "#core/fields";
import type { ListDecl } from "#core/lists/declarations";
import { dateTimeFormatter } from "#core/time";

type Cell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T, format: DateFormatter) => Cell;
}

export type DateFormatter = (iso: string) => string;

/** A list's CSV columns (core/lists/declarations.ts): its header, and the row's value as staff read it. */
export function csvColumnsOf<T extends object>(list: Pick<ListDecl, "csv">): CsvColumn<T>[] {
  return list.csv.map((column) => {
    const read = (row: T) => (row as Record<string, unknown>)[column.field];
    if (column.type === "instant") return { header: column.header, value: (row, format) => format(String(read(row) ?? "")) };
    return { header: column.header, value: (row) => displayValue(column, read(row)) };
  });
}

const FORMULA_START = /^[=+\-@\t\r]/;

function neutralise(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface CsvStreamResult {
  stream: Readable;
  /** Resolves with the number of data rows written once the last row has been handed on. */
  rowCount: Promise<number>;
}

/**
 * Quoted: neutralised formulas, cells with edge whitespace, and every cell holding a separator some
 * spreadsheet may use (comma, semicolon, tab): one pattern, one test per cell.
 */
const QUOTED = /^'[=+\-@\t\r]|^\s|\s$|[,;\t]/;
const CRLF = "\r\n";
/** Papa Parse's writer: CRLF between records, the quoting it needs (delimiters, quotes, line breaks) plus QUOTED cells. */
const CSV_OPTIONS: Papa.UnparseConfig = { newline: CRLF, header: false, quotes: (value: unknown) => typeof value === "string" && QUOTED.test(value) };
const csvText = (records: string[][]) => Papa.unparse(records, CSV_OPTIONS) + CRLF;
const BOM = "\uFEFF";

/**
 * A CSV byte stream of every batch, header first. Each batch becomes one piece of text (Papa Parse's
 * writer over the batch's records) and one write to the response, so a million rows cost
 * two thousand stream writes, not a million. The next batch is read only when the consumer asks for
 * more (backpressure); when the stream is destroyed (a cancelled download), the batches are left
 * early, which closes their database cursor.
 */
export function csvStream<T>(
  batches: AsyncIterable<T[]>,
  columns: readonly CsvColumn<T>[],
  timeZone: string,
): CsvStreamResult {
  const format = dateTimeFormatter(timeZone);
  const { promise: rowCount, resolve: done, reject: failed } = Promise.withResolvers<number>();
  rowCount.catch(() => undefined);
  const width = columns.length;
  const values = columns.map((c) => c.value);
  async function* text(): AsyncGenerator<string> {
    let count = 0;
    let finished = false;
    try {
      yield BOM + csvText([columns.map((c) => c.header)]);
      for await (const batch of batches) {
        if (!batch.length) continue;
        const records = batch.map((row) => {
          const record: string[] = [];
          for (let i = 0; i < width; i++) record.push(neutralise((values[i] as CsvColumn<T>["value"])(row, format)));
          return record;
        });
        yield csvText(records);
        count += batch.length;
      }
      finished = true;
      done(count);
    } catch (error) {
      finished = true;
      failed(error);
      throw error;
    } finally {
      // Left before the last batch: the consumer went away (the generator was returned early).
      if (!finished) failed(new StreamClosed());
    }
  }
  return { stream: Readable.from(text(), { objectMode: false }), rowCount };
}

/** The consumer went away before the last row (a cancelled download): stop reading the batches. */
class StreamClosed extends Error {
  constructor() {
    super("The CSV stream was closed before its last row");
    this.name = "StreamClosed";
  }
}
