/**
 * API keys on both engines: created and revoked by super admins only, shown once, stored hashed, accepted as
 * Authorization: Bearer on the calls their scope allows (403 insufficient_scope on every other call, 401 once revoked),
 * answered only what the scope allows (a stage key gets the move's outcome),
 * rate limited per key, audited as the actor of what they do, with their last use listed.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditEvents } from "../../server/db/schema";
import { INSUFFICIENT_SCOPE } from "../../server/http/auth";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication, validContact } from "../../testing/fixtures";

const RATE_LIMIT = 20;

describe.each(TEST_ENGINES)("API keys (%s)", (engine) => {
  let t: TestApp;
  let staff: Record<string, StaffMember>;
  let admin: Record<string, string>;
  let applicationId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { API_KEY_REQUESTS_PER_MINUTE: String(RATE_LIMIT) });
    staff = await createStaff(t, `keys${Date.now()}`);
    admin = bearer(staff.super_admin!.token);
    applicationId = (await request(t.app).post("/api/applications").send(validApplication())).body.id as string;
    expect((await request(t.app).post("/api/contact").send(validContact())).status).toBe(201);
  });
  afterAll(() => t.close());

  async function createKey(name: string, scopes: string[]): Promise<{ id: string; key: string }> {
    const res = await request(t.app).post("/api/admin/api-keys").set(admin).send({ name, scopes });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^ovk_[A-Za-z0-9_-]{43}$/);
    return res.body as { id: string; key: string };
  }

  it("only super admins create, list and revoke keys; a key is shown once and stored hashed", async () => {
    for (const role of ["user", "admin"]) {
      expect((await request(t.app).post("/api/admin/api-keys").set(bearer(staff[role]!.token)).send({ name: "x", scopes: ["applications:read"] })).status).toBe(403);
      expect((await request(t.app).get("/api/admin/api-keys").set(bearer(staff[role]!.token))).status).toBe(403);
    }
    expect((await request(t.app).post("/api/admin/api-keys").set(admin).send({ name: "", scopes: ["applications:read"] })).status).toBe(400);
    expect((await request(t.app).post("/api/admin/api-keys").set(admin).send({ name: "CRM", scopes: ["applications:delete"] })).status).toBe(400);
    expect((await request(t.app).post("/api/admin/api-keys").set(admin).send({ name: "CRM", scopes: [] })).status).toBe(400);
    const { id, key } = await createKey("Listing check", ["contact:read"]);
    const list = await request(t.app).get("/api/admin/api-keys").set(admin);
    expect(list.status).toBe(200);
    const listed = (list.body as { id: string }[]).find((k) => k.id === id);
    expect(listed).toMatchObject({ name: "Listing check", scopes: ["contact:read"], prefix: key.slice(0, 12), lastUsedAt: null, createdBy: staff.super_admin!.username });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key);
    const [created] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "api_key_create"), eq(auditEvents.target_id, id)));
    expect(created).toBeDefined();
  });

  it("a read-scoped key pulls the list and the record (audited as the key), and nothing else", async () => {
    const { id, key } = await createKey("Clinic CRM", ["applications:read"]);
    const list = await request(t.app).get("/api/admin/applications").set(bearer(key));
    expect(list.status).toBe(200);
    expect((list.body.rows as { id: string }[]).some((r) => r.id === applicationId)).toBe(true);
    const record = await request(t.app).get(`/api/admin/applications/${applicationId}`).set(bearer(key));
    expect(record.status).toBe(200);
    expect(record.body.record.id).toBe(applicationId);
    const views = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "view"), eq(auditEvents.target_id, applicationId)));
    expect(views.some((v) => v.actor_username === "api-key:Clinic CRM" && v.actor_id === id)).toBe(true);
    // Another scope's calls: 403 insufficient_scope (RFC 6750), naming the scope the call needs.
    const contact = await request(t.app).get("/api/admin/contact").set(bearer(key));
    expect(contact.status).toBe(403);
    expect(contact.headers["www-authenticate"]).toBe('Bearer error="insufficient_scope", scope="contact:read"');
    expect(contact.body).toEqual({ message: INSUFFICIENT_SCOPE });
    expect((await request(t.app).post(`/api/admin/applications/${applicationId}/stage`).set(bearer(key)).send({ to: "reviewing" })).status).toBe(403);
    // Calls no key may make: 403 insufficient_scope too (a valid key is no missing credential), never 401.
    for (const path of ["/api/users", "/api/admin/webhooks", "/api/admin/api-keys", "/api/auth/me", "/api/applications", "/api/admin/audit", "/api/admin/pipeline", `/api/admin/applications/${applicationId}/notes`]) {
      const res = await request(t.app).get(path).set(bearer(key));
      expect(res.status, path).toBe(403);
      expect(res.headers["www-authenticate"], path).toBe('Bearer error="insufficient_scope"');
      expect(res.body, path).toEqual({ message: INSUFFICIENT_SCOPE });
    }
    expect((await request(t.app).delete(`/api/admin/applications/${applicationId}`).set(bearer(key))).status).toBe(403);
    expect((await request(t.app).post("/api/auth/logout").set(bearer(key))).status).toBe(403);
    const listed = ((await request(t.app).get("/api/admin/api-keys").set(admin)).body as { id: string; lastUsedAt: string | null }[]).find((k) => k.id === id);
    expect(listed!.lastUsedAt).not.toBeNull();
    // Staff sessions work as before on the same calls.
    expect((await request(t.app).get(`/api/admin/applications/${applicationId}`).set(bearer(staff.user!.token))).status).toBe(200);
  });

  it("a contact key reads contact messages; a stage key moves stages, audited as the key", async () => {
    const { key: contactKey } = await createKey("Inbox", ["contact:read"]);
    expect((await request(t.app).get("/api/admin/contact").set(bearer(contactKey))).status).toBe(200);
    expect((await request(t.app).get("/api/admin/applications").set(bearer(contactKey))).status).toBe(403);
    const { id, key } = await createKey("Scheduler", ["applications:write-stage"]);
    const moved = await request(t.app).post(`/api/admin/applications/${applicationId}/stage`).set(bearer(key)).send({ to: "reviewing" });
    expect(moved.status).toBe(200);
    const [move] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "stage_move"), eq(auditEvents.target_id, applicationId)));
    expect(move).toMatchObject({ actor_id: id, actor_username: "api-key:Scheduler" });
  });

  it("a stage key is answered the move's outcome only, and 403 on every read", async () => {
    const submitted = await request(t.app).post("/api/applications").send(validApplication({ email: "outcome.only@example.com" }));
    const target = submitted.body.id as string;
    const { key } = await createKey("Mover", ["applications:write-stage"]);
    const before = Date.now();
    const moved = await request(t.app).post(`/api/admin/applications/${target}/stage`).set(bearer(key)).send({ to: "reviewing" });
    expect(moved.status).toBe(200);
    // The stage and the time, nothing of the record: no form answer, history or same-address records.
    expect(Object.keys(moved.body).toSorted()).toEqual(["at", "id", "stage"]);
    expect(moved.body).toMatchObject({ id: target, stage: "reviewing" });
    expect(Date.parse(moved.body.at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(moved.text).not.toContain("outcome.only@example.com");
    const undone = await request(t.app).post(`/api/admin/applications/${target}/stage/undo`).set(bearer(key));
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ id: target, stage: "new", at: expect.any(String) });
    for (const path of ["/api/admin/applications", `/api/admin/applications/${target}`, "/api/admin/applications/stats", "/api/admin/applications/export", "/api/admin/contact", "/api/admin/pipeline"]) {
      const res = await request(t.app).get(path).set(bearer(key));
      expect(res.status, path).toBe(403);
      expect(res.text, path).not.toContain("outcome.only@example.com");
    }
    // A staff session is answered the record, as the admin's record page needs.
    const staffMove = await request(t.app).post(`/api/admin/applications/${target}/stage`).set(bearer(staff.coordinator!.token)).send({ to: "reviewing" });
    expect(staffMove.status).toBe(200);
    expect(staffMove.body.record.email).toBe("outcome.only@example.com");
  });

  it("a revoked or unknown key answers 401", async () => {
    const { id, key } = await createKey("Short-lived", ["applications:read"]);
    expect((await request(t.app).get("/api/admin/applications").set(bearer(key))).status).toBe(200);
    expect((await request(t.app).delete(`/api/admin/api-keys/${id}`).set(admin)).status).toBe(204);
    const after = await request(t.app).get("/api/admin/applications").set(bearer(key));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("This API key is not valid or was revoked");
    expect(after.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    // On a call that takes no key, a key that is not valid is 401 as well.
    expect((await request(t.app).get("/api/admin/webhooks").set(bearer(key))).status).toBe(401);
    expect((await request(t.app).delete(`/api/admin/api-keys/${id}`).set(admin)).status).toBe(404);
    expect(((await request(t.app).get("/api/admin/api-keys").set(admin)).body as { id: string }[]).some((k) => k.id === id)).toBe(false);
    expect((await request(t.app).get("/api/admin/applications").set(bearer(`${key.slice(0, -1)}A`))).status).toBe(401);
    expect((await request(t.app).get("/api/admin/applications").set(bearer("ovk_short"))).status).toBe(401);
  });

  it("is rate limited per key", async () => {
    const { key } = await createKey("Busy", ["applications:read"]);
    const { key: other } = await createKey("Quiet", ["applications:read"]);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await request(t.app).get(`/api/admin/applications/${applicationId}`).set(bearer(key))).status).toBe(200);
    const limited = await request(t.app).get(`/api/admin/applications/${applicationId}`).set(bearer(key));
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await request(t.app).get(`/api/admin/applications/${applicationId}`).set(bearer(other))).status).toBe(200);
  });
});
