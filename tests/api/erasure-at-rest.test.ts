/**
 * Erased means gone from the files (ADR 0106): after an erasure on the embedded database, no file of DATA_DIR (the
 * tables, their indexes, the WAL, the outbox) and no backup taken afterwards holds her address or her name; an
 * older backup restored onto an empty directory keeps her erased (the ledger beside the backups and inside them);
 * without a ledger outside the backups, such a restore is refused unless told to go on. On PostgreSQL the erasure
 * vacuums the tables it touched.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as restoreMain } from "../../server/cli/restore";
import { readEnv } from "../../server/config/env";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { applications } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { composeRoot } from "../../server/root";
import { inspectBackup, openBackup } from "../../server/services/backups/format";
import { ERASURE_LEDGER_FILE } from "../../server/services/privacy/erasure-ledger";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact, type StaffMember } from "../../testing/fixtures";

const HER = "zephyrine.quillfeather@example.org";
const HER_NAME = "Zephyrine";
const HER_SURNAME = "Quillfeather";
const ANNA = "anna.stays@example.com";
const NEEDLES = [HER, HER_NAME, HER_SURNAME];

/** Occurrences of each needle (as bytes, in its own letter case and in upper case) in `bytes`. */
function occurrences(bytes: Buffer): number {
  let found = 0;
  for (const needle of NEEDLES.flatMap((n) => [n, n.toUpperCase()])) {
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) found++;
  }
  return found;
}

/** The files of `dir` (recursively) that hold her, with how often. */
function scanDirectory(dir: string): Record<string, number> {
  const hits: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const count = occurrences(readFileSync(file));
    if (count > 0) hits[path.relative(dir, file)] = count;
  }
  return hits;
}

/** Her occurrences in a backup file: its manifest and its decrypted, decompressed tar. */
function scanBackup(file: string, key: Buffer): number {
  const bytes = readFileSync(file);
  return occurrences(bytes) + occurrences(gunzipSync(openBackup(bytes, key).archive));
}

const restore = async (args: string[], env: Record<string, string>) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await restoreMain(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
};

const emailsIn = async (dir: string) => {
  const db = await openDatabase({ engine: "pglite", dataDir: dir });
  try {
    return (await db.db.select({ email: applications.email }).from(applications)).map((r) => r.email.toLowerCase());
  } finally {
    await db.close();
  }
};

const total = (hits: Record<string, number>) => Object.values(hits).reduce((a, b) => a + b, 0);

