/**
 * Throwaway databases for tests: an in-memory PGlite always, and a fresh PostgreSQL database
 * (created and dropped per test file) whenever TEST_DATABASE_URL is set.
 *
 * Each starts as a copy of a database migrated once per run by ./global-setup.ts (ADR 0079): an archive of the
 * migrated embedded database's files, and a PostgreSQL template database. The migrations are still checked on
 * every copy when it is opened (openDatabase applies those missing: none). Without the global setup (a test run on
 * its own by a tool), each database is made and migrated from nothing, as before.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Client } from "pg";
import { openDatabase, type DatabaseHandle } from "../server/db/client";

export type TestEngine = "pglite" | "postgres";

export const TEST_ENGINES: TestEngine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** Set by ./global-setup.ts: the migrated embedded database's archive, and the migrated PostgreSQL template's name. */
export const PGLITE_TEMPLATE_ENV = "OVELLA_TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "OVELLA_TEST_POSTGRES_TEMPLATE";

export interface TestDatabase extends DatabaseHandle {
  /** Drops the throwaway database (PostgreSQL) and closes connections. */
  destroy(): Promise<void>;
  /** Connection URL of the throwaway PostgreSQL database (unset for PGlite). */
  url?: string;
}

let pgliteTemplate: Promise<Blob> | undefined;

function migratedArchive(): Promise<Blob> | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)], { type: "application/x-tar" }));
  return pgliteTemplate;
}

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const archive = await migratedArchive();
    const handle = await openDatabase({ engine: "memory", ...(archive ? { loadDataDir: archive } : {}) });
    // A test may have closed the database itself (to see how the app behaves without it).
    return { ...handle, destroy: () => handle.close().catch(() => undefined) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `ovella_test_${randomBytes(6).toString("hex")}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close().catch(() => undefined);
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
