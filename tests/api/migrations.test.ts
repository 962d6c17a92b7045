/**
 * Every schema change reaches every database that already runs (ADR 0078), on both engines:
 * - a database left by each of the last releases (built with Drizzle's stock migrator and the stamps that
 *   release shipped) is opened by today's code, gets every later migration, and ends identical to a new one;
 * - a database upgraded release by release, which the stock migrator left without three migrations, gets them;
 * - a migration generated today by drizzle-kit is applied to a database that already has all the others;
 * - several instances starting at once against one PostgreSQL apply each migration once.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as stockMigratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as stockMigratePglite } from "drizzle-orm/pglite/migrator";
import { Client, Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, migrationsFolder, openDatabase } from "../../server/db/client";
import { applyMigrations, readJournal } from "../../server/db/migrations";
import { describeCatalog } from "../../scripts/lib/db-catalog";
import { SHIPPED_RELEASES, type ShippedRelease } from "../../testing/migration-releases";
import { TEST_ENGINES, type TestEngine } from "../../testing/database";

const FOLDER = migrationsFolder();
const JOURNAL_TAGS = readJournal(FOLDER).map((entry) => entry.tag);
const scratch = mkdtempSync(path.join(tmpdir(), "ovella-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A migrations folder holding what `release` shipped: its SQL files and its journal, stamps included. */
function releaseFolder(release: ShippedRelease): string {
  const folder = path.join(scratch, `release-${release.commit}`);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  for (const { tag } of release.migrations) copyFileSync(path.join(FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  const entries = release.migrations.map(({ tag, when }, idx) => ({ idx, version: "7", when, tag, breakpoints: true }));
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries }));
  return folder;
}

/** What today's code made of a database: the handle's database and the migrations the open applied. */
type Opened = Pick<DatabaseHandle, "db" | "appliedMigrations" | "close">;

/** An empty database of one engine, which an earlier release's stock migrator can fill and today's code open. */
interface EmptyDatabase {
  /** Runs Drizzle's stock migrator over `folder`, as the release that shipped it did at its start. */
  stockMigrate(folder: string): Promise<void>;
  /** Opens it as today's code does at start, with the migrations of `folder` (today's by default). */
  open(folder?: string): Promise<Opened>;
  /** Tables of the public schema, straight from the engine. */
  tables(): Promise<string[]>;
  drop(): Promise<void>;
}

