/**
 * Opens the database on either engine and applies the committed migrations.
 * PGlite (embedded, default) keeps its files in DATA_DIR, guarded by an exclusive lock because
 * PGlite has none of its own (./data-dir-lock: a dead holder is detected at once, so a restart
 * right after a crash succeeds); PostgreSQL is used when a postgres:// URL is given.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./pglite-settings";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";
import { DurableNodeFS, durableCalls, wrapDurableClient } from "./durable-fs";
import { initialiseInChild, needsInitialising } from "./initdb";
import { removeLeftSnapshots } from "./snapshot-files";
import { applyMigrations } from "./migrations";
import { type PreparedRunner, preparedStatements } from "./pglite-prepared";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Migrations this open applied (tags in order); empty when the database was already current. */
  appliedMigrations: string[];
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: "postgres"; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { engine: "pglite"; dataDir: string }
  /** In memory; `loadDataDir`: a copy of an embedded database's files to start from (tests start from a migrated one). */
  | { engine: "memory"; loadDataDir?: Blob };

export class DatabaseLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another Ovella process. ` +
        "Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).",
    );
    this.name = "DatabaseLockedError";
  }
}

/**
 * Left in DATA_DIR while a restore swaps the database's directory (server/services/backups/restore.ts): the
 * server refuses to start beside it, so an interrupted swap never starts an empty database.
 */
export const RESTORE_MARKER = "restore-in-progress.json";

export class RestoreInterruptedError extends Error {
  constructor(dataDir: string) {
    super(`A restore into ${dataDir} was interrupted. Run \`npm run restore -- FILE\` again to finish it before starting the server.`);
    this.name = "RestoreInterruptedError";
  }
}

/** Finds the committed migrations whether running from source (server/db) or the bundle (build/). */
export function migrationsFolder(): string {
  if (process.env.MIGRATIONS_DIR) return path.resolve(process.env.MIGRATIONS_DIR);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Could not find the drizzle/ migrations folder");
}

/** Each PGlite client's runner of named statements (`rawQuery`), made when the client is opened. */
const preparedRunners = new WeakMap<PGlite, PreparedRunner>();

/** Serialises migrations across app instances sharing one PostgreSQL server. */
const MIGRATION_LOCK_KEY = 727_361_001;

/** Each embedded client's directory on disk (DATA_DIR/pglite), for the backup's snapshot (server/services/backups). */
const embeddedDirectories = new WeakMap<PGlite, string>();

/** The embedded client under a Drizzle database, or null on PostgreSQL. */
export function embeddedClientOf(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** The directory an embedded client opened by openDatabase keeps its files in; null in memory or on PostgreSQL. */
export function embeddedDirectoryOf(client: PGlite): string | null {
  return embeddedDirectories.get(client) ?? null;
}

/** Settings of every embedded session (PGlite runs one): see openDatabase. */
export const PGLITE_SESSION_SETTINGS = "SET wal_recycle = off";

/** Whether DATA_DIR holds an embedded database (an initialised PGlite directory), without opening or creating one. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), "pglite", "PG_VERSION"));
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === "postgres") {
    // A bounded wait for a connection: while the server is away, requests fail fast (503) instead of
    // queueing, and the pool reconnects by itself once it is back.
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection dropped by the server (restart, failover) is replaced on next use; without
    // a listener the pool's 'error' event would end the process.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    let appliedMigrations: string[];
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        ({ applied: appliedMigrations } = await applyMigrations(drizzlePg(client), migrationsFolder()));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    return {
      db,
      engine: "postgres",
      appliedMigrations,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (options.engine === "pglite") {
    const dataDir = path.resolve(options.dataDir);
    // Private to this user (ADR 0058); the server and the CLI also set umask 0o077 and tighten what exists.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      const unlock = lockDataDir(dataDir);
      release = () => Promise.resolve(unlock());
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new DatabaseLockedError(dataDir);
      throw error;
    }
    if (existsSync(path.join(dataDir, RESTORE_MARKER))) {
      await release();
      throw new RestoreInterruptedError(dataDir);
    }
    try {
      // A plain copy a backup killed midway left: gone before anything is served (ADR 0105).
      await removeLeftSnapshots(dataDir);
      // A new database is made by a process of its own, whose memory goes with it (ADR 0105).
      if (needsInitialising(path.join(dataDir, "pglite"))) await initialiseInChild(path.join(dataDir, "pglite"));
    } catch (error) {
      await release();
      throw error;
    }
    // PGlite itself never reaches the disk's cache flush: the app syncs what each commit wrote (ADR 0035).
    mkdirSync(path.join(dataDir, "pglite"), { recursive: true, mode: 0o700 });
    const fs = new DurableNodeFS(path.join(dataDir, "pglite"));
    client = new PGlite({ fs, extensions: PGLITE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS] });
    embeddedDirectories.set(client, path.join(dataDir, "pglite"));
    wrapDurableClient(client, fs.journal);
    preparedRunners.set(client, preparedStatements(client, durableCalls(fs.journal)));
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    preparedRunners.set(client, preparedStatements(client));
  }
  try {
    await client.waitReady;
    // A WAL segment is removed once a checkpoint no longer needs it, never recycled under a new name with its old
    // content: an erased row must not live on in a segment kept for later (ADR 0106).
    await client.exec(PGLITE_SESSION_SETTINGS);
    const db = drizzlePglite(client, { schema });
    const { applied: appliedMigrations } = await applyMigrations(drizzlePglite(client), migrationsFolder());
    const handle: DatabaseHandle = {
      db: db as unknown as Database,
      engine: "pglite",
      appliedMigrations,
      ping: () => ping(db as unknown as Database),
      close: async () => {
        await client.close();
        await release?.();
      },
    };
    return handle;
  } catch (error) {
    await client.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}

/** One SQL statement sent to the driver under Drizzle, with its rows. */
export type RawQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * Runs hand-written statements on the driver itself: no query building per call (hot paths). The
 * statement is named, so it is parsed and planned once: by each pooled connection on PostgreSQL, once per
 * session on PGlite (./pglite-prepared.ts, ADR 0077).
 */
export function rawQuery(db: Database): RawQuery {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const prepared = preparedRunners.get(client);
    if (prepared) return prepared;
    return async <T>(_name: string, text: string, values: unknown[]) => (await client.query<T>(text, values)).rows;
  }
  if (client instanceof Pool) {
    return async <T>(name: string, text: string, values: unknown[]) =>
      (await client.query({ name, text, values })).rows as T[];
  }
  throw new Error("rawQuery needs a database opened by openDatabase");
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function databaseOptionsFromEnv(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_SIZE?: number;
}): DatabaseOptions {
  return env.DATABASE_URL
    ? { engine: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { engine: "pglite", dataDir: env.DATA_DIR };
}

export { schema };
