/**
 * CSV exports streamed by the server: rows come from the database batch by batch (a cursor, or keyset
 * batches on the embedded engine) and each batch becomes one piece of CSV text, so memory stays
 * flat at any size. The files are the admin's: same columns and order,
 * UTF-8 with a byte order mark, CRLF line ends, Yes/No, dates as "MMM dd, yyyy at h:mm a" in the
 * staff member's time zone, and spreadsheet-formula neutralisation (a cell starting with =, +, -, @,
 * tab or carriage return gets a leading apostrophe and is quoted; a cell holding a comma, a semicolon or a
 * tab is quoted whole, so a spreadsheet whose list separator is `;` never splits `x;=1+1;` into a formula).
 *
 * The text is written here, cell by cell, rather than by a CSV library (ADR 0109): a million-row export spent a
 * third of its time in Papa Parse's writer, which escapes every cell and tests it several times; this writer tests
 * each cell once. Its output is Papa Parse's, byte for byte, with the quoting above (csv-export.test.ts compares
 * the two over generated cells).
 */
import { Readable } from "node:stream";
import { displayValue } from "#core/fields";
import type { ListDecl } from "#core/lists/declarations";
import { dateTimeFormatter } from "#core/time";

type Cell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T, format: DateFormatter) => Cell;
}

/** An instant (ISO 8601 text, or milliseconds since 1970) as staff read it; "" for none. */
export type DateFormatter = (instant: string | number) => string;

/** A list's CSV columns (core/lists/declarations.ts): its header, and the row's value as staff read it. */
export function csvColumnsOf<T extends object>(list: Pick<ListDecl, "csv">): CsvColumn<T>[] {
  return list.csv.map((column) => {
    const { field, header } = column;
    if (column.type === "instant") {
      return {
        header,
        value: (row, format) => {
          const instant = (row as Record<string, unknown>)[field];
          return typeof instant === "number" ? format(instant) : format(String(instant ?? ""));
        },
      };
    }
    // A value with no display of its own is written as it is (cellOf makes text of it, as displayValue would).
    if (column.display === undefined) return { header, value: (row) => (row as Record<string, Cell>)[field] };
    return { header, value: (row) => displayValue(column, (row as Record<string, unknown>)[field]) };
  });
}

const FORMULA_START = /^[=+\-@\t\r]/;

function neutralise(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell that needs no work at all matches neither FORMULA_START nor QUOTED: one test for the common cell. */
const NEEDS_WORK = /^[=+\-@\s]|^'[=+\-@]|[",;\t\r\n\uFEFF]|\s$/;

/** One value as the file holds it: neutralised (FORMULA_START), then quoted (QUOTED); `csvCell(neutralise(value))`. */
function cellOf(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : String(value);
  return NEEDS_WORK.test(text) ? csvCell(neutralise(text)) : text;
}

export interface CsvStreamResult {
  stream: Readable;
  /** Resolves with the number of data rows written once the last row has been handed on. */
  rowCount: Promise<number>;
}

/**
 * A cell that is quoted: one holding a quote, a line break or a byte order mark (RFC 4180's rule, as Papa Parse
 * applies it), a separator some spreadsheet may use (comma, semicolon, tab), edge whitespace, or a neutralised
 * formula. One pattern, one test per cell.
 */
const QUOTED = /[",;\t\r\n\uFEFF]|^\s|\s$|^'[=+\-@]/;
const CRLF = "\r\n";

/** One cell as the file holds it: quoted when QUOTED says so, its quotes doubled. */
function csvCell(text: string): string {
  if (!QUOTED.test(text)) return text;
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

/** Records as CSV text: cells joined by commas, each record ended by CRLF. */
export function csvText(records: readonly (readonly string[])[]): string {
  let text = "";
  for (const record of records) {
    for (let i = 0; i < record.length; i++) text += i === 0 ? csvCell(record[i] as string) : `,${csvCell(record[i] as string)}`;
    text += CRLF;
  }
  return text;
}
const BOM = "\uFEFF";

/**
 * A CSV byte stream of every batch, header first. Each batch becomes one piece of text and one write
 * to the response, so a million rows cost a thousand stream writes (batches of 1,000 from a cursor, 5,000
 * from keyset pages), not a million. The next batch is read only when the consumer asks for
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
        let chunk = "";
        for (const row of batch) {
          for (let i = 0; i < width; i++) {
            const cell = cellOf((values[i] as CsvColumn<T>["value"])(row, format));
            chunk += i === 0 ? cell : `,${cell}`;
          }
          chunk += CRLF;
        }
        yield chunk;
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