async function emptyDatabase(engine: TestEngine): Promise<EmptyDatabase> {
  if (engine === "pglite") {
    // In memory: PGlite on disk is opened by openDatabase in every other test; here the unit is the migrator.
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client) as unknown as Database;
    return {
      stockMigrate: (folder) => stockMigratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      open: async (folder = FOLDER) => {
        const { applied } = await applyMigrations(drizzlePglite(client), folder);
        return { db, appliedMigrations: applied, close: async () => undefined };
      },
      tables: async () =>
        (await client.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public'")).rows.map((r) => r.t),
      drop: () => client.close(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `ovella_migrations_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const withPool = async <T>(work: (pool: Pool) => Promise<T>): Promise<T> => {
    const pool = new Pool({ connectionString: url.toString(), max: 1 });
    try {
      return await work(pool);
    } finally {
      await pool.end();
    }
  };
  return {
    stockMigrate: (folder) => withPool((pool) => stockMigratePg(drizzlePg(pool), { migrationsFolder: folder })),
    // The start's own path: openDatabase, its advisory lock, MIGRATIONS_DIR for another folder.
    open: async (folder = FOLDER) => {
      const options = { engine: "postgres", url: url.toString(), poolSize: 2 } as const;
      if (folder === FOLDER) return openDatabase(options);
      const previous = process.env.MIGRATIONS_DIR;
      process.env.MIGRATIONS_DIR = folder;
      try {
        return await openDatabase(options);
      } finally {
        if (previous === undefined) delete process.env.MIGRATIONS_DIR;
        else process.env.MIGRATIONS_DIR = previous;
      }
    },
    tables: () =>
      withPool(async (pool) =>
        (await pool.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public'")).rows.map((r) => r.t),
      ),
    drop: async () => {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The stamps a database recorded, sorted. */
async function recordedStamps(handle: Opened): Promise<number[]> {
  const result = (await handle.db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: Array<{ created_at: string | number }>;
  };
  return result.rows.map((row) => Number(row.created_at)).toSorted((a, b) => a - b);
}

const columnExists = async (handle: Opened) =>
  ((await handle.db.execute(
    sql`select 1 from information_schema.columns where table_name = 'applications' and column_name = 'probe_note'`,
  )) as unknown as { rows: unknown[] }).rows.length === 1;

/** Today's migrations that no release has shipped yet. */
const sinceLastRelease = () => {
  const shipped = new Set(SHIPPED_RELEASES.at(-1)!.migrations.map((migration) => migration.tag));
  return JOURNAL_TAGS.filter((tag) => !shipped.has(tag));
};

const journalStamps = (folder: string) => readJournal(folder).map((entry) => entry.when);

describe.each(TEST_ENGINES)("migrations on %s", { timeout: 240_000 }, (engine) => {
  /** The schema of a database made today from nothing: what every upgraded one must equal. */
  let fresh: string[];

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    const handle = await empty.open();
    try {
      expect(handle.appliedMigrations).toEqual(JOURNAL_TAGS);
      fresh = await describeCatalog(handle.db);
    } finally {
      await handle.close();
      await empty.drop();
    }
  });

  it.each(SHIPPED_RELEASES.slice(-3).map((release) => [release.commit, release] as const))(
    "a database left by release %s gets every later migration",
    async (_commit, release) => {
      const empty = await emptyDatabase(engine);
      try {
        await empty.stockMigrate(releaseFolder(release));
        const handle = await empty.open();
        try {
          const shipped = new Set(release.migrations.map((migration) => migration.tag));
          expect(handle.appliedMigrations).toEqual(JOURNAL_TAGS.filter((tag) => !shipped.has(tag)));
          expect(await describeCatalog(handle.db)).toEqual(fresh);
          // Recorded under today's stamps, so Drizzle's own tools agree with the journal too.
          expect(await recordedStamps(handle)).toEqual(journalStamps(FOLDER));
        } finally {
          await handle.close();
        }
        // Opening again applies nothing.
        const again = await empty.open();
        expect(again.appliedMigrations).toEqual([]);
        await again.close();
      } finally {
        await empty.drop();
      }
    },
  );

  it("a database upgraded release by release gets the migrations the stock migrator skipped", async () => {
    const empty = await emptyDatabase(engine);
    try {
      for (const release of SHIPPED_RELEASES) await empty.stockMigrate(releaseFolder(release));
      // What the stock migrator did: a migration shipped with a stamp older than an applied one never ran.
      const tables = await empty.tables();
      expect(tables).not.toContain("idempotency_keys");
      expect(tables).not.toContain("staff_factors");
      const handle = await empty.open();
      try {
        expect(handle.appliedMigrations).toEqual(["0003_idempotency_keys", "0004_admin_list_indexes", "0006_staff_factors", ...sinceLastRelease()]);
        expect(await describeCatalog(handle.db)).toEqual(fresh);
        expect(await recordedStamps(handle)).toEqual(journalStamps(FOLDER));
      } finally {
        await handle.close();
      }
    } finally {
      await empty.drop();
    }
  });

  it("a migration generated today is applied to databases that have every other one", async () => {
    // drizzle-kit's own generator, in custom mode, on a copy of today's migrations.
    const work = mkdtempSync(path.join(scratch, "generated-"));
    cpSync(FOLDER, path.join(work, "drizzle"), { recursive: true });
    const generated = spawnSync(
      path.resolve("node_modules/.bin/drizzle-kit"),
      ["generate", "--custom", "--name", "probe_column", "--dialect", "postgresql", "--schema", path.resolve("server/db/schema.ts"), "--out", "drizzle"],
      { cwd: work, encoding: "utf8" },
    );
    expect(generated.status, generated.stdout + generated.stderr).toBe(0);
    const folder = path.join(work, "drizzle");
    const entries = readJournal(folder);
    const added = entries.at(-1)!;
    expect(entries).toHaveLength(JOURNAL_TAGS.length + 1);
    // Numbered after the last one (no clash) and stamped after every stamp of today's journal, so even
    // Drizzle's stock migrator applies it on a database today's code opened (older stamps are re-stamped).
    const number = String(readJournal(FOLDER).at(-1)!.idx + 1).padStart(4, "0");
    expect(added.tag).toBe(`${number}_probe_column`);
    expect(added.when).toBeGreaterThan(Math.max(...journalStamps(FOLDER)));
    expect(readdirSync(path.join(folder, "meta"))).toContain(`${number}_snapshot.json`);
    writeFileSync(path.join(folder, `${added.tag}.sql`), `ALTER TABLE "applications" ADD COLUMN "probe_note" text;`);

    // A database the last release left (its stamps as shipped), opened by today's code with the new migration.
    const deployed = await emptyDatabase(engine);
    // A database today's code made, then migrated by Drizzle's stock migrator: the new stamp sorts last for it too.
    const current = await emptyDatabase(engine);
    try {
      await deployed.stockMigrate(releaseFolder(SHIPPED_RELEASES.at(-1)!));
      const handle = await deployed.open(folder);
      try {
        expect(handle.appliedMigrations).toEqual([...sinceLastRelease(), added.tag]);
        expect(await columnExists(handle)).toBe(true);
      } finally {
        await handle.close();
      }

      await (await current.open()).close();
      await current.stockMigrate(folder);
      const reopened = await current.open(folder);
      try {
        expect(reopened.appliedMigrations).toEqual([]);
        expect(await columnExists(reopened)).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      await deployed.drop();
      await current.drop();
    }
  });

  it.runIf(engine === "postgres")("instances starting at once apply each migration once", async () => {
    const empty = await emptyDatabase(engine);
    try {
      const handles = await Promise.all(Array.from({ length: 4 }, () => empty.open()));
      try {
        const applied = handles.flatMap((handle) => handle.appliedMigrations);
        expect(applied.toSorted()).toEqual(JOURNAL_TAGS.toSorted());
        expect(await recordedStamps(handles[0]!)).toEqual(journalStamps(FOLDER));
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    } finally {
      await empty.drop();
    }
  });
});
