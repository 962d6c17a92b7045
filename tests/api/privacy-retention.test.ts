/**
 * Retention and erasure under concurrency, on both engines: the purge with a mocked clock (dry run, batches,
 * audit by count, .eml files), the advisory lock between instances, the daily schedule, and an erasure racing a
 * new application from the same address.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, contactMessages, emailOutbox, privacyRequests, rateLimits, sessions, users } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createAuditService } from "../../server/services/audit";
import { createPrivacyService, type PurgeResult } from "../../server/services/privacy";
import { startRetentionSchedule } from "../../server/services/privacy/schedule";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { insertOutboxEmail } from "../../testing/privacy";

const DAY = 24 * 3600_000;
const NOW = new Date("2027-06-01T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const POLICY = { applicationsDays: 730, messagesDays: 365, auditDays: 2190 };

function application(email: string, submittedAt: Date) {
  return {
    firstName: "Old",
    lastName: "Timer",
    email,
    age: 30,
    state: "California",
    zipCode: "94110",
    interestLevel: "Just curious",
    formSource: "main page",
    submitted_at: submittedAt,
  };
}

describe.each(TEST_ENGINES)("retention and concurrency on %s", { timeout: 120_000 }, (engine) => {
  let database: TestDatabase;
  let dataDir: string;
  let outboxDir: string;
  const service = (now: Date = NOW) =>
    createPrivacyService({
      database,
      now: () => now,
      audit: createAuditService(database.db, () => now),
      hashSecret: "retention-test-secret-0123456789abcdef",
      retention: POLICY,
      outboxDir,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-retention-"));
    outboxDir = path.join(dataDir, "outbox");
    mkdirSync(outboxDir, { recursive: true });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("purges only what is older than each period, in batches, and audits the counts", async () => {
    const { db } = database;
    const oldApps = await db
      .insert(applications)
      .values(Array.from({ length: 7 }, (_, i) => application(`old${i}@example.com`, ago(731 + i))))
      .returning({ id: applications.id });
    const [freshApp] = await db.insert(applications).values(application("fresh@example.com", ago(729))).returning({ id: applications.id });
    await db.insert(contactMessages).values([
      { firstName: "A", lastName: "B", email: "m1@example.com", reason: "other", subject: "s", message: "an old message", submitted_at: ago(400) },
      { firstName: "A", lastName: "B", email: "m2@example.com", reason: "other", subject: "s", message: "a recent message", submitted_at: ago(10) },
    ]);
    const oldEmail = await insertOutboxEmail(db, { subjectEmail: "old0@example.com", recipients: ["old0@example.com"], applicationId: oldApps[0]?.id });
    await db.update(emailOutbox).set({ created_at: ago(731) }).where(eq(emailOutbox.id, oldEmail));
    const freshEmail = await insertOutboxEmail(db, { subjectEmail: "fresh@example.com", recipients: ["fresh@example.com"], applicationId: freshApp?.id });
    writeFileSync(path.join(outboxDir, `${oldEmail}.eml`), "old");
    writeFileSync(path.join(outboxDir, `${freshEmail}.eml`), "fresh");
    await db.insert(auditEvents).values([
      { action: "view", at: ago(2191) },
      { action: "view", at: ago(5) },
    ]);
    const [user] = await db.insert(users).values({ username: "retention_u", username_key: "retention_u", password: "x" }).returning({ id: users.id });
    await db.insert(sessions).values([
      { token_hash: "expired", user_id: user?.id ?? "", expires_at: ago(1) },
      { token_hash: "live", user_id: user?.id ?? "", expires_at: new Date(NOW.getTime() + DAY) },
    ]);
    await db.insert(rateLimits).values([
      { key: "old", hits: 3, reset_at: ago(1) },
      { key: "live", hits: 3, reset_at: new Date(NOW.getTime() + DAY) },
    ]);
    await db.insert(privacyRequests).values({
      kind: "access",
      status: "completed",
      subject_hash: "h",
      received_at: ago(2300),
      due_at: ago(2255),
      completed_at: ago(2200),
    });

    const expected = { applications: 7, contactMessages: 1, emails: 1, auditEvents: 1, privacyRequests: 1, sessions: 1, rateLimits: 1 };
    const dry = await service().purge({ dryRun: true });
    expect(dry).toMatchObject({ ran: true, dryRun: true, counts: expected });
    expect(await db.select().from(applications)).toHaveLength(8);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "retention_purge"))).toEqual([]);

    const done: PurgeResult = await service().purge();
    expect(done.counts).toEqual(expected);
    expect((await db.select({ id: applications.id }).from(applications)).map((r) => r.id)).toEqual([freshApp?.id]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["live"]);
    expect((await db.select({ t: sessions.token_hash }).from(sessions)).map((r) => r.t)).toEqual(["live"]);
    expect(existsSync(path.join(outboxDir, `${oldEmail}.eml`))).toBe(false);
    expect(existsSync(path.join(outboxDir, `${freshEmail}.eml`))).toBe(true);
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, "retention_purge"));
    expect(event).toMatchObject({ actor_username: "system", detail: { counts: expected, retention_days: { applications: 730, messages: 365, audit: 2190 } } });

    // A day later nothing new has expired: the run removes nothing.
    const next = await service(new Date(NOW.getTime() + DAY)).purge();
    expect(Object.values(next.counts).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("deletes in batches when there are many expired rows", async () => {
    const { db } = database;
    await db.insert(applications).values(Array.from({ length: 1203 }, (_, i) => application(`bulk${i}@example.com`, ago(800))));
    const result = await service().purge();
    expect(result.counts.applications).toBe(1203);
    expect(await db.select().from(applications).where(sql`${applications.email} like 'bulk%'`)).toEqual([]);
  });

  it("runs the purge at start and on each interval, and stop() waits for a run in progress", async () => {
    const runs: number[] = [];
    const gate = Promise.withResolvers<void>();
    const schedule = startRetentionSchedule({
      logger: createLogger("silent"),
      intervalMs: 25,
      run: async () => {
        runs.push(Date.now());
        if (runs.length === 3) await gate.promise;
        return { ran: true, dryRun: false, counts: { applications: 0, contactMessages: 0, emails: 0, auditEvents: 0, privacyRequests: 0, sessions: 0, rateLimits: 0 }, cutoffs: { applications: NOW, messages: NOW, audit: NOW } };
      },
    });
    expect(runs).toHaveLength(1);
    await expect.poll(() => runs.length).toBe(3);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    const count = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs.length).toBe(count);
  });

});

/** Two connections at once: PostgreSQL only (PGlite serves one connection, so it is trivially serial). */
describe.each(TEST_ENGINES.filter((engine) => engine === "postgres"))("several instances on %s", { timeout: 120_000 }, (engine) => {
  let database: TestDatabase;
  const service = () =>
    createPrivacyService({
      database,
      now: () => NOW,
      audit: createAuditService(database.db, () => NOW),
      hashSecret: "retention-test-secret-0123456789abcdef",
      retention: POLICY,
      outboxDir: null,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("lets only the instance holding the advisory lock purge", async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(727361005)");
      const skipped = await service().purge();
      expect(skipped.ran).toBe(false);
      await holder.query("commit");
      expect((await service().purge()).ran).toBe(true);
    } finally {
      await holder.end();
    }
  });

  it("leaves no half state when a new application from the address arrives during an erasure", async () => {
    const { db } = database;
    const email = "racer@example.com";
    const [before] = await db.insert(applications).values(application(email, ago(1))).returning({ id: applications.id });
    await insertOutboxEmail(db, { subjectEmail: email, recipients: [email], applicationId: before?.id });
    let newcomer = "";
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      const result = await service().erase(" Racer@Example.com", { actor: { id: null, username: "cli" } }, {
        afterApplicationsDeleted: async () => {
          // Another instance stores a new application and its confirmation email, and commits, mid-erasure.
          await other.query("begin");
          const inserted = await other.query<{ id: string }>(
            `insert into applications ("firstName","lastName",email,age,state,"zipCode","interestLevel","formSource") values ('New','Comer',$1,30,'California','94110','Just curious','main page') returning id`,
            [email],
          );
          newcomer = inserted.rows[0]?.id ?? "";
          await other.query(
            `insert into email_outbox (kind, recipients, subject_email, application_id, payload, message_id) values ('application_confirmation', $1, $2, $3, '{}', '<n@x>')`,
            [[email], email, newcomer],
          );
          await other.query("commit");
        },
      });
      expect(result.counts).toMatchObject({ applications: 1, emails: 1 });
    } finally {
      await other.end();
    }
    // The earlier application is gone with its email; the new one is whole, with its email.
    const apps = await db.select({ id: applications.id }).from(applications).where(eq(applications.email, email));
    expect(apps.map((a) => a.id)).toEqual([newcomer]);
    const mails = await db.select({ app: emailOutbox.application_id }).from(emailOutbox).where(eq(emailOutbox.subject_email, email));
    expect(mails.map((m) => m.app)).toEqual([newcomer]);
  });
});
