/**
 * Keyset (cursor) paging over one table: `WHERE (key, id) < (:key, :id) ORDER BY key DESC, id DESC
 * LIMIT n` with a matching (key, id) index, so page 1,000 costs what page 1 costs. The cursor is
 * opaque to clients (base64url JSON) and names the sort it belongs to; the key travels as the
 * database's own text of the value (timestamps keep their microseconds).
 */
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import PgCursor from "pg-cursor";
import type { Database } from "../../db/client";
import { PAGE_TOTAL_LIMIT } from "#core/lists/paging";
import { isStorableText } from "#core/storable";
import { ServiceError } from "../errors";

export type KeyType = "text" | "integer" | "boolean" | "timestamptz";

export interface SortKey {
  /** SQL expression of the sort key over the table alias `a`. */
  expr: SQL;
  type: KeyType;
}

export interface Cursor {
  sort: string;
  dir: "asc" | "desc";
  key: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.dir, cursor.key, cursor.id]), "utf8").toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The largest and smallest values of a PostgreSQL `integer`. */
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };

/**
 * A timestamp as PostgreSQL writes `timestamptz::text` (`2026-11-25 17:04:05.123456+00`, the offset
 * with optional minutes): the only key text a timestamp sort ever puts in a cursor.
 */
const PG_TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

function isTimestampText(key: string): boolean {
  const match = PG_TIMESTAMPTZ.exec(key);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 9, 10].map((i) => Number(match[i] ?? 0));
  if (year === undefined || month === undefined || day === undefined) return false;
  // Date.UTC rolls an impossible day over (February 30th is March 2nd): the day must survive the trip.
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 99) < 24 &&
    (minute ?? 99) < 60 &&
    (second ?? 99) < 60 &&
    (offsetHours ?? 99) <= 15 &&
    (offsetMinutes ?? 99) < 60
  );
}

/** Whether a cursor's key is text the database casts to the sort key's type without an error. */
export function isCursorKey(type: KeyType, key: string): boolean {
  switch (type) {
    case "text":
      return isStorableText(key) && key.length <= 2000;
    case "integer": {
      if (!/^-?\d{1,10}$/.test(key)) return false;
      const value = Number(key);
      return value >= INT4.min && value <= INT4.max;
    }
    case "boolean":
      return key === "true" || key === "false";
    case "timestamptz":
      return isTimestampText(key);
  }
}

/**
 * The cursor for this sort, or a 400 when it is malformed, belongs to another sort, or carries a key
 * that would not cast to the sort key's type (a forged cursor never reaches the database as a cast error).
 */
export function decodeCursor(value: string, sort: string, dir: "asc" | "desc", type: KeyType): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw new ServiceError("invalid", "Invalid cursor");
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== sort ||
    parsed[1] !== dir ||
    typeof parsed[2] !== "string" ||
    typeof parsed[3] !== "string" ||
    !UUID.test(parsed[3]) ||
    !isCursorKey(type, parsed[2])
  ) {
    throw new ServiceError("invalid", "Invalid cursor");
  }
  return { sort, dir, key: parsed[2], id: parsed[3] };
}

const CASTS: Record<KeyType, SQL> = {
  text: sql.raw("text"),
  integer: sql.raw("integer"),
  boolean: sql.raw("boolean"),
  timestamptz: sql.raw("timestamptz"),
};

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface KeysetQuery {
  db: Database;
  /** `table a` */
  from: SQL;
  /** Select list over alias `a`. */
  columns: SQL;
  where: SQL[];
  sortName: string;
  sort: SortKey;
  dir: "asc" | "desc";
  limit: number;
  cursor?: string | null;
  /** A decoded cursor (exports walk batches without encoding). */
  after?: Cursor | null;
}

export interface KeysetResult<T> {
  rows: T[];
  next: Cursor | null;
}

