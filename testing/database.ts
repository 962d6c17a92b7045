/**
 * Throwaway databases for tests: an in-memory PGlite always, and a fresh PostgreSQL database
 * (created and dropped per test file) whenever TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { openDatabase, type DatabaseHandle } from "../server/db/client";

export type TestEngine = "pglite" | "postgres";

export const TEST_ENGINES: TestEngine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** Drops the throwaway database (PostgreSQL) and closes connections. */
  destroy(): Promise<void>;
  /** Connection URL of the throwaway PostgreSQL database (unset for PGlite). */
  url?: string;
}

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const handle = await openDatabase({ engine: "memory" });
    // A test may have closed the database itself (to see how the app behaves without it).
    return { ...handle, destroy: () => handle.close().catch(() => undefined) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `ovella_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
