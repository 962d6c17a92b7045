/**
 * Backups of the embedded database and their restore (ADR 0063, 0064), on a PGlite data directory on disk:
 * submit, back up while serving, erase one person, submit more, stop, restore → the erased person is absent and
 * every other row from before the backup is present; a changed file or a wrong key changes nothing; a running
 * server's directory is never restored over. Then the settings, the pruning and the system panel on both engines.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as backupMain } from "../../server/cli/backup";
import { main as restoreMain } from "../../server/cli/restore";
import { ConfigError, readEnv } from "../../server/config/env";
import { openDatabase, RESTORE_MARKER, type DatabaseHandle } from "../../server/db/client";
import { applications, auditEvents, contactMessages, sessions } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { composeRoot } from "../../server/root";
import { ERASURE_LEDGER_FILE } from "../../server/services/privacy/erasure-ledger";
import type { TestApp } from "../../testing/app";
import { createTestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact, type StaffMember } from "../../testing/fixtures";

const ERIN = "erin.erased@example.com";
const ANNA = "anna.kept@example.com";
const KATE = "kate.kept@example.com";
const LATE = "late.after@example.com";

const emailsIn = async (db: DatabaseHandle) =>
  (await db.db.select({ email: applications.email }).from(applications)).map((r) => r.email.toLowerCase()).toSorted();

/** Every file under the data directory with its size and time: what "nothing changed" compares. */
const fingerprint = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      const s = statSync(file);
      return `${path.relative(dir, file)}:${s.size}:${s.mtimeMs}`;
    })
    .toSorted();

interface Run {
  code: number;
  out: string;
  err: string;
}

