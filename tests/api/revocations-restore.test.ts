/**
 * A restore revives nothing that was revoked (ADR 0107). A backup is taken; then an API key is revoked, a staff
 * member deleted, a password changed, a member's second factor reset and a member's recovery codes replaced.
 * The backup restored onto an empty data directory (with the ledger beside the backups) still refuses the key,
 * the deleted member, the old password and the reset factor; every session from before is gone; the System tab
 * says what was applied again. On both engines the same revocations are applied again to a database put back as
 * it stood before them (what `--erasures-since` does after PostgreSQL's own restore).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as restoreMain } from "../../server/cli/restore";
import { readEnv } from "../../server/config/env";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { apiKeys, recoveryCodes, sessions, staffFactors, users } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { composeRoot } from "../../server/root";
import { inspectBackup, revocationsOf } from "../../server/services/backups/format";
import { reapplyRevocations, readRevocationLedger, REVOCATION_LEDGER_FILE } from "../../server/services/staff";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, freshTotpCode, insertUser, login, STAFF_PASSWORD, STAFF_TOTP_SECRET, type StaffMember } from "../../testing/fixtures";

const NEW_PASSWORD = "Quiet-harbour-lantern-47";

describe("a restore onto an empty directory revives nothing revoked after the backup (PGlite on disk)", { timeout: 300_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), "ovella-revoke-"));
  const dataDir = path.join(root, "data");
  const fresh = path.join(root, "new-disk");
  const backupDir = path.join(root, "backups");
  const keyHex = randomBytes(32).toString("hex");
  const baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: keyHex };
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let database: DatabaseHandle;
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;
  const member: Record<"deleted" | "changer" | "resetee" | "regenerator", string> = { deleted: "", changer: "", resetee: "", regenerator: "" };
  let apiKey: { id: string; key: string };
  let backup: string;
  let oldTokens: string[];
  let restoreOut = "";

  const boot = async (dir: string) => {
    database = await openDatabase({ engine: "pglite", dataDir: dir });
    const env = readEnv({ ...baseEnv, DATA_DIR: dir });
    const { app } = await composeRoot({ env, database, logger: createLogger("silent"), now });
    t = { app, database: { ...database, destroy: () => database.close() }, env, now, advance: (ms: number) => (offset += ms), close: () => database.close() } as TestApp;
  };
  const admin = () => bearer(staff.super_admin.token);
  const signIn = (username: string, password = STAFF_PASSWORD) => request(t.app).post("/api/auth/login").send({ username, password });
  const readKey = (key: string) => request(t.app).get("/api/admin/applications").set(bearer(key));

  beforeAll(async () => {
    await boot(dataDir);
    staff = await createStaff(t, "rev");
    for (const name of Object.keys(member) as (keyof typeof member)[]) member[name] = await insertUser(t, `rev_${name}`, "user");
    const created = await request(t.app).post("/api/admin/api-keys").set(admin()).send({ name: "CRM", scopes: ["applications:read"] });
    expect(created.status, created.text).toBe(201);
    apiKey = created.body as { id: string; key: string };
    expect((await readKey(apiKey.key)).status).toBe(200);
    // Signed in before the backup: these sessions are in it.
    const regenerator = await login(t, "rev_regenerator");
    const codes = await request(t.app).post("/api/factors/recovery-codes").set(bearer(regenerator));
    expect(codes.status, codes.text).toBe(200);
    oldTokens = [staff.user.token, staff.admin.token, staff.super_admin.token, regenerator, await login(t, "rev_changer"), await login(t, "rev_resetee")];
    const res = await request(t.app).post("/api/system/backups").set(admin());
    expect(res.status, res.text).toBe(201);
    backup = path.join(backupDir, res.body.name as string);
    offset += 1000;

    // After the backup: one of each revocation.
    expect((await request(t.app).delete(`/api/admin/api-keys/${apiKey.id}`).set(admin())).status).toBe(204);
    expect((await request(t.app).delete(`/api/users/${member.deleted}`).set(admin())).status).toBe(204);
    expect((await request(t.app).put(`/api/users/${member.changer}/password`).set(admin()).send({ newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await request(t.app).delete(`/api/users/${member.resetee}/factors`).set(admin())).status).toBe(204);
    expect((await request(t.app).post("/api/factors/recovery-codes").set(bearer(regenerator))).status).toBe(200);
    await database.close();
  });
  afterAll(async () => {
    await database.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it("records each revocation in DATA_DIR and beside the backups: ids, times and a password fingerprint, no secret", async () => {
    for (const dir of [dataDir, backupDir]) {
      const entries = await readRevocationLedger(path.join(dir, REVOCATION_LEDGER_FILE));
      expect(entries.map((e) => [e.kind, e.id])).toEqual([
        // Her first "new recovery codes", before the backup: recorded too, and not applied by this restore.
        ["recovery_codes", member.regenerator],
        ["api_key", apiKey.id],
        ["staff_delete", member.deleted],
        ["password", member.changer],
        ["factors", member.resetee],
        ["recovery_codes", member.regenerator],
      ]);
      const text = readFileSync(path.join(dir, REVOCATION_LEDGER_FILE), "utf8");
      for (const secret of [apiKey.key, NEW_PASSWORD, "rev_", "argon2", STAFF_TOTP_SECRET]) expect(text).not.toContain(secret);
    }
  });

  it("restores the backup onto an empty directory, applying every revocation again", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await restoreMain([backup], { env: { ...baseEnv, DATA_DIR: fresh }, out: (l) => out.push(l), err: (l) => err.push(l) });
    restoreOut = out.join("\n");
    expect(code, err.join("\n")).toBe(0);
    await boot(fresh);
    expect(restoreOut).toMatch(/Revocations after it: 5 recorded; applied again: 1 API keys revoked, 1 accounts deleted, 0 deactivated, 1 old passwords disabled/);
    expect(restoreOut).toMatch(/1 second factors reset, 1 sets of recovery codes revoked\. [1-9]\d* staff sessions ended/);
    // The new DATA_DIR knows them, for a later restore.
    expect(await readRevocationLedger(path.join(fresh, REVOCATION_LEDGER_FILE))).toHaveLength(6);
    // The authenticator secrets come back sealed with the key the backup carried, now the new disk's own (ADR 0108).
    expect(readFileSync(path.join(fresh, "mfa.key"), "utf8")).toBe(readFileSync(path.join(dataDir, "mfa.key"), "utf8"));
    expect(restoreOut).toMatch(/Authenticator secrets sealed with this server's second-factor key: 0\./);
    const stored = (await database.db.select({ secret: staffFactors.totp_secret }).from(staffFactors)).map((row) => row.secret).filter((v) => v !== null);
    expect(stored.length).toBeGreaterThan(0);
    for (const secret of stored) expect(secret).toMatch(/^v1\.[0-9a-f]{16}\./);
  });

  it("the revoked key, the deleted member, the old password and the reset factor are all still refused", async () => {
    expect((await readKey(apiKey.key)).status).toBe(401);
    expect((await signIn("rev_deleted")).status).toBe(401);
    // The password in the backup is older than the change: disabled, and so is any other until one is set for her.
    expect((await signIn("rev_changer")).status).toBe(401);
    expect((await signIn("rev_changer", NEW_PASSWORD)).status).toBe(401);
    // The reset authenticator: her sign-in asks her to enrol a new factor; the old code is refused.
    const resetee = await signIn("rev_resetee");
    expect(resetee.status, resetee.text).toBe(200);
    expect(resetee.body.step).toBe("enrol");
    offset += 60_000;
    const code = await freshTotpCode(t, "rev_resetee", STAFF_TOTP_SECRET);
    expect((await request(t.app).post("/api/auth/totp").set(bearer(resetee.body.token as string)).send({ code })).status).not.toBe(200);
    const [factors, codes] = await Promise.all([
      t.database.db.select().from(staffFactors).where(eq(staffFactors.user_id, member.resetee)),
      t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, member.regenerator)),
    ]);
    expect(factors).toEqual([]);
    // The recovery codes replaced after the backup are not brought back.
    expect(codes).toEqual([]);
  });

  it("every session from before the restore is gone: everyone signs in again", async () => {
    for (const token of oldTokens) expect((await request(t.app).get("/api/auth/me").set(bearer(token))).status).toBe(401);
    offset += 60_000;
    staff.super_admin.token = await login(t, staff.super_admin.username);
    expect((await request(t.app).get("/api/auth/me").set(admin())).status).toBe(200);
  });

  it("the System tab says what the restore applied again", async () => {
    const res = await request(t.app).get("/api/system").set(admin());
    expect(res.status, res.text).toBe(200);
    expect(res.body.backups.lastRestore).toMatchObject({
      erasures: 0,
      revocations: 5,
      apiKeys: 1,
      staffDeleted: 1,
      staffDeactivated: 0,
      passwordsDisabled: 1,
      factorsReset: 1,
      recoveryCodesRevoked: 1,
    });
    expect(res.body.backups.lastRestore.sessionsEnded).toBeGreaterThanOrEqual(oldTokens.length);
    expect(res.body.backups.lastRestore.takenAt).toBe(inspectBackup(readFileSync(backup)).manifest.takenAt);
  });

  it("a backup taken afterwards carries the revocations inside it (format 3)", async () => {
    const res = await request(t.app).post("/api/system/backups").set(admin());
    expect(res.status, res.text).toBe(201);
    const { manifest } = inspectBackup(readFileSync(path.join(backupDir, res.body.name as string)));
    expect(manifest.format).toBe(4);
    expect(revocationsOf(manifest).map((e) => e.kind)).toEqual(["recovery_codes", "api_key", "staff_delete", "password", "factors", "recovery_codes"]);
  });
});

describe.each(TEST_ENGINES)("revocations applied again to a database put back as it was before them, on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t, "again");
  });
  afterAll(() => t.close());

  it("revokes the key, deletes and deactivates the accounts, disables the old password and resets the factor again; ends every session", async () => {
    const db = t.database.db;
    const admin = bearer(staff.super_admin.token);
    const deleted = await insertUser(t, "again_deleted", "user");
    const deactivated = await insertUser(t, "again_deactivated", "user");
    const changer = await insertUser(t, "again_changer", "user");
    const resetee = await insertUser(t, "again_resetee", "user");
    const created = await request(t.app).post("/api/admin/api-keys").set(admin).send({ name: "CRM", scopes: ["applications:read"] });
    const key = created.body as { id: string; key: string };
    const before = new Date(t.now().getTime() - 1);
    const snapshot = {
      users: await db.select().from(users),
      factors: await db.select().from(staffFactors),
    };
    t.advance(1000);
    expect((await request(t.app).delete(`/api/admin/api-keys/${key.id}`).set(admin)).status).toBe(204);
    expect((await request(t.app).delete(`/api/users/${deleted}`).set(admin)).status).toBe(204);
    await t.services.users.deactivate(deactivated, { actor: { id: null, username: "cli" } });
    expect((await request(t.app).put(`/api/users/${changer}/password`).set(admin).send({ newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await request(t.app).delete(`/api/users/${resetee}/factors`).set(admin)).status).toBe(204);

    // The database put back as it stood before (what restoring an older dump does).
    await db.update(apiKeys).set({ revoked_at: null }).where(eq(apiKeys.id, key.id));
    for (const row of snapshot.users.filter((u) => u.id === deleted)) await db.insert(users).values(row);
    await db.update(users).set({ is_active: true }).where(eq(users.id, deactivated));
    for (const row of snapshot.users.filter((u) => u.id === changer)) await db.update(users).set({ password: row.password, must_change_password: false }).where(eq(users.id, changer));
    for (const row of snapshot.factors.filter((f) => f.user_id === resetee || f.user_id === deleted)) await db.insert(staffFactors).values(row);
    expect((await request(t.app).get("/api/admin/applications").set(bearer(key.key))).status).toBe(200);
    expect((await request(t.app).post("/api/auth/login").send({ username: "again_changer", password: STAFF_PASSWORD })).status).toBe(200);

    const ledger = await readRevocationLedger(path.join(t.env.DATA_DIR, REVOCATION_LEDGER_FILE));
    if (t.database.url) {
      // PostgreSQL restored with its own tools: the command line applies the ledger again.
      const out: string[] = [];
      const err: string[] = [];
      const code = await restoreMain(["--erasures-since", before.toISOString()], {
        env: { DATABASE_URL: t.database.url, DATA_DIR: t.env.DATA_DIR },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      expect(code, err.join("\n")).toBe(0);
      expect(out.join("\n")).toMatch(/Revocations after it: 5 recorded; applied again: 1 API keys revoked, 1 accounts deleted, 1 deactivated, 1 old passwords disabled.*1 second factors reset/);
    } else {
      const applied = await reapplyRevocations(db, before, ledger, t.now);
      expect(applied).toMatchObject({ entries: 5, apiKeys: 1, staffDeleted: 1, staffDeactivated: 1, passwordsDisabled: 1, factorsReset: 1 });
    }
    expect((await request(t.app).get("/api/admin/applications").set(bearer(key.key))).status).toBe(401);
    for (const username of ["again_deleted", "again_deactivated", "again_changer"]) {
      expect((await request(t.app).post("/api/auth/login").send({ username, password: STAFF_PASSWORD })).status, username).toBe(401);
    }
    const resetLogin = await request(t.app).post("/api/auth/login").send({ username: "again_resetee", password: STAFF_PASSWORD });
    expect(resetLogin.body.step).toBe("enrol");
    expect(await db.select().from(sessions).where(eq(sessions.user_id, staff.super_admin.id))).toEqual([]);
    expect((await request(t.app).get("/api/auth/me").set(admin)).status).toBe(401);
    // Applied once, applied again: nothing more to do.
    expect(await reapplyRevocations(db, before, ledger, t.now)).toMatchObject({ apiKeys: 0, staffDeleted: 0, staffDeactivated: 0, factorsReset: 0 });
  });
});
