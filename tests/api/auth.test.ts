/** Sign-in, the session endpoints, and every way a token stops working. */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, sessions, users } from "../../server/db/schema";
import { createServices } from "../../server/services";
import { CLI_ACTOR } from "../../server/services/audit";
import { hashToken } from "../../server/services/staff";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, freshTotpCode, insertUser, login, STAFF_PASSWORD } from "../../testing/fixtures";

const INVALID = { message: "Invalid username or password" };
const MINUTE = 60_000;

describe.each(TEST_ENGINES)("auth on %s", (engine) => {
  let t: TestApp;
  let superId: string;
  let superToken: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    superId = await insertUser(t, "boss", "super_admin");
    superToken = await login(t, "boss");
  });
  afterAll(() => t.close());

  const me = (token: string) => request(t.app).get("/api/auth/me").set(bearer(token));

  describe("POST /api/auth/login", () => {
    it("answers 200 {token, user, step}; the TOTP step answers a new 256-bit token; only its hash is stored; last_login set", async () => {
      const id = await insertUser(t, "Ada_Login", "admin");
      const res = await request(t.app).post("/api/auth/login").send({ username: "Ada_Login", password: STAFF_PASSWORD, role: "super_admin" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ token: expect.any(String), user: { id, username: "Ada_Login", role: "admin" }, step: "second_factor" });
      // The pending token reaches nothing but the next step.
      expect((await me(res.body.token)).status).toBe(401);
      const second = await request(t.app)
        .post("/api/auth/totp")
        .set(bearer(res.body.token))
        .send({ code: await freshTotpCode(t, "Ada_Login") });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ token: expect.any(String), user: { id, username: "Ada_Login", role: "admin" }, step: "done" });
      expect(second.body.token).not.toBe(res.body.token);
      expect(Buffer.from(second.body.token, "base64url")).toHaveLength(32);
      expect((await request(t.app).get("/api/auth/me").set(bearer(res.body.token))).status).toBe(401);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(hashToken(second.body.token));
      expect(JSON.stringify(rows)).not.toContain(second.body.token);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(user?.last_login).toBeInstanceOf(Date);
    });

    it("accepts the username in any letter case", async () => {
      await insertUser(t, "CaseUser", "user");
      const res = await request(t.app).post("/api/auth/login").send({ username: "caseuser", password: STAFF_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.user.username).toBe("CaseUser");
    });

    it("issues a new token at every login, each valid on its own", async () => {
      await insertUser(t, "twice", "user");
      const a = await login(t, "twice");
      const b = await login(t, "twice");
      expect(a).not.toBe(b);
      expect((await me(a)).status).toBe(200);
      expect((await me(b)).status).toBe(200);
    });

    it("answers 400 with the spec's messages", async () => {
      const res = await request(t.app).post("/api/auth/login").send({});
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ username: ["Username is required"], password: ["Password is required"] });
    });

    it("answers the same 401 for an unknown user, a wrong password and an inactive user", async () => {
      await insertUser(t, "sleeper", "admin", STAFF_PASSWORD, false);
      await insertUser(t, "wrongpw", "admin");
      const unknown = await request(t.app).post("/api/auth/login").send({ username: "nobody_here", password: STAFF_PASSWORD });
      const wrong = await request(t.app).post("/api/auth/login").send({ username: "wrongpw", password: "NotThePass1" });
      const inactive = await request(t.app).post("/api/auth/login").send({ username: "sleeper", password: STAFF_PASSWORD });
      for (const res of [unknown, wrong, inactive]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID);
      }
      expect(unknown.headers["content-length"]).toBe(wrong.headers["content-length"]);
      expect(inactive.headers["content-length"]).toBe(wrong.headers["content-length"]);
    });

    it("audits successes and failures without the password", async () => {
      await insertUser(t, "audited", "user");
      await request(t.app).post("/api/auth/login").send({ username: "audited", password: "WrongGuess9" });
      await request(t.app).post("/api/auth/login").send({ username: "ghost_user", password: "WrongGuess9" });
      await login(t, "audited");
      const rows = await t.database.db.select().from(auditEvents);
      const failures = rows.filter((r) => r.action === "login_failure");
      expect(failures.find((r) => r.actor_username === "audited")?.detail).toMatchObject({ username: "audited", reason: "wrong_password" });
      expect(failures.find((r) => r.actor_id === null && r.detail?.username === "ghost_user")?.detail).toMatchObject({ reason: "unknown_user" });
      expect(rows.find((r) => r.action === "login_success" && r.actor_username === "audited")).toMatchObject({ target_type: "user" });
      expect(JSON.stringify(rows)).not.toContain("WrongGuess9");
      expect(JSON.stringify(rows)).not.toContain(STAFF_PASSWORD);
    });
  });

  describe("GET /api/auth/me and POST /api/auth/logout", () => {
    it("answers me with {id, username, role} only", async () => {
      const res = await me(superToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: superId, username: "boss", role: "super_admin" });
    });

    it("answers 401 without a token, with a malformed or unknown token", async () => {
      for (const headers of [{}, { Authorization: "Bearer" }, { Authorization: "Basic abc" }, bearer("x".repeat(43)), bearer("short")]) {
        const res = await request(t.app).get("/api/auth/me").set(headers);
        expect(res.status).toBe(401);
        expect(typeof res.body.message).toBe("string");
      }
    });

    it("logout answers 204 and the token stops working; other sessions stay", async () => {
      await insertUser(t, "leaver", "user");
      const token = await login(t, "leaver");
      const other = await login(t, "leaver");
      const res = await request(t.app).post("/api/auth/logout").set(bearer(token));
      expect(res.status).toBe(204);
      expect((await me(token)).status).toBe(401);
      expect((await request(t.app).post("/api/auth/logout").set(bearer(token))).status).toBe(401);
      expect((await me(other)).status).toBe(200);
    });

    it("logout without a token answers 401", async () => {
      expect((await request(t.app).post("/api/auth/logout")).status).toBe(401);
    });
  });

  describe("revocation", () => {
    it("a password change ends every session of that user", async () => {
      const id = await insertUser(t, "changer", "admin");
      const a = await login(t, "changer");
      const b = await login(t, "changer");
      const res = await request(t.app).put(`/api/users/${id}/password`).set(bearer(superToken)).send({ newPassword: "BrandNew123" });
      expect(res.status).toBe(204);
      expect((await me(a)).status).toBe(401);
      expect((await me(b)).status).toBe(401);
      expect((await request(t.app).post("/api/auth/login").send({ username: "changer", password: STAFF_PASSWORD })).status).toBe(401);
      // Set by someone else, the new password works once: the sign-in asks for her own (ADR 0089).
      const next = await request(t.app).post("/api/auth/login").send({ username: "changer", password: "BrandNew123" });
      expect(next.body.step).toBe("change_password");
      const own = await request(t.app).post("/api/auth/password").set(bearer(next.body.token)).send({ newPassword: "Her-Own-Pick-4" });
      expect(own.status).toBe(200);
      expect((await me(await login(t, "changer", "Her-Own-Pick-4"))).status).toBe(200);
    });

    it("deleting a user ends their sessions", async () => {
      const id = await insertUser(t, "deleted_one", "user");
      const token = await login(t, "deleted_one");
      expect((await request(t.app).delete(`/api/users/${id}`).set(bearer(superToken))).status).toBe(204);
      expect((await me(token)).status).toBe(401);
    });

    it("deactivating a user ends their sessions, and an inactive user's token never works", async () => {
      const id = await insertUser(t, "deactivated", "admin");
      const token = await login(t, "deactivated");
      const services = createServices({ db: t.database.db, now: () => new Date() });
      await services.users.deactivate(id, { actor: CLI_ACTOR });
      expect((await me(token)).status).toBe(401);
      const revoked = await t.database.db.select().from(sessions).where(and(eq(sessions.user_id, id)));
      expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);

      // Even a session row left alive is refused once the account is inactive.
      const id2 = await insertUser(t, "flagged_off", "admin");
      const token2 = await login(t, "flagged_off");
      await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, id2));
      expect((await me(token2)).status).toBe(401);
    });
  });
});