describe("an erasure leaves no byte of her in the embedded database's files or later backups", { timeout: 300_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), "ovella-at-rest-"));
  const dataDir = path.join(root, "data");
  const backupDir = path.join(root, "backups");
  const keyHex = randomBytes(32).toString("hex");
  const key = Buffer.from(keyHex, "hex");
  const baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: keyHex };
  let database: DatabaseHandle;
  let app: Parameters<typeof request>[0];
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;
  let beforeErasure: string;
  let afterErasure: string;

  const backUp = async () => {
    const res = await request(app).post("/api/system/backups").set(bearer(staff.super_admin.token));
    expect(res.status, res.text).toBe(201);
    return path.join(backupDir, res.body.name as string);
  };

  beforeAll(async () => {
    database = await openDatabase({ engine: "pglite", dataDir });
    const env = readEnv(baseEnv);
    const t = { app: (await composeRoot({ env, database, logger: createLogger("silent") })).app, database: { ...database, destroy: () => database.close() }, env, now: () => new Date(), advance: () => undefined, close: () => database.close() } as TestApp;
    app = t.app;
    staff = await createStaff(t, "rest");
  });
  afterAll(async () => {
    await database.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it("finds her in the files and in a backup before the erasure (the scan sees what it looks for)", async () => {
    for (const [email, firstName, lastName] of [
      [HER, HER_NAME, HER_SURNAME],
      [ANNA, "Anna", "Berg"],
    ] as const) {
      const res = await request(app).post("/api/applications").send(validApplication({ email, firstName, lastName }));
      expect(res.status, res.text).toBe(201);
    }
    const message = await request(app).post("/api/contact").send(validContact({ email: HER, firstName: HER_NAME, lastName: HER_SURNAME }));
    expect(message.status, message.text).toBe(201);
    beforeErasure = await backUp();
    expect(scanBackup(beforeErasure, key)).toBeGreaterThan(0);
    expect(total(scanDirectory(dataDir))).toBeGreaterThan(0);
  });

  it("erases her: then no table, index, WAL segment or other file of DATA_DIR holds her address or her name", async () => {
    const started = performance.now();
    const erased = await request(app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email: HER, confirmation: HER });
    const ms = performance.now() - started;
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.counts).toMatchObject({ applications: 1, contactMessages: 1 });
    expect(scanDirectory(dataDir)).toEqual({});
    // Written for the record of the measurement (ADR 0106).
    console.info(`erasure with its clean-up: ${Math.round(ms)} ms`);
  });

  it("a backup taken after it holds no trace, and carries the ledger inside; the ledger is also beside the backups", async () => {
    afterErasure = await backUp();
    expect(scanBackup(afterErasure, key)).toBe(0);
    const { manifest } = inspectBackup(readFileSync(afterErasure));
    expect(manifest.format).toBe(4); // 3 since ADR 0107 (the revocation ledger), 4 since ADR 0108 (the second-factor key)
    expect(manifest.ledger).toHaveLength(1);
    expect(JSON.stringify(manifest.ledger)).not.toContain("@");
    const beside = readFileSync(path.join(backupDir, ERASURE_LEDGER_FILE), "utf8").trim().split("\n");
    expect(beside).toHaveLength(1);
    expect(beside[0]).toBe(readFileSync(path.join(dataDir, ERASURE_LEDGER_FILE), "utf8").trim());
    // The ledger inside is authenticated: a line dropped from it and the file no longer opens.
    const bytes = readFileSync(afterErasure);
    const first = bytes.indexOf(0x0a);
    const second = bytes.indexOf(0x0a, first + 1);
    const stripped = Buffer.concat([bytes.subarray(0, first + 1), Buffer.from(JSON.stringify({ ...manifest, ledger: [] })), bytes.subarray(second)]);
    expect(() => openBackup(stripped, key)).toThrow(/does not decrypt/);
    await database.close();
  });

  it("the backup from before the erasure, restored onto an empty directory with the ledger beside it, keeps her erased", async () => {
    const fresh = path.join(root, "new-disk");
    const run = await restore([beforeErasure], { ...baseEnv, DATA_DIR: fresh });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/1 recorded, 1 found in the backup and erased again/);
    const emails = await emailsIn(fresh);
    expect(emails).toContain(ANNA);
    expect(emails).not.toContain(HER);
    // Erased again in the restored files, not only in its tables; and the new DATA_DIR knows the erasure.
    expect(scanDirectory(fresh)).toEqual({});
    expect(readFileSync(path.join(fresh, ERASURE_LEDGER_FILE), "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("a restore over a database seals the one it replaces with BACKUP_KEY and leaves no copy in clear", async () => {
    const run = await restore([afterErasure], baseEnv);
    expect(run.code, run.err).toBe(0);
    expect(readdirSync(dataDir).filter((n) => n.startsWith("pglite."))).toEqual([]);
    const sealed = /sealed in (\S+) \(encrypted/.exec(run.out)?.[1] ?? "";
    expect(path.dirname(sealed)).toBe(backupDir);
    expect(readFileSync(sealed).includes("PG_VERSION")).toBe(false);
    expect(openBackup(readFileSync(sealed), key).archive.length).toBeGreaterThan(0);
  });

  it("refuses a backup older than the newest known erasure when no ledger outside the backups is found, unless told to go on", async () => {
    const folder = path.join(root, "copied-backups");
    mkdirSync(folder);
    for (const file of [beforeErasure, afterErasure]) copyFileSync(file, path.join(folder, path.basename(file)));
    const empty = path.join(root, "another-disk");
    const env = { ...baseEnv, DATA_DIR: empty, BACKUP_DIR: folder };
    const refused = await restore([path.join(folder, path.basename(beforeErasure))], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/no erasure ledger was found for this backup.*--accept-missing-ledger.*Nothing was changed/s);
    expect(existsSync(path.join(empty, "pglite"))).toBe(false);

    const forced = await restore([path.join(folder, path.basename(beforeErasure)), "--accept-missing-ledger"], env);
    expect(forced.code, forced.err).toBe(0);
    // The erasures the other backups know of are applied all the same.
    expect(await emailsIn(empty)).not.toContain(HER);
  });
});

describe.each(TEST_ENGINES)("an erasure cleans the tables it touched on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t, "vac");
  });
  afterAll(() => t.close());

  it("rewrites (embedded) or vacuums (PostgreSQL) the tables it touched and those referencing them, before answering", async () => {
    expect((await request(t.app).post("/api/applications").send(validApplication({ email: HER, firstName: HER_NAME }))).status).toBe(201);
    // VACUUM FULL gives each table a new file; a plain VACUUM counts in the statistics.
    const state = async () => {
      const result = (await t.database.db.execute(sql`
        select c.relname, c.relfilenode::text as file, coalesce(s.vacuum_count, 0)::int as vacuums
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid`)) as unknown;
      const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { relname: string; file: string; vacuums: number }[];
      return new Map(list.map((r) => [r.relname, engine === "pglite" ? r.file : String(r.vacuums)]));
    };
    const before = await state();
    const erased = await request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email: HER, confirmation: HER });
    expect(erased.status, erased.text).toBe(200);
    // PostgreSQL publishes a backend's statistics within about a second.
    let after = await state();
    for (let i = 0; i < 40 && after.get("applications") === before.get("applications"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await state();
    }
    for (const table of ["applications", "contact_messages", "email_outbox", "audit_events", "privacy_requests", "application_stage_history", "application_notes"]) {
      expect(after.get(table), table).not.toBe(before.get(table));
    }
    // A table the erasure does not touch is left alone.
    expect(after.get("users")).toBe(before.get("users"));
  });
});
