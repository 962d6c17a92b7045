/** The staff command line (server/cli/users.ts) on both engines, in process and as a piped child process. */
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../server/cli/users";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { auditEvents, users } from "../../server/db/schema";
import { createServices } from "../../server/services";
import { readRevocationLedger, REVOCATION_LEDGER_FILE, verifyPassword } from "../../server/services/staff";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";

interface Run {
  code: number;
  out: string;
  err: string;
}

describe.each(TEST_ENGINES)("users CLI on %s", { timeout: 120_000 }, (engine) => {
  let env: Record<string, string>;
  let pg: TestDatabase | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    // A data directory of its own on both engines: the revocation ledger is written there (ADR 0107).
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-cli-"));
    if (engine === "postgres") {
      pg = await createTestDatabase("postgres");
      env = { DATABASE_URL: pg.url ?? "", DATA_DIR: dataDir };
    } else {
      env = { DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function cli(args: string[], passwords: string[] = []): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      env,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readPassword: async () => passwords.shift() ?? "",
    };
    const code = await main(args, io);
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  /** Opens the database for a check (PGlite allows one process at a time: closed right after). */
  async function withDb<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
    if (pg) return fn(pg);
    const handle = await openDatabase({ engine: "pglite", dataDir: dataDir ?? "" });
    try {
      return await fn(handle);
    } finally {
      await handle.close();
    }
  }

  it("creates accounts with validated input and refuses duplicates in any letter case", async () => {
    const created = await cli(["create", "--username", "Cli_Boss", "--role", "super_admin"], ["Velvet-Orchard-Bell-4"]);
    expect(created).toMatchObject({ code: 0, out: "Created super_admin Cli_Boss." });
    const dup = await cli(["create", "--username", "cli_boss"], ["Velvet-Orchard-Bell-4"]);
    expect(dup.code).toBe(1);
    expect(dup.err).toBe("Error: Username already exists");
    const weak = await cli(["create", "--username", "weakling"], ["weak"]);
    expect(weak.code).toBe(1);
    expect(weak.err).toContain("Password must be at least 8 characters");
    const badName = await cli(["create", "--username", "no spaces"], ["Velvet-Orchard-Bell-4"]);
    expect(badName.code).toBe(1);
    expect(badName.err).toContain("Username can only contain letters, numbers, and underscores");
    const badRole = await cli(["create", "--username", "roleless", "--role", "owner"], ["Velvet-Orchard-Bell-4"]);
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain("--role must be one of user, coordinator, admin, super_admin");
    expect((await cli(["create", "--username", "cli_staff"], ["Northern-Tide-Pool-12"])).code).toBe(0);

    await withDb(async ({ db }) => {
      const rows = await db.select().from(users);
      expect(rows.map((u) => u.username).toSorted()).toEqual(["Cli_Boss", "cli_staff"]);
      const staff = rows.find((u) => u.username === "cli_staff");
      expect(staff?.role).toBe("user");
      expect(await verifyPassword(staff?.password ?? "", "Northern-Tide-Pool-12")).toBe(true);
      const events = await db.select().from(auditEvents).where(eq(auditEvents.action, "user_create"));
      expect(events.every((e) => e.actor_username === "cli")).toBe(true);
    });
  });

  it("lists accounts without any password", async () => {
    const res = await cli(["list"]);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/^USERNAME\s+ROLE\s+STATUS\s+CREATED\s+LAST LOGIN/);
    expect(res.out).toMatch(/Cli_Boss\s+super_admin\s+active\s+.+Never/);
    expect(res.out).not.toMatch(/argon2|Velvet-Orchard-Bell-4/);
  });

  it("sets a password and ends the user's sessions", async () => {
    const token = await withDb(async ({ db }) => {
      const services = createServices({ db, now: () => new Date() });
      const user = await services.users.findByUsername("cli_staff");
      return services.sessions.create(user?.id ?? "");
    });
    const res = await cli(["set-password", "--username", "CLI_STAFF"], ["Renewed-Harbor-Gate-8"]);
    expect(res).toMatchObject({ code: 0, out: "Password of cli_staff changed; their sessions were ended." });
    expect((await cli(["set-password", "--username", "cli_staff"], ["short"])).code).toBe(1);
    const missing = await cli(["set-password", "--username", "nobody_x"], ["Renewed-Harbor-Gate-8"]);
    expect(missing).toMatchObject({ code: 1, err: "Error: No user named nobody_x" });
    await withDb(async ({ db }) => {
      const services = createServices({ db, now: () => new Date() });
      expect(await services.sessions.resolve(token)).toBeNull();
      const user = await services.users.findByUsername("cli_staff");
      expect(await verifyPassword(user?.password ?? "", "Renewed-Harbor-Gate-8")).toBe(true);
    });
  });

  it("deactivates an account, ending its sessions, but never the last active super admin", async () => {
    const token = await withDb(async ({ db }) => {
      const services = createServices({ db, now: () => new Date() });
      return services.sessions.create((await services.users.findByUsername("cli_staff"))?.id ?? "");
    });
    expect(await cli(["deactivate", "--username", "cli_staff"])).toMatchObject({ code: 0 });
    expect((await cli(["deactivate", "--username", "cli_staff"])).out).toBe("cli_staff is already inactive.");
    const last = await cli(["deactivate", "--username", "Cli_Boss"]);
    expect(last).toMatchObject({ code: 1, err: "Error: The last active super admin cannot be removed" });
    await withDb(async ({ db }) => {
      const services = createServices({ db, now: () => new Date() });
      expect(await services.sessions.resolve(token)).toBeNull();
      expect((await services.users.findByUsername("cli_staff"))?.is_active).toBe(false);
      expect((await services.users.findByUsername("Cli_Boss"))?.is_active).toBe(true);
      // Recorded in DATA_DIR's revocation ledger, so a restore of an older backup deactivates her again (ADR 0107).
      const id = (await services.users.findByUsername("cli_staff"))?.id;
      const ledger = await readRevocationLedger(path.join(dataDir ?? "", REVOCATION_LEDGER_FILE));
      expect(ledger.filter((e) => e.id === id).map((e) => e.kind)).toEqual(["password", "staff_deactivate"]);
    });
  });

  it.runIf(engine === "pglite")("leaves the data directory private to this user: 0700 directories, 0600 files", async () => {
    const dir = dataDir ?? "";
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, "left-by-a-restore.txt"), "x", { mode: 0o644 });
    chmodSync(path.join(dir, "left-by-a-restore.txt"), 0o644);
    expect((await cli(["list"])).code).toBe(0);
    const entries = [dir, ...readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name))];
    const loose = entries.filter((file) => (statSync(file).mode & 0o777) !== (statSync(file).isDirectory() ? 0o700 : 0o600));
    expect(loose).toEqual([]);
  });

  it("explains wrong usage with exit code 2", async () => {
    for (const args of [[], ["frobnicate"], ["create"], ["deactivate", "--username"], ["list", "extra"]]) {
      const res = await cli(args);
      expect(res.code).toBe(2);
      expect(res.err).toContain("Usage: npm run users -- <command>");
    }
    expect((await cli(["--help"])).code).toBe(0);
  });
});

describe("users CLI as a process", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-cli-proc-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function spawnCli(args: string[], stdin: string): Promise<Run> {
    const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [tsx, "server/cli/users.ts", ...args],
        { env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir }, timeout: 120_000 },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: String(out), err: String(err) }),
      );
      child.stdin?.end(stdin);
    });
  }

  it("reads the password as one line from piped stdin and exits with a status", async () => {
    const ok = await spawnCli(["create", "--username", "piped_admin", "--role", "admin"], "PipedPass123\n");
    expect(ok.err).toBe("");
    expect(ok).toMatchObject({ code: 0, out: "Created admin piped_admin.\n" });
    const weak = await spawnCli(["set-password", "--username", "piped_admin"], "weak\n");
    expect(weak.code).toBe(1);
    expect(weak.err).toContain("Password must be at least 8 characters");
  }, 300_000);
});
