/**
 * After an erasure, the erased rows' bytes leave the database files (ADR 0106). A DELETE only marks a row dead:
 * its bytes stay in the table's pages, its indexes and the write-ahead log until they are overwritten, and the
 * embedded engine (PGlite) runs no autovacuum.
 *
 * - Embedded: `VACUUM FULL` of every table the erasure touched and of every table that references them (a new
 *   copy of each, with fresh indexes; the old files are emptied at commit and unlinked at the next checkpoint),
 *   then `pg_switch_wal()` and a `CHECKPOINT`, after which PostgreSQL removes the WAL segments that held the
 *   rows (segments are never recycled: `wal_recycle` is off for the embedded engine, see `db/client.ts`).
 * - PostgreSQL: a plain `VACUUM` of the same tables, where the role may run it (it takes no lock that stops the
 *   application); the rest is the operator's (docs/deploy.md).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** The tables an erasure deletes from or rewrites; the tables that reference them are found in the catalog. */
const ERASED_TABLES = ["applications", "contact_messages", "email_outbox", "audit_events", "privacy_requests"];

type Engine = "pglite" | "postgres";

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The erased tables and every table that references one of them, directly or through another. */
export async function touchedTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive touched(oid) as (
      select c.oid from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
          and c.relname = any(${sql.raw(`array[${ERASED_TABLES.map((t) => `'${t}'`).join(",")}]`)})
      union
      select con.conrelid from pg_constraint con join touched t on con.confrelid = t.oid where con.contype = 'f'
    )
    select c.relname as name from touched t join pg_class c on c.oid = t.oid order by 1`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * Removes what an erasure left behind in the database files; returns the tables it rewrote or vacuumed.
 * On PostgreSQL a refusal (the role does not own the tables) is not an error: the operator's schedule covers it.
 */
export async function scrubErasedRows(db: Database, engine: Engine): Promise<string[]> {
  const tables = await touchedTables(db);
  const list = tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(", ");
  if (engine === "postgres") {
    try {
      await db.execute(sql.raw(`VACUUM ${list}`));
    } catch {
      return [];
    }
    return tables;
  }
  await db.execute(sql.raw(`VACUUM (FULL) ${list}`));
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql.raw("CHECKPOINT"));
  return tables;
}
