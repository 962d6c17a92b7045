/**
 * A full disk under DATA_DIR (ADR 0037): submissions answer 503 with Retry-After and write nothing, /readyz says
 * why, and everything recovers by itself once space returns. On a real, size-limited tmpfs where the machine
 * allows mounting one (root), and always with the free space faked at the boundary the code owns (statfs).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../server/config/env";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { createDiskGuard } from "../../server/services/disk-space";
import { composeRoot } from "../../server/root";
import { applications, contactMessages, emailOutbox } from "../../server/db/schema";
import { DISK_FULL_MESSAGE } from "../../server/http/disk-space";
import { createLogger } from "../../server/logger";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { validApplication, validContact } from "../../testing/fixtures";

const MB = 1024 * 1024;

async function appOver(database: DatabaseHandle, dataDir: string, disk: ReturnType<typeof createDiskGuard>): Promise<Express> {
  const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", DATA_DIR: dataDir, DISK_MIN_FREE_MB: "16" });
  return (await composeRoot({ env, database, logger: createLogger("silent"), disk })).app;
}

async function counts(database: DatabaseHandle) {
  return {
    applications: (await database.db.select({ id: applications.id }).from(applications)).length,
    messages: (await database.db.select({ id: contactMessages.id }).from(contactMessages)).length,
    emails: (await database.db.select({ id: emailOutbox.id }).from(emailOutbox)).length,
  };
}

async function expectRefused(app: Express) {
  const apply = await request(app).post("/api/applications").set("Idempotency-Key", "full-disk-key-0001").send(validApplication());
  expect(apply.status).toBe(503);
  expect(apply.headers["retry-after"]).toBe("60");
  expect(apply.body).toEqual({ message: DISK_FULL_MESSAGE });
  const contact = await request(app).post("/api/contact").send(validContact());
  expect(contact.status).toBe(503);
  const ready = await request(app).get("/readyz");
  expect(ready.status).toBe(503);
  expect(ready.body.status).toBe("disk full");
  expect(ready.body.reason).toMatch(/^disk almost full: [\d.]+ MB free where the data directory is, at least 16 MB are kept free$/);
}

async function expectAccepted(app: Express) {
  expect((await request(app).get("/readyz")).status).toBe(200);
  // The key refused while the disk was full is taken now: nothing of the refused attempt was kept.
  const apply = await request(app).post("/api/applications").set("Idempotency-Key", "full-disk-key-0001").send(validApplication());
  expect(apply.status).toBe(201);
  expect((await request(app).post("/api/contact").send(validContact())).status).toBe(201);
}

describe.each(TEST_ENGINES)("a full disk faked at statfs on %s", (engine) => {
  let database: TestDatabase;
  let free = 1024 * MB;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const disk = createDiskGuard({
      dir: tmpdir(),
      minFreeBytes: 16 * MB,
      cacheMs: 0,
      statfs: async () => ({ bavail: Math.floor(free / 4096), bsize: 4096 }),
    });
    app = await appOver(database, tmpdir(), disk);
  });
  afterAll(() => database.destroy());

  it("answers 503 with Retry-After, writes nothing, says why on /readyz, and recovers by itself", async () => {
    const first = await request(app).post("/api/applications").send(validApplication());
    expect(first.status, first.text).toBe(201);
    const before = await counts(database);
    free = 15 * MB;
    await expectRefused(app);
    expect(await counts(database)).toEqual(before);
    // Reads still work: the admin stays usable while space is found.
    expect((await request(app).get("/healthz")).status).toBe(200);
    free = 17 * MB;
    await expectAccepted(app);
    expect(await counts(database)).toEqual({ applications: before.applications + 1, messages: before.messages + 1, emails: before.emails + 2 });
  });
});

/** Mounts a tmpfs of `sizeMb` (root only); null with the reason when this machine does not allow it. */
function mountTmpfs(sizeMb: number): { dir: string; unmount: () => void } | string {
  const dir = mkdtempSync(path.join(tmpdir(), "ovella-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmdirSync(dir);
    return `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  }
  return {
    dir,
    unmount: () => {
      execFileSync("umount", [dir]);
      rmdirSync(dir);
    },
  };
}

const mounted = process.platform === "linux" ? mountTmpfs(128) : "not Linux";
// CI runs as root on Linux: there the real filesystem must be tested, and a mount that fails is a failure.
const mountRequired = Boolean(process.env.CI);
if (typeof mounted === "string" && !mountRequired) {
  console.log(`full-disk test on a real small filesystem not run: ${mounted}; the statfs variant above still ran`);
}

describe.skipIf(typeof mounted === "string" && !mountRequired)("a full disk on a real 128 MB tmpfs (embedded database)", { timeout: 120_000 }, () => {
  if (typeof mounted === "string") throw new Error(`CI must test a real small filesystem: ${mounted}`);
  const mount = mounted;
  const dataDir = path.join(mount.dir, "data");
  const filler = path.join(mount.dir, "filler");
  let database: DatabaseHandle;
  let app: Express;

  beforeAll(async () => {
    database = await openDatabase({ engine: "pglite", dataDir });
    app = await appOver(database, dataDir, createDiskGuard({ dir: dataDir, minFreeBytes: 16 * MB, cacheMs: 0 }));
  });
  afterAll(async () => {
    await database?.close();
    mount.unmount();
  });

  it("answers 503 with Retry-After while the disk is full, writes nothing, and recovers when space returns", async () => {
    const first = await request(app).post("/api/applications").send(validApplication());
    expect(first.status, first.text).toBe(201);
    const before = await counts(database);
    const stats = statfsSync(mount.dir);
    const available = stats.bavail * stats.bsize;
    // Leave 8 MB: under the 16 MB kept free.
    writeFileSync(filler, Buffer.alloc(Math.max(0, available - 8 * MB)));
    await expectRefused(app);
    expect(await counts(database)).toEqual(before);
    rmSync(filler);
    await expectAccepted(app);
    expect((await counts(database)).applications).toBe(before.applications + 1);
  });

  it("answers 503, not 500, when the database itself meets the full disk, and keeps working once space returns", async () => {
    const unguarded = await appOver(database, dataDir, createDiskGuard({ dir: dataDir, minFreeBytes: 0, cacheMs: 0 }));
    const before = await counts(database);
    const stats = statfsSync(mount.dir);
    writeFileSync(filler, Buffer.alloc(stats.bavail * stats.bsize));
    const statuses = new Set<number>();
    // Enough rows to need new pages of the tables and indexes: the database has to grow its files.
    for (let i = 0; i < 40; i++) {
      const res = await request(unguarded).post("/api/contact").send(validContact({ message: `Full disk ${i} ${"x".repeat(2000)}` }));
      statuses.add(res.status);
      if (res.status === 503) expect(res.headers["retry-after"]).toBeDefined();
    }
    expect([...statuses].every((s) => s === 201 || s === 503)).toBe(true);
    expect(statuses.has(503), [...statuses].join()).toBe(true);
    rmSync(filler);
    const after = await request(unguarded).post("/api/contact").send(validContact());
    expect(after.status).toBe(201);
    const now = await counts(database);
    expect(now.messages - before.messages).toBe(now.emails - before.emails);
  });
});
