/**
 * Second factors (docs/requirements.md §4): TOTP sign-in without replay, enrolment at the first sign-in,
 * recovery codes shown once and used once, a super admin's audited reset, the forced change of a
 * generated first password, MFA_REQUIRED, and common passwords refused.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../server/config/env";
import { auditEvents, recoveryCodes, users } from "../../server/db/schema";
import { factorSecretsFromEnv } from "../../server/services";
import { ensureInitialAdmin } from "../../server/services/staff";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, enrolTotp, freshTotpCode, insertUser, login, STAFF_PASSWORD, type StaffMember } from "../../testing/fixtures";

const signInWithPassword = (t: TestApp, username: string, password = STAFF_PASSWORD) =>
  request(t.app).post("/api/auth/login").send({ username, password });

describe.each(TEST_ENGINES)("second factors on %s", (engine) => {
  let t: TestApp;
  let staff: Record<"user" | "admin" | "super_admin", StaffMember>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createStaff(t, "mfa");
  });
  afterAll(() => t.close());

  it("a pending sign-in reaches no data; a wrong code is refused, the right one signs in once and never again", async () => {
    await insertUser(t, "totp_member", "admin");
    const first = await signInWithPassword(t, "totp_member");
    expect(first.body.step).toBe("second_factor");
    expect((await request(t.app).get("/api/applications").set(bearer(first.body.token))).status).toBe(401);
    const wrong = await request(t.app).post("/api/auth/totp").set(bearer(first.body.token)).send({ code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code[0]).toMatch(/not valid/);
    const code = await freshTotpCode(t, "totp_member");
    const right = await request(t.app).post("/api/auth/totp").set(bearer(first.body.token)).send({ code });
    expect(right.body.step).toBe("done");
    expect((await request(t.app).get("/api/applications").set(bearer(right.body.token))).status).toBe(200);

    // The same code in another sign-in is a replay.
    const again = await signInWithPassword(t, "totp_member");
    expect((await request(t.app).post("/api/auth/totp").set(bearer(again.body.token)).send({ code })).status).toBe(400);
  });

  it("five wrong codes end the pending sign-in", async () => {
    await insertUser(t, "guessed", "user");
    const first = await signInWithPassword(t, "guessed");
    for (let i = 0; i < 4; i++) {
      expect((await request(t.app).post("/api/auth/totp").set(bearer(first.body.token)).send({ code: `12345${i}` })).status).toBe(400);
    }
    expect((await request(t.app).post("/api/auth/totp").set(bearer(first.body.token)).send({ code: "999999" })).status).toBe(401);
    const code = await freshTotpCode(t, "guessed");
    expect((await request(t.app).post("/api/auth/totp").set(bearer(first.body.token)).send({ code })).status).toBe(401);
    const failures = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "second_factor_failure"));
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });

  it("a member without a factor enrols at her first sign-in and gets ten recovery codes once, stored hashed", async () => {
    const created = await request(t.app)
      .post("/api/users")
      .set(bearer(staff.super_admin.token))
      .send({ username: "newcomer", password: "Harbour-Lights-42", role: "user" });
    expect(created.status).toBe(201);
    // The password she was given works once: her own comes first (ADR 0089), then the enrolment.
    const given = await signInWithPassword(t, "newcomer", "Harbour-Lights-42");
    expect(given.body.step).toBe("change_password");
    const first = await request(t.app).post("/api/auth/password").set(bearer(given.body.token)).send({ newPassword: "Harbour-Lights-43" });
    expect(first.body.step).toBe("enrol");
    expect((await request(t.app).get("/api/auth/me").set(bearer(first.body.token))).status).toBe(401);
    const wrong = await request(t.app).post("/api/factors/totp").set(bearer(first.body.token));
    expect(wrong.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await request(t.app).post("/api/factors/totp/confirm").set(bearer(first.body.token)).send({ code: "000000" })).status).toBe(400);
    const confirmed = await enrolTotp(t, first.body.token, "newcomer");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.step).toBe("done");
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await request(t.app).get("/api/auth/me").set(bearer(confirmed.body.token))).status).toBe(200);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, created.body.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(confirmed.body.recoveryCodes[0].replaceAll("-", ""));
    const status = await request(t.app).get("/api/factors").set(bearer(confirmed.body.token));
    expect(status.body).toMatchObject({ recoveryCodesLeft: 10, factors: [{ kind: "totp" }] });

    // A recovery code signs in once, and is audited.
    const code = confirmed.body.recoveryCodes[3] as string;
    const withCode = await signInWithPassword(t, "newcomer", "Harbour-Lights-43");
    const used = await request(t.app).post("/api/auth/recovery-code").set(bearer(withCode.body.token)).send({ code: code.toUpperCase() });
    expect(used.body.step).toBe("done");
    const reuse = await signInWithPassword(t, "newcomer", "Harbour-Lights-43");
    expect((await request(t.app).post("/api/auth/recovery-code").set(bearer(reuse.body.token)).send({ code })).status).toBe(400);
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "recovery_code_used"));
    expect(audited.map((e) => e.actor_username)).toContain("newcomer");
    expect(JSON.stringify(audited)).not.toContain(code);
  });

  it("a super admin resets a member's factors (audited): her sessions end and she enrols again; others may not", async () => {
    const id = await insertUser(t, "lost_phone", "user");
    const token = await login(t, "lost_phone");
    expect((await request(t.app).delete(`/api/users/${id}/factors`).set(bearer(staff.admin.token))).status).toBe(403);
    expect((await request(t.app).delete(`/api/users/not-an-id/factors`).set(bearer(staff.super_admin.token))).status).toBe(400);
    expect((await request(t.app).delete(`/api/users/${id}/factors`).set(bearer(staff.super_admin.token))).status).toBe(204);
    expect((await request(t.app).get("/api/auth/me").set(bearer(token))).status).toBe(401);
    expect((await signInWithPassword(t, "lost_phone")).body.step).toBe("enrol");
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "factor_reset"));
    expect(event).toMatchObject({ actor_username: staff.super_admin.username, target_id: id, detail: { username: "lost_phone" } });
  });

  it("refuses common and breached passwords with a clear message, keeping the spec's rules", async () => {
    for (const password of ["Password1", "Qwerty123"]) {
      const res = await request(t.app).post("/api/users").set(bearer(staff.super_admin.token)).send({ username: `common_${password}`, password });
      expect(res.status).toBe(400);
      expect(res.body.errors.password[0]).toMatch(/too common/);
    }
    const put = await request(t.app).put(`/api/users/${staff.user.id}/password`).set(bearer(staff.super_admin.token)).send({ newPassword: "Password1" });
    expect(put.status).toBe(400);
    expect(put.body.errors.newPassword[0]).toMatch(/too common/);
  });
});

describe.each(TEST_ENGINES)("the first super admin's generated password on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("works once: the first sign-in asks for a new password (not a common one, not the same) before the second factor", async () => {
    const boot = await ensureInitialAdmin(t.database.db, {}, await factorSecretsFromEnv(t.env, t.database.db));
    expect(boot.generatedPassword).toEqual(expect.any(String));
    const generated = boot.generatedPassword ?? "";
    const first = await signInWithPassword(t, "admin", generated);
    expect(first.body.step).toBe("change_password");
    expect((await request(t.app).post("/api/factors/totp").set(bearer(first.body.token))).status).toBe(401);
    const same = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: generated });
    expect(same.status).toBe(400);
    const common = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: "Qwerty123" });
    expect(common.body.errors.newPassword[0]).toMatch(/too common/);
    const changed = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: "Lighthouse-Keeper-9" });
    expect(changed.body.step).toBe("enrol");
    expect((await signInWithPassword(t, "admin", generated)).status).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
    expect(row?.must_change_password).toBe(false);
  });
});

describe.each(TEST_ENGINES)("MFA_REQUIRED=0 on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { MFA_REQUIRED: "0" });
  });
  afterAll(() => t.close());

  it("signs a member without a factor in with her password; one with a factor still gives it", async () => {
    await insertUser(t, "trial_member", "user", STAFF_PASSWORD, true, { totp: false });
    expect((await signInWithPassword(t, "trial_member")).body.step).toBe("done");
    await insertUser(t, "careful_member", "user");
    expect((await signInWithPassword(t, "careful_member")).body.step).toBe("second_factor");
  });
});

describe("MFA_REQUIRED setting", () => {
  it("is on unless set to an explicit off value, and refuses anything else", () => {
    expect(readEnv({}).MFA_REQUIRED).toBe(true);
    expect(readEnv({ MFA_REQUIRED: "" }).MFA_REQUIRED).toBe(true);
    expect(readEnv({ MFA_REQUIRED: "1" }).MFA_REQUIRED).toBe(true);
    expect(readEnv({ MFA_REQUIRED: "0" }).MFA_REQUIRED).toBe(false);
    expect(readEnv({ MFA_REQUIRED: "off" }).MFA_REQUIRED).toBe(false);
    expect(() => readEnv({ MFA_REQUIRED: "maybe" })).toThrow(/MFA_REQUIRED/);
  });
});

describe("password screening", () => {
  it("refuses the product's own words padded with digits or symbols, and accepts a long passphrase", async () => {
    const { isCommonPassword } = await import("../../server/services/staff");
    expect(await isCommonPassword("Ovella2026!")).toBe(true);
    expect(await isCommonPassword("Admin12345")).toBe(true);
    expect(await isCommonPassword("Password1")).toBe(true);
    expect(await isCommonPassword("Qwerty123")).toBe(true);
    expect(await isCommonPassword("Harbour-Lights-42")).toBe(false);
    expect(await isCommonPassword("StaffPass123")).toBe(false);
  });
});