/** The select of one page: `limit + 1` rows after the cursor in the sort, each with its cursor key as "__key". */
function pageSelect(query: KeysetQuery, after: Cursor | null, extraColumns: SQL = sql``): SQL {
  const { sort, dir } = query;
  const conditions = [...query.where];
  const op = dir === "desc" ? sql.raw("<") : sql.raw(">");
  if (after) {
    conditions.push(sql`(${sort.expr}, a."id") ${op} (cast(${after.key} as ${CASTS[sort.type]}), cast(${after.id} as uuid))`);
  }
  const order = sql.raw(dir === "desc" ? "desc" : "asc");
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select ${query.columns}, (${sort.expr})::text as "__key"${extraColumns} from ${query.from} ${where} order by ${sort.expr} ${order}, a."id" ${order} limit ${query.limit + 1}`;
}

/** Splits the `limit + 1` rows of a page into the page and the cursor of the next one, dropping the helper columns. */
function toPage<T extends { id: string }>(rows: (T & { __key: string })[], query: KeysetQuery, helpers: readonly string[]): KeysetResult<T> {
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const next = more && last ? { sort: query.sortName, dir: query.dir, key: last.__key, id: last.id } : null;
  for (const row of page) for (const helper of helpers) delete (row as Record<string, unknown>)[helper];
  return { rows: page, next };
}

/** Where a page starts: the decoded cursor (exports), the client's cursor, or the first row. */
function startOf(query: KeysetQuery): Cursor | null {
  return query.after ?? (query.cursor ? decodeCursor(query.cursor, query.sortName, query.dir, query.sort.type) : null);
}

/** One page: `limit` rows after the cursor, and the cursor of the page after it (null on the last page). */
export async function keysetPage<T extends { id: string }>(query: KeysetQuery): Promise<KeysetResult<T>> {
  const result = await query.db.execute(pageSelect(query, startOf(query)));
  return toPage(rowsOf<T & { __key: string }>(result), query, ["__key"]);
}

/**
 * The same page as `keysetPage`, sent by the database as one JSON text (`json_agg` of the rows, in the
 * sort) and parsed in one `JSON.parse`. For the embedded engine's batches of thousands of rows this is
 * about twice as fast as its row-by-row result decoding. Values arrive as the driver would give them for
 * the list columns (text, numbers, booleans, jsonb objects; timestamps are selected as ISO text).
 */
async function keysetPageAsJson<T extends { id: string }>(query: KeysetQuery): Promise<KeysetResult<T>> {
  const order = sql.raw(query.dir === "desc" ? "desc" : "asc");
  const inner = pageSelect(query, startOf(query), sql`, ${query.sort.expr} as "__sort"`);
  const [row] = rowsOf<{ rows: string }>(
    await query.db.execute(
      sql`select coalesce(json_agg(t order by t."__sort" ${order}, t."id" ${order}), '[]')::text as "rows" from (${inner}) as t`,
    ),
  );
  return toPage(JSON.parse(row?.rows ?? "[]") as (T & { __key: string })[], query, ["__key", "__sort"]);
}

/** Exact count of the filtered rows. */
export async function countRows(db: Database, from: SQL, where: SQL[]): Promise<number> {
  const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from ${from} ${clause}`));
  return Number(row?.n ?? 0);
}

/**
 * The exact count of the filtered rows when there are at most `limit` of them, else null: counting
 * stops after `limit + 1` rows, so the first page never pays for a count over a million rows (the
 * stats call gives the exact figure of any size).
 */
export async function countUpTo(db: Database, from: SQL, where: SQL[], limit = PAGE_TOTAL_LIMIT): Promise<number | null> {
  const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${from} ${clause} limit ${limit + 1}) as "capped"`),
  );
  const n = Number(row?.n ?? 0);
  return n > limit ? null : n;
}

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A date-only bound means UTC midnight of that day. */
export function instantOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

/** Walks every row of a query in keyset batches (the embedded engine's exports and streamed lists). */
export async function* keysetBatches<T extends { id: string }>(
  query: Omit<KeysetQuery, "cursor" | "after" | "limit">,
  batchSize = 5000,
): AsyncGenerator<T[]> {
  let after: Cursor | null = null;
  for (;;) {
    const page: KeysetResult<T> = await keysetPageAsJson<T>({ ...query, limit: batchSize, after });
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}

const dialect = new PgDialect();

/**
 * Walks every row of one query through a server-side cursor on a connection of its own (pg-cursor): the
 * database sends `batchSize` rows at a time, as one array, and the next batch is asked for as soon as one is
 * handed on, so the database reads it while the consumer writes the last (one batch ahead, never more: memory
 * stays flat at any size, and the query is planned and run once). A consumer that stops early (a cancelled
 * download) closes the connection instead of handing a half-read cursor back to the pool.
 */
export async function* cursorBatches<T>(pool: Pool, query: SQL, batchSize = 1000): AsyncGenerator<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let finished = false;
  const cursor = client.query(new PgCursor<T>(text, params as unknown[]));
  let next: Promise<T[]> | null = null;
  try {
    next = cursor.read(batchSize);
    for (;;) {
      const batch: T[] = await next;
      next = null;
      if (batch.length === 0) break;
      if (batch.length === batchSize) next = cursor.read(batchSize);
      yield batch;
      if (!next) break;
    }
    finished = true;
  } finally {
    // A read still in flight settles with the connection's end; its outcome no longer matters.
    next?.catch(() => undefined);
    client.release(!finished);
  }
}

/**
 * Every row of a list query, in its sort, in batches: through a database cursor on PostgreSQL; on
 * the embedded engine (one connection, where a long transaction would hold every other request
 * back) in keyset batches, each a short query of its own.
 */
export function allRows<T extends { id: string }>(query: Omit<KeysetQuery, "cursor" | "after" | "limit">): AsyncGenerator<T[]> {
  const client = (query.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return keysetBatches<T>(query, 5000);
  const order = sql.raw(query.dir === "desc" ? "desc" : "asc");
  const where = query.where.length ? sql`where ${sql.join(query.where, sql` and `)}` : sql``;
  return cursorBatches<T>(client, sql`select ${query.columns} from ${query.from} ${where} order by ${query.sort.expr} ${order}, a."id" ${order}`);
}

/** Timestamps as milliseconds since 1970 (a float8, parsed as a number): cheaper to send and read than ISO text (the exports). */
export const epochMsColumn = (column: string, as = column) => `(extract(epoch from a."${column}") * 1000)::float8 as "${as}"`;

/** Timestamps as ISO 8601 UTC with milliseconds, like Date.toISOString(). */
export const isoColumn = (column: string, as = column) =>
  `to_char(a."${column}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "${as}"`;
