/**
 * Applies the committed migrations in `drizzle/` so that none is ever skipped (ADR 0078).
 *
 * Drizzle's own migrator applies only the migrations whose journal stamp (`when`) is later than the newest
 * stamp a database has recorded: a migration whose stamp sorts before an applied one is skipped in silence.
 * Here a migration counts as applied when the database recorded its stamp (or, failing that, its SQL's
 * hash), and every other one is applied in journal order, whatever the stamps say. The bookkeeping table
 * is Drizzle's own (`drizzle.__drizzle_migrations`: hash, created_at = the journal stamp), so drizzle-kit's
 * tools keep reading it.
 *
 * The caller serialises concurrent starts: an advisory lock on PostgreSQL, the data-directory lock on PGlite.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** One entry of `drizzle/meta/_journal.json`, as drizzle-kit writes it. */
export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface Migration {
  tag: string;
  /** The journal stamp: milliseconds since the epoch; the identity a database records. */
  when: number;
  /** SHA-256 of the file's text, as Drizzle records it. */
  hash: string;
  statements: string[];
}

/**
 * Stamps the journal carried before ADR 0078 for the migrations whose stamps lay in the future. A database
 * migrated by an earlier release recorded these; they are re-stamped to the journal's values before
 * anything is compared, inside the same transaction as the migrations. Never edit or extend this list.
 */
export const SHIPPED_FUTURE_STAMPS: Readonly<Record<string, number>> = {
  "0005_privacy_requests": 1795900000000,
  "0006_staff_factors": 1796000000000,
  "0008_pipeline": 1796200000000,
  "0009_webhooks": 1796300000000,
  "0010_funnel": 1796400000000,
  "0011_delivery_endpoint_link": 1796500000000,
};

const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

export function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The migrations of `folder` in journal order, each with its statements and hash. */
export function readMigrations(folder: string): Migration[] {
  return readJournal(folder).map((entry) => {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), "utf8");
    return {
      tag: entry.tag,
      when: entry.when,
      hash: createHash("sha256").update(text).digest("hex"),
      statements: text.split(STATEMENT_BREAKPOINT).filter((statement) => statement.trim() !== ""),
    };
  });
}

/** The `.sql` files of `folder`, without their extension. */
export function migrationFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .map((name) => name.slice(0, -".sql".length))
    .toSorted();
}

export interface MigrationOutcome {
  /** Tags applied by this call, in the order they ran. */
  applied: string[];
  /** Recorded rows whose stamp was brought in line with the journal (legacy stamps, or matched by hash). */
  restamped: number;
}

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

interface RecordedRow {
  hash: string;
  created_at: string | number | null;
}

/** Rows an UPDATE changed, on either driver (node-postgres says `rowCount`, PGlite `affectedRows`). */
function changedRows(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

/** Rows of `db.execute` on either driver (node-postgres answers `{rows}`, PGlite too). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Brings the database to the journal of `folder`: every migration not recorded is applied, in journal order,
 * all in one transaction (a failure leaves the database as it was).
 */
export async function applyMigrations(db: AnyPgDatabase, folder: string): Promise<MigrationOutcome> {
  const migrations = readMigrations(folder);
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  return db.transaction(async (tx) => {
    let restamped = 0;
    for (const migration of migrations) {
      const shipped = SHIPPED_FUTURE_STAMPS[migration.tag];
      if (shipped === undefined || shipped === migration.when) continue;
      const result = await tx.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = ${migration.when} WHERE created_at = ${shipped}`,
      );
      restamped += changedRows(result);
    }
    const recorded = rowsOf<RecordedRow>(await tx.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations`));
    const stamps = new Set(recorded.map((row) => Number(row.created_at)));
    const hashes = new Set(recorded.map((row) => row.hash));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (stamps.has(migration.when)) continue;
      if (hashes.has(migration.hash)) {
        // Recorded under another stamp (a journal re-stamped by hand): the same SQL, so only the stamp moves.
        await tx.execute(
          sql`UPDATE drizzle.__drizzle_migrations SET created_at = ${migration.when} WHERE hash = ${migration.hash}`,
        );
        restamped += 1;
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.when})`,
      );
      applied.push(migration.tag);
    }
    return { applied, restamped };
  });
}