describe("backup while serving, erase, restore (PGlite on disk)", { timeout: 240_000 }, () => {
  let dataDir: string;
  let backupDir: string;
  const key = randomBytes(32).toString("hex");
  let baseEnv: Record<string, string>;
  let database: DatabaseHandle;
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;
  let backupFile: string;
  let keptBefore: string[];

  async function boot(): Promise<void> {
    database = await openDatabase({ engine: "pglite", dataDir });
    const env = readEnv(baseEnv);
    const { app } = await composeRoot({ env, database, logger: createLogger("silent") });
    t = { app, database: { ...database, destroy: () => database.close() }, env, now: () => new Date(), advance: () => undefined, close: () => database.close() };
  }

  const restore = async (args: string[], env: Record<string, string> = baseEnv): Promise<Run> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await restoreMain(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  const submit = async (email: string, firstName: string) => {
    const res = await request(t.app).post("/api/applications").send(validApplication({ email, firstName }));
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-restore-data-"));
    backupDir = path.join(mkdtempSync(path.join(tmpdir(), "ovella-restore-backups-")), "backups");
    // PRIVACY_HASH_SECRET unset on purpose: the key kept in the database must travel in the backup.
    baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: key };
    await boot();
    staff = await createStaff(t, "bk");
  });
  afterAll(async () => {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  it("writes an encrypted, owner-only backup while serving, lists it and audits the action", async () => {
    await submit(ANNA, "Anna");
    await submit(ERIN, "Erin");
    await submit(KATE, "Kate");
    expect((await request(t.app).post("/api/contact").send(validContact({ email: ERIN }))).status).toBe(201);
    keptBefore = [ANNA, KATE];

    // A submission while the backup is taken is served (and lands either wholly in the copy or wholly after it).
    const [backup, during] = await Promise.all([
      request(t.app).post("/api/system/backups").set(bearer(staff.super_admin.token)),
      request(t.app).post("/api/applications").send(validApplication({ email: "during@example.com" })),
    ]);
    expect(backup.status, backup.text).toBe(201);
    expect(during.status).toBe(201);
    expect(backup.body).toMatchObject({ checksumOk: true });
    backupFile = path.join(backupDir, backup.body.name as string);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(statSync(backupFile).size).toBe(backup.body.bytes);
    // Never written in clear: no address and no tar header in the file.
    const bytes = readFileSync(backupFile);
    for (const needle of [ERIN, ANNA, "PG_VERSION", "ustar"]) expect(bytes.includes(needle)).toBe(false);
    expect(readdirSync(backupDir).filter((n) => n.includes(".tmp-"))).toEqual([]);

    const system = await request(t.app).get("/api/system").set(bearer(staff.super_admin.token));
    expect(system.status).toBe(200);
    expect(system.body.backups.enabled).toBe(true);
    expect(system.body.backups.backups).toEqual([backup.body]);
    const ready = await request(t.app).get("/readyz");
    expect(ready.body.backup).toEqual({ lastAt: backup.body.takenAt, bytes: backup.body.bytes });

    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "backup_create"));
    expect(event?.actor_username).toBe(staff.super_admin.username);
  });

  it("records each erasure in the ledger outside the database before answering: the keyed hash and time only", async () => {
    const erased = await request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email: ERIN, confirmation: ERIN });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.counts.applications).toBe(1);
    const ledger = readFileSync(path.join(dataDir, ERASURE_LEDGER_FILE), "utf8").trim().split("\n");
    expect(ledger).toHaveLength(1);
    const line = JSON.parse(ledger[0] ?? "") as Record<string, string>;
    expect(Object.keys(line).toSorted()).toEqual(["at", "key", "subject"]);
    expect(line.subject).toMatch(/^[0-9a-f]{64}$/);
    expect(ledger[0]).not.toContain("@");
    expect(statSync(path.join(dataDir, ERASURE_LEDGER_FILE)).mode & 0o777).toBe(0o600);
    await submit(LATE, "Late");
  });

  it("refuses to restore over a running server's directory", async () => {
    const run = await restore([backupFile]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/in use by a running Ovella process/);
    expect(await emailsIn(database)).toContain(LATE);
  });

  it("refuses a changed file and a wrong key with a clear message, and changes nothing", async () => {
    await database.close();
    const before = fingerprint(dataDir);
    const tampered = path.join(path.dirname(backupDir), "tampered.backup");
    const bytes = Buffer.from(readFileSync(backupFile));
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
    writeFileSync(tampered, bytes);
    const changed = await restore([tampered]);
    expect(changed.code).toBe(1);
    expect(changed.err).toMatch(/checksum does not match.*Nothing was changed/);

    // The date in the manifest moved (and its checksum kept right): the cipher's authentication refuses it.
    const text = readFileSync(backupFile);
    const headerEnd = text.indexOf(0x0a, text.indexOf(0x0a) + 1);
    const manifest = JSON.parse(text.subarray(text.indexOf(0x0a) + 1, headerEnd).toString()) as { takenAt: string };
    const moved = { ...manifest, takenAt: new Date(Date.now() + 86_400_000).toISOString() };
    const redated = path.join(path.dirname(backupDir), "redated.backup");
    writeFileSync(redated, Buffer.concat([text.subarray(0, text.indexOf(0x0a) + 1), Buffer.from(JSON.stringify(moved)), text.subarray(headerEnd)]));
    const redatedRun = await restore([redated]);
    expect(redatedRun.code).toBe(1);
    expect(redatedRun.err).toMatch(/does not decrypt/);

    const wrongKey = await restore([backupFile], { ...baseEnv, BACKUP_KEY: randomBytes(32).toString("base64") });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toMatch(/another BACKUP_KEY/);

    const noKey = await restore([backupFile], { ...baseEnv, BACKUP_DIR: "", BACKUP_KEY: "" });
    expect(noKey.code).toBe(1);
    expect(noKey.err).toMatch(/BACKUP_KEY is not set/);

    expect(fingerprint(dataDir)).toEqual(before);
  });

  it("restores the backup without the person erased after it, with everyone else from before it", async () => {
    const run = await restore([backupFile]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/Erasures after it: 1 recorded, 1 found in the backup and erased again/);
    expect(existsSync(path.join(dataDir, RESTORE_MARKER))).toBe(false);
    // The database it replaced is sealed into the backup folder, not left in clear beside the restored one.
    expect(readdirSync(dataDir).filter((n) => n.startsWith("pglite."))).toEqual([]);
    expect(run.out).toMatch(/sealed in .*ovella-\d{8}T\d{9}Z\.backup \(encrypted with BACKUP_KEY/);

    database = await openDatabase({ engine: "pglite", dataDir });
    const emails = await emailsIn(database);
    expect(emails).not.toContain(ERIN);
    for (const kept of keptBefore) expect(emails).toContain(kept);
    // Taken after the backup: not in it (the known cost of restoring an older copy).
    expect(emails).not.toContain(LATE);
    const messages = await database.db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${ERIN}`);
    expect(messages).toEqual([]);
    const quoting = await database.db.select().from(auditEvents).where(sql`strpos(lower(${auditEvents.detail}::text), ${ERIN}) > 0`);
    expect(quoting).toEqual([]);
    const again = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_erase"));
    expect(again.map((e) => e.actor_username)).toContain("restore");
    // Every staff session ends: whoever signed out or was deactivated since the backup stays out.
    expect(await database.db.select().from(sessions)).toEqual([]);
    await database.close();
  });

  it("a server started on the restored directory serves it", async () => {
    await boot();
    const ready = await request(t.app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(await emailsIn(database)).toEqual(expect.arrayContaining(keptBefore));
  });
});

describe("backup settings", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/ovella-settings-data" };

  it("refuses backups without a key, with an invalid key, or inside the database's own directory", () => {
    expect(() => readEnv({ ...base, BACKUP_DIR: "/tmp/b" })).toThrow(ConfigError);
    expect(() => readEnv({ ...base, BACKUP_DIR: "/tmp/b", BACKUP_KEY: "short" })).toThrow(/BACKUP_KEY/);
    expect(() => readEnv({ ...base, BACKUP_DIR: "/tmp/b", BACKUP_KEY: "ab".repeat(31) })).toThrow(/BACKUP_KEY/);
    expect(() => readEnv({ ...base, BACKUP_DIR: "/tmp/ovella-settings-data/pglite/x", BACKUP_KEY: "ab".repeat(32) })).toThrow(/BACKUP_DIR/);
    expect(() => readEnv({ ...base, BACKUP_EVERY_HOURS: "-1" })).toThrow(/BACKUP_EVERY_HOURS/);
  });

  it("takes 64 hex digits or base64 of 32 bytes, and defaults to a daily backup, seven kept", () => {
    const hex = readEnv({ ...base, BACKUP_DIR: "/tmp/b", BACKUP_KEY: "ab".repeat(32) });
    expect(hex.BACKUP_EVERY_HOURS).toBe(24);
    expect(hex.BACKUP_KEEP).toBe(7);
    expect(readEnv({ ...base, BACKUP_DIR: "/tmp/b", BACKUP_KEY: randomBytes(32).toString("base64") }).BACKUP_DIR).toBe("/tmp/b");
    expect(readEnv({ ...base, BACKUP_DIR: "/tmp/b", BACKUP_KEY: randomBytes(32).toString("base64url") }).BACKUP_DIR).toBe("/tmp/b");
  });
});

describe.each(TEST_ENGINES)("the system panel on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), "ovella-panel-backups-"));
    t = await createTestApp(engine, { BACKUP_DIR: backupDir, BACKUP_KEY: randomBytes(32).toString("hex"), BACKUP_KEEP: "2" });
    staff = await createStaff(t, "sys");
  });
  afterAll(async () => {
    await t.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("shows what /readyz says and the backups to super admins", async () => {
    const res = await request(t.app).get("/api/system").set(bearer(staff.super_admin.token));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
    expect(res.body.database.bytes).toBeGreaterThan(0);
    // The server's memory beside it: this process's resident memory, the JS heap within it.
    expect(res.body.memory.rssBytes).toBeGreaterThan(res.body.memory.heapUsedBytes);
    expect(res.body.memory.heapUsedBytes).toBeGreaterThan(1024 * 1024);
    expect(res.body.memory.rssBytes).toBeLessThan(2 * process.memoryUsage().rss);
    expect(res.body.outbox).toMatchObject({ backlog: expect.any(Number) });
    if (engine === "postgres") {
      expect(res.body.backups).toMatchObject({ enabled: false, offReason: expect.stringMatching(/pg_dump/) });
    } else {
      expect(res.body.backups).toMatchObject({ enabled: true, offReason: null, everyHours: 24, keep: 2 });
    }
  });

  if (engine === "postgres") {
    it("answers 409 to Back up now on PostgreSQL (its own tools back it up) and writes nothing", async () => {
      const res = await request(t.app).post("/api/system/backups").set(bearer(staff.super_admin.token));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/pg_dump/);
      expect(readdirSync(backupDir)).toEqual([]);
    });
  } else {
    it("keeps the newest BACKUP_KEEP backups and flags a damaged one", async () => {
      const names: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await request(t.app).post("/api/system/backups").set(bearer(staff.super_admin.token));
        expect(res.status, res.text).toBe(201);
        names.push(res.body.name as string);
        t.advance(1000);
      }
      expect(readdirSync(backupDir).toSorted()).toEqual(names.slice(1).toSorted());
      const damaged = path.join(backupDir, names[2] ?? "");
      const bytes = readFileSync(damaged);
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
      writeFileSync(damaged, bytes);
      const list = await request(t.app).get("/api/system").set(bearer(staff.super_admin.token));
      expect(list.body.backups.backups.map((b: { name: string; checksumOk: boolean }) => [b.name, b.checksumOk])).toEqual([
        [names[2], false],
        [names[1], true],
      ]);
    });
  }
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("erasures applied again after PostgreSQL's own restore", { timeout: 120_000 }, () => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;

  beforeAll(async () => {
    t = await createTestApp("postgres");
    staff = await createStaff(t, "pgre");
  });
  afterAll(() => t.close());

  it("npm run restore -- --erasures-since TIME erases again whoever the ledger names, and nobody else", async () => {
    const before = new Date();
    for (const [email, firstName] of [[ERIN, "Erin"], [KATE, "Kate"]] as const) {
      expect((await request(t.app).post("/api/applications").send(validApplication({ email, firstName }))).status).toBe(201);
    }
    const erased = await request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email: ERIN, confirmation: ERIN });
    expect(erased.status).toBe(200);
    // What restoring a dump from `before` would bring back: her application again.
    expect((await request(t.app).post("/api/applications").send(validApplication({ email: ERIN, firstName: "Erin" }))).status).toBe(201);
    expect(await emailsIn(t.database)).toContain(ERIN);

    const out: string[] = [];
    const err: string[] = [];
    const code = await restoreMain(["--erasures-since", before.toISOString()], {
      env: { DATABASE_URL: t.database.url ?? "", DATA_DIR: t.env.DATA_DIR },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect(code, err.join("\n")).toBe(0);
    expect(out.join("\n")).toMatch(/1 recorded, 1 found in the database and erased again/);
    const emails = await emailsIn(t.database);
    expect(emails).not.toContain(ERIN);
    expect(emails).toContain(KATE);
  });
});

describe("an erasure the ledger cannot record", { timeout: 60_000 }, () => {
  it("answers 503 with Retry-After, and the retry records it", async () => {
    const t = await createTestApp("pglite");
    try {
      const staff = await createStaff(t, "ledger");
      expect((await request(t.app).post("/api/applications").send(validApplication({ email: ERIN }))).status).toBe(201);
      const ledger = path.join(t.env.DATA_DIR, ERASURE_LEDGER_FILE);
      mkdirSync(ledger); // A directory where the file should be: the append fails (EISDIR).
      const erase = () => request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email: ERIN, confirmation: ERIN });
      const refused = await erase();
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBeDefined();
      rmSync(ledger, { recursive: true });
      const retried = await erase();
      expect(retried.status).toBe(200);
      expect(readFileSync(ledger, "utf8").trim().split("\n")).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

/** `npm run backup` in this process with `env`: its exit code and what it printed. */
async function runBackupCli(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await backupMain([], { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run backup with the server stopped", { timeout: 120_000 }, () => {
  it("backs the stopped database up itself, and refuses without BACKUP_DIR or on PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-backup-cli-"));
    const backupDir = path.join(dataDir, "backups");
    try {
      const db = await openDatabase({ engine: "pglite", dataDir });
      await db.close();
      const key = randomBytes(32).toString("hex");
      const written = await runBackupCli({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: key });
      expect(written.code, written.err).toBe(0);
      expect(written.out).toMatch(/Backup written: .*ovella-\d{8}T\d{9}Z\.backup/);
      expect(readdirSync(backupDir)).toHaveLength(1);
      // The lock was released: the server could start now.
      expect(existsSync(path.join(dataDir, ".ovella.lock"))).toBe(false);

      const off = await runBackupCli({ DATA_DIR: dataDir });
      expect(off.code).toBe(1);
      expect(off.err).toMatch(/BACKUP_DIR is not set/);
      const postgres = await runBackupCli({ DATA_DIR: dataDir, DATABASE_URL: "postgres://x@127.0.0.1:1/x", BACKUP_DIR: backupDir, BACKUP_KEY: key });
      expect(postgres.code).toBe(1);
      expect(postgres.err).toMatch(/pg_dump/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("npm run backup on a DATA_DIR without a database", { timeout: 60_000 }, () => {
  it("refuses, and creates no database and no backup", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-backup-empty-"));
    const backupDir = path.join(dataDir, "backups");
    try {
      for (const dir of [dataDir, path.join(dataDir, "not-created-yet")]) {
        const refused = await runBackupCli({ DATA_DIR: dir, BACKUP_DIR: backupDir, BACKUP_KEY: randomBytes(32).toString("hex") });
        expect(refused.code).toBe(1);
        expect(refused.err).toMatch(/holds no database: nothing was backed up/);
        expect(existsSync(path.join(dir, "pglite"))).toBe(false);
      }
      expect(existsSync(backupDir) ? readdirSync(backupDir) : []).toHaveLength(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("npm run backup with the server running", { timeout: 180_000 }, () => {
  it("asks the running server (SIGUSR2 to the lock holder) and waits for its backup", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-backup-signal-"));
    const backupDir = path.join(dataDir, "backups");
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: randomBytes(32).toString("hex"), BACKUP_EVERY_HOURS: "0", LOG_LEVEL: "silent" };
    const server = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "testing/backup-server.ts"], {
      env: { ...process.env, ...env, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("ready")) resolve();
        });
        server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
      });
      const out: string[] = [];
      const err: string[] = [];
      const code = await backupMain(["--timeout", "120"], { env, out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code, err.join("\n")).toBe(0);
      const files = readdirSync(backupDir);
      expect(files).toHaveLength(1);
      expect(out.join("\n")).toContain(files[0]);
      // The server still holds its directory: the backup was its own, taken while it served.
      expect(existsSync(path.join(dataDir, ".ovella.lock"))).toBe(true);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
