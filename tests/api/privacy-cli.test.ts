/** The privacy command line (server/cli/privacy.ts) on both engines, in process and once as a piped child process. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../server/cli/privacy";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { applications, auditEvents, contactMessages } from "../../server/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { columnsHolding, insertOutboxEmail } from "../../testing/privacy";

interface Run {
  code: number;
  out: string;
  err: string;
}

const ANA = "ana.cli@example.com";
const BEA = "bea.cli@example.com";

describe.each(TEST_ENGINES)("privacy CLI on %s", { timeout: 180_000 }, (engine) => {
  let env: Record<string, string>;
  let pg: TestDatabase | undefined;
  let dataDir: string;

  async function withDb<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
    if (pg) return fn(pg);
    const handle = await openDatabase({ engine: "pglite", dataDir });
    try {
      return await fn(handle);
    } finally {
      await handle.close();
    }
  }

  async function cli(args: string[], answers: string[] = []): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { env, out: (l) => out.push(l), err: (l) => err.push(l), ask: async () => answers.shift() ?? "" };
    const code = await main(args, io);
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-privacy-cli-"));
    if (engine === "postgres") {
      pg = await createTestDatabase("postgres");
      env = { DATABASE_URL: pg.url ?? "", DATA_DIR: dataDir };
    } else {
      env = { DATA_DIR: dataDir };
    }
    await withDb(async ({ db }) => {
      for (const [email, days] of [[ANA, 1], [ANA.toUpperCase(), 900], [BEA, 1]] as const) {
        await db.insert(applications).values({
          firstName: "Cli",
          lastName: "Person",
          email,
          age: 30,
          state: "Oregon",
          zipCode: "97201",
          interestLevel: "Just curious",
          formSource: "main page",
          submitted_at: new Date(Date.now() - days * 86_400_000),
        });
      }
      await db.insert(contactMessages).values({ firstName: "Ana", lastName: "Cli", email: ANA, reason: "other", subject: "Hi", message: "A message long enough" });
      await insertOutboxEmail(db, { subjectEmail: ANA, recipients: [ANA] });
    });
  });
  afterAll(async () => {
    await pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("explains its usage and refuses bad input", async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(["find"])).err).toContain("--email is required");
    expect((await cli(["shred", "--email", ANA])).code).toBe(2);
    const bad = await cli(["find", "--email", "nope"]);
    expect(bad).toMatchObject({ code: 1, err: "Error: Please enter a valid email address" });
    expect((await cli(["--help"])).out).toContain("npm run privacy -- <command>");
  });

  it("finds and exports by address, whatever its case", async () => {
    const found = await cli(["find", "--email", `  ${ANA.toUpperCase()} `]);
    expect(found.code, found.err).toBe(0);
    expect(found.out).toMatch(/applications\s+2/);
    expect(found.out).toMatch(/contactMessages\s+1/);
    expect(found.out).toMatch(/emails\s+1/);
    const none = await cli(["find", "--email", "nobody@example.com"]);
    expect(none.out).toMatch(/applications\s+0/);

    const file = path.join(dataDir, "export.json");
    const exported = await cli(["export", "--email", ANA, "--out", file]);
    expect(exported.code, exported.err).toBe(0);
    const doc = JSON.parse(readFileSync(file, "utf8")) as { subject: { email: string }; counts: Record<string, number> };
    expect(doc.subject.email).toBe(ANA);
    expect(doc.counts).toMatchObject({ applications: 2, contact_messages: 1, emails: 1 });
    const toStdout = await cli(["export", "--email", BEA]);
    expect((JSON.parse(toStdout.out) as { counts: { applications: number } }).counts.applications).toBe(1);
  });

  it("shows what a purge would remove with --dry-run, without removing it", async () => {
    const dry = await cli(["purge", "--dry-run"]);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain("A purge now would remove:");
    expect(dry.out).toMatch(/applications\s+1/);
    expect(await withDb(({ db }) => db.select().from(applications))).toHaveLength(3);
  });

  it("erases only after the address is typed again, or with --yes", async () => {
    const refused = await cli(["erase", "--email", ANA], ["someone.else@example.com"]);
    expect(refused).toMatchObject({ code: 1, err: "Error: Not confirmed: nothing was erased" });
    expect(await withDb(({ db }) => db.select().from(applications).where(sql`lower(${applications.email}) = ${ANA}`))).toHaveLength(2);

    const erased = await cli(["erase", "--email", ANA], [` ${ANA.toUpperCase()}`]);
    expect(erased.code, erased.err).toBe(0);
    expect(erased.out).toMatch(/applications\s+2/);
    await withDb(async ({ db }) => {
      expect(await columnsHolding(db, ANA)).toEqual([]);
      expect(await db.select().from(applications).where(eq(applications.email, BEA))).toHaveLength(1);
      const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_erase"));
      expect(event).toMatchObject({ actor_username: "cli" });
      expect(event?.detail).toMatchObject({ subject_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    });

    const yes = await cli(["erase", "--email", BEA, "--yes"]);
    expect(yes.code, yes.err).toBe(0);
    expect(await withDb(({ db }) => db.select().from(applications))).toEqual([]);
  });

  it("runs as a child process with the confirmation piped in", async () => {
    const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
    const run = await new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        [tsx, "server/cli/privacy.ts", "erase", "--email", "piped@example.com"],
        { env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? "" }, timeout: 120_000 },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: String(out), err: String(err) }),
      );
      child.stdin?.end("piped@example.com\n");
    });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain("Erased piped@example.com:");
  });
});