describe.each(TEST_ENGINES)("session expiry on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_IDLE_MINUTES: "120", SESSION_ABSOLUTE_HOURS: "12" });
    await insertUser(t, "clock_user", "user");
  });
  afterAll(() => t.close());

  const me = (token: string) => request(t.app).get("/api/auth/me").set(bearer(token));

  it("ends a session after 2 hours without use, and use keeps it alive (sliding)", async () => {
    const token = await login(t, "clock_user");
    t.advance(110 * MINUTE);
    expect((await me(token)).status).toBe(200);
    t.advance(110 * MINUTE);
    expect((await me(token)).status).toBe(200);
    t.advance(121 * MINUTE);
    expect((await me(token)).status).toBe(401);
  });

  it("prunes sessions that ended more than a week ago", async () => {
    const token = await login(t, "clock_user");
    const services = createServices({ db: t.database.db, now: () => new Date(Date.now() + 9 * 24 * 3600_000) });
    await services.sessions.prune();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)))).toHaveLength(0);
  });

  it("ends a session 12 hours after sign-in even when used all along", async () => {
    const token = await login(t, "clock_user");
    for (let elapsed = 0; elapsed < 11 * 60; elapsed += 100) {
      t.advance(100 * MINUTE);
      expect((await me(token)).status).toBe(200);
    }
    t.advance(100 * MINUTE);
    expect((await me(token)).status).toBe(401);
  });
});
