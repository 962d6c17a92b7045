/**
 * Keyset (cursor) paging over one table: `WHERE (key, id) < (:key, :id) ORDER BY key DESC, id DESC
 * LIMIT n` with a matching (key, id) index, so page 1,000 costs what page 1 costs. The cursor is
 * opaque to clients (base64url JSON) and names the sort it belongs to; the key travels as the
 * database's own text of the value (timestamps keep their microseconds).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
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

/** The cursor for this sort, or a 400 when it is malformed or belongs to another sort. */
export function decodeCursor(value: string, sort: string, dir: "asc" | "desc"): Cursor {
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
    !UUID.test(parsed[3])
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

/** One page: `limit` rows after the cursor, and the cursor of the page after it (null on the last page). */
export async function keysetPage<T extends { id: string }>(query: KeysetQuery): Promise<KeysetResult<T>> {
  const { sort, dir } = query;
  const after = query.after ?? (query.cursor ? decodeCursor(query.cursor, query.sortName, dir) : null);
  const conditions = [...query.where];
  const op = dir === "desc" ? sql.raw("<") : sql.raw(">");
  if (after) {
    conditions.push(sql`(${sort.expr}, a."id") ${op} (cast(${after.key} as ${CASTS[sort.type]}), cast(${after.id} as uuid))`);
  }
  const order = sql.raw(dir === "desc" ? "desc" : "asc");
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await query.db.execute(
    sql`select ${query.columns}, (${sort.expr})::text as "__key" from ${query.from} ${where} order by ${sort.expr} ${order}, a."id" ${order} limit ${query.limit + 1}`,
  );
  const rows = rowsOf<T & { __key: string }>(result);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const next = more && last ? { sort: query.sortName, dir, key: last.__key, id: last.id } : null;
  for (const row of page) delete (row as { __key?: string }).__key;
  return { rows: page, next };
}

/** Exact count of the filtered rows. */
export async function countRows(db: Database, from: SQL, where: SQL[]): Promise<number> {
  const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from ${from} ${clause}`));
  return Number(row?.n ?? 0);
}

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A date-only bound means UTC midnight of that day. */
export function instantOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

/** Walks every row of a query in keyset batches (exports and the streamed whole lists). */
export async function* keysetBatches<T extends { id: string }>(
  query: Omit<KeysetQuery, "cursor" | "after" | "limit">,
  batchSize = 5000,
): AsyncGenerator<T[]> {
  let after: Cursor | null = null;
  for (;;) {
    const page: KeysetResult<T> = await keysetPage<T>({ ...query, limit: batchSize, after });
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}
