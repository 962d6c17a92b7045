/** Staff accounts API (super_admin only): list, create, change password, delete. */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUserSchema } from "../../core/contracts/users";
import { auditEvents, users } from "../../server/db/schema";
import { createServices } from "../../server/services";
import { CLI_ACTOR } from "../../server/services/audit";
import { LAST_SUPER_ADMIN, WEAK_PASSWORD } from "../../server/services/staff";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, insertUser, login } from "../../testing/fixtures";

/** The contract's fields, the one list (never a password hash). */
const USER_WIRE_FIELDS = Object.keys(staffUserSchema.shape).toSorted();

it("the contract's staff fields hold no secret", () => {
  expect(USER_WIRE_FIELDS.filter((name) => /password|hash|secret|token|factor/i.test(name))).toEqual([]);
});

describe.each(TEST_ENGINES)("users API on %s", (engine) => {
  let t: TestApp;
  let superId: string;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    superId = await insertUser(t, "root_admin", "super_admin");
    auth = bearer(await login(t, "root_admin"));
  });
  afterAll(() => t.close());

  it("GET lists users without any password or hash", async () => {
    const res = await request(t.app).get("/api/users").set(auth);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const me = (res.body as Record<string, unknown>[]).find((u) => u.id === superId);
    expect(Object.keys(me ?? {}).toSorted()).toEqual(USER_WIRE_FIELDS);
    expect(me).toMatchObject({ username: "root_admin", role: "super_admin", is_active: true });
    expect(new Date(String(me?.created_at)).toISOString()).toBe(me?.created_at);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it("POST creates a user (201) with a hashed password, and the user can sign in with it once", async () => {
    const res = await request(t.app).post("/api/users").set(auth).send({ username: "new_admin", password: "Welcome-Aboard-7", role: "admin" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).toSorted()).toEqual(USER_WIRE_FIELDS);
    expect(res.body).toMatchObject({ username: "new_admin", role: "admin", last_login: null, is_active: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row?.password.startsWith("$argon2id$")).toBe(true);
    expect(row?.password).not.toContain("Welcome-Aboard-7");
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_id, res.body.id));
    expect(event).toMatchObject({ action: "user_create", actor_id: superId, detail: { username: "new_admin", role: "admin" } });
    const first = await request(t.app).post("/api/auth/login").send({ username: "new_admin", password: "Welcome-Aboard-7" });
    expect(first.status).toBe(200);
    expect(first.body.step).toBe("change_password");
  });

  it("a created coordinator's first sign-in demands her own password; the given one stops working (ADR 0089)", async () => {
    const created = await request(t.app).post("/api/users").set(auth).send({ username: "new_coordinator", password: "Given-Password-7", role: "coordinator" });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe("coordinator");
    const signIn = (password: string) => request(t.app).post("/api/auth/login").send({ username: "new_coordinator", password });
    const first = await signIn("Given-Password-7");
    expect(first.body.step).toBe("change_password");
    // The pending session opens nothing before the new password.
    expect((await request(t.app).get("/api/auth/me").set(bearer(first.body.token))).status).toBe(401);
    expect((await request(t.app).get("/api/admin/staff-directory").set(bearer(first.body.token))).status).toBe(401);
    const same = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: "Given-Password-7" });
    expect(same.status).toBe(400);
    const changed = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: "Her-Own-Choice-8" });
    expect(changed.status).toBe(200);
    expect(changed.body.step).toBe("enrol");
    expect((await signIn("Given-Password-7")).status).toBe(401);
    const again = await signIn("Her-Own-Choice-8");
    expect(again.status).toBe(200);
    expect(again.body.step).toBe("enrol");
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "new_coordinator"));
    expect(row?.must_change_password).toBe(false);
  });

  it("a password a super admin sets for someone else must be changed at the next sign-in; her own new one need not", async () => {
    const id = await insertUser(t, "reset_target", "coordinator");
    expect((await request(t.app).put(`/api/users/${id}/password`).set(auth).send({ newPassword: "Reset-By-Root-5" })).status).toBe(204);
    const theirs = await request(t.app).post("/api/auth/login").send({ username: "reset_target", password: "Reset-By-Root-5" });
    expect(theirs.body.step).toBe("change_password");
    expect((await request(t.app).put(`/api/users/${superId}/password`).set(auth).send({ newPassword: "Root-Own-Choice-6" })).status).toBe(204);
    const mine = await request(t.app).post("/api/auth/login").send({ username: "root_admin", password: "Root-Own-Choice-6" });
    expect(mine.status).toBe(200);
    expect(mine.body.step).not.toBe("change_password");
    auth = bearer(await login(t, "root_admin", "Root-Own-Choice-6"));
  });

  it("POST defaults the role to user and ignores forced ids, timestamps and flags", async () => {
    const forcedId = "44444444-4444-4444-8444-444444444444";
    const res = await request(t.app)
      .post("/api/users")
      .set(auth)
      .send({ username: "plain_user", password: "Welcome-Aboard-7", id: forcedId, created_at: "2001-01-01T00:00:00Z", last_login: "2001-01-01T00:00:00Z", is_active: false });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("user");
    expect(res.body.id).not.toBe(forcedId);
    expect(res.body.last_login).toBeNull();
    expect(res.body.is_active).toBe(true);
    expect(res.body.created_at.startsWith("2001")).toBe(false);
  });

  it("POST answers 409 for a taken username in any letter case", async () => {
    await request(t.app).post("/api/users").set(auth).send({ username: "Dup_Name", password: "Welcome-Aboard-7" });
    for (const username of ["Dup_Name", "dup_name", "DUP_NAME"]) {
      const res = await request(t.app).post("/api/users").set(auth).send({ username, password: "Welcome-Aboard-7" });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: "Username already exists" });
    }
  });

  it("POST answers 400 with the spec's messages", async () => {
    const res = await request(t.app).post("/api/users").set(auth).send({ username: "a!", password: "weak", role: "owner" });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual([
      "Username must be at least 3 characters",
      "Username can only contain letters, numbers, and underscores",
    ]);
    expect(res.body.errors.password).toEqual([
      "Password must be at least 8 characters",
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    expect(res.body.errors.role).toEqual(["Role must be one of user, coordinator, admin, super_admin"]);
  });

  it("PUT password answers 204 and audits, 400 for a weak password or bad id, 404 for an unknown user", async () => {
    const id = await insertUser(t, "pw_target", "user");
    const ok = await request(t.app).put(`/api/users/${id}/password`).set(auth).send({ newPassword: "Quiet-Meadow-Lamp-5" });
    expect(ok.status).toBe(204);
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "password_change"), eq(auditEvents.target_id, id)));
    expect(event).toMatchObject({ actor_id: superId, target_id: id });
    expect(JSON.stringify(event)).not.toContain("Quiet-Meadow-Lamp-5");

    const weak = await request(t.app).put(`/api/users/${id}/password`).set(auth).send({ newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toContain("Password must be at least 8 characters");
    expect((await request(t.app).put(`/api/users/${id}/password`).set(auth).send({})).status).toBe(400);
    expect((await request(t.app).put("/api/users/nope/password").set(auth).send({ newPassword: "Quiet-Meadow-Lamp-5" })).status).toBe(400);
    const missing = await request(t.app)
      .put("/api/users/55555555-5555-4555-8555-555555555555/password")
      .set(auth)
      .send({ newPassword: "Quiet-Meadow-Lamp-5" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "User not found" });
  });

  it("refuses variants of common passwords on create, on a set password and on her own first one (400, a clear message)", async () => {
    for (const password of ["Password123!", "P@ssw0rd1"]) {
      const created = await request(t.app).post("/api/users").set(auth).send({ username: `variant_${password.length}`, password, role: "user" });
      expect(created.status, password).toBe(400);
      expect(created.body.errors.password, password).toEqual([WEAK_PASSWORD]);
      expect(created.body.message).toBe(WEAK_PASSWORD);
    }
    expect((await t.database.db.select().from(users).where(eq(users.username, "variant_12"))).length).toBe(0);
    const id = await insertUser(t, "variant_target", "user");
    const set = await request(t.app).put(`/api/users/${id}/password`).set(auth).send({ newPassword: "P@ssw0rd1" });
    expect(set.status).toBe(400);
    expect(set.body.errors.newPassword).toEqual([WEAK_PASSWORD]);
    // Her username with digits added is as guessable.
    const own = await request(t.app).put(`/api/users/${id}/password`).set(auth).send({ newPassword: "Variant_Target2026" });
    expect(own.status).toBe(400);
    const given = await request(t.app).post("/api/users").set(auth).send({ username: "variant_given", password: "Granite-Peak-58", role: "user" });
    expect(given.status).toBe(201);
    const first = await request(t.app).post("/api/auth/login").send({ username: "variant_given", password: "Granite-Peak-58" });
    expect(first.body.step).toBe("change_password");
    const changed = await request(t.app).post("/api/auth/password").set(bearer(first.body.token)).send({ newPassword: "Password123!" });
    expect(changed.status).toBe(400);
    expect(changed.body.errors.newPassword).toEqual([WEAK_PASSWORD]);
  });

  it("DELETE answers 204 and audits, 400 for a bad id, 404 for an unknown user", async () => {
    const id = await insertUser(t, "to_delete", "user");
    const res = await request(t.app).delete(`/api/users/${id}`).set(auth);
    expect(res.status).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "user_delete"));
    expect(event).toMatchObject({ actor_id: superId, target_id: id, detail: { username: "to_delete", role: "user" } });
    expect((await request(t.app).delete(`/api/users/${id}`).set(auth)).status).toBe(404);
    expect((await request(t.app).delete("/api/users/123").set(auth)).status).toBe(400);
  });

  it("DELETE refuses the own account (400)", async () => {
    const res = await request(t.app).delete(`/api/users/${superId}`).set(auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "You cannot delete your own account" });
    expect(await t.database.db.select().from(users).where(eq(users.id, superId))).toHaveLength(1);
  });

  it("never leaves the product without an active super admin", async () => {
    const services = createServices({ db: t.database.db, now: () => new Date() });
    const peerId = await insertUser(t, "peer_super", "super_admin");
    const peerAuth = bearer(await login(t, "peer_super"));

    // Two super admins removing each other at the same moment: exactly one removal happens.
    const [a, b] = await Promise.all([
      request(t.app).delete(`/api/users/${peerId}`).set(auth),
      request(t.app).delete(`/api/users/${superId}`).set(peerAuth),
    ]);
    // The other request is refused: 400 when it ran alongside, 401 when its actor was already gone.
    expect([a.status, b.status].filter((status) => status === 204)).toHaveLength(1);
    expect([400, 401]).toContain(a.status === 204 ? b.status : a.status);
    const left = await t.database.db.select().from(users).where(eq(users.role, "super_admin"));
    expect(left.filter((u) => u.is_active)).toHaveLength(1);
    const lastId = left[0]?.id ?? "";
    const refused = a.status === 204 ? b : a;
    expect(refused.body.message).toMatch(/^(The last active super admin cannot be removed|Your session has expired\. Please sign in again\.)$/);

    // The command line (no signed-in actor) cannot remove or deactivate the last one either.
    await expect(services.users.remove(lastId, { actor: CLI_ACTOR })).rejects.toThrow(LAST_SUPER_ADMIN);
    await expect(services.users.deactivate(lastId, { actor: CLI_ACTOR })).rejects.toThrow(LAST_SUPER_ADMIN);

    // An inactive super admin does not count, and may itself be removed.
    const dormantId = await insertUser(t, "dormant_super", "super_admin", undefined, false);
    await expect(services.users.deactivate(lastId, { actor: CLI_ACTOR })).rejects.toThrow(LAST_SUPER_ADMIN);
    await services.users.remove(dormantId, { actor: CLI_ACTOR });
    expect(await t.database.db.select().from(users).where(eq(users.id, dormantId))).toHaveLength(0);
  });
});
