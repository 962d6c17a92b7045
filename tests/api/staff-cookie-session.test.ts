/**
 * The browser admin's session (ADR 0054): an `HttpOnly; Secure; SameSite=Strict` `__Host-` cookie with no
 * token in any answer body, and a CSRF check on every state-changing call that the cookie authenticates.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { freshTotpCode, insertUser, STAFF_PASSWORD } from "../../testing/fixtures";

const ADMIN_HEADER = { "X-Ovella-Request": "admin" };

function cookieNamed(res: request.Response, name: string): string | undefined {
  return ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${name}=`));
}

describe.each(TEST_ENGINES)("staff cookie session on %s", (engine) => {
  let t: TestApp;
  let session = "";

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertUser(t, "cookie_member", "super_admin");
  });
  afterAll(() => t.close());

  it("a cookie sign-in must come from the admin (no login forgery)", async () => {
    const body = { username: "cookie_member", password: STAFF_PASSWORD, session: "cookie" };
    expect((await request(t.app).post("/api/auth/login").send(body)).status).toBe(403);
    const crossSite = await request(t.app).post("/api/auth/login").set(ADMIN_HEADER).set("Sec-Fetch-Site", "cross-site").send(body);
    expect(crossSite.status).toBe(403);
    const otherOrigin = await request(t.app).post("/api/auth/login").set(ADMIN_HEADER).set("Origin", "https://evil.example").send(body);
    expect(otherOrigin.status).toBe(403);
  });

  it("hands the session over in an HttpOnly, Secure, SameSite=Strict __Host- cookie, never in the body", async () => {
    const first = await request(t.app)
      .post("/api/auth/login")
      .set(ADMIN_HEADER)
      .set("Sec-Fetch-Site", "same-origin")
      .send({ username: "cookie_member", password: STAFF_PASSWORD, session: "cookie" });
    expect(first.status).toBe(200);
    expect(first.body).not.toHaveProperty("token");
    const pending = cookieNamed(first, "__Host-ovella_staff") ?? "";
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/Secure/);
    expect(pending).toMatch(/SameSite=Strict/);
    expect(pending).toMatch(/^__Host-ovella_staff=/);
    expect(pending).toMatch(/Path=\/(;|$)/);
    expect(pending).not.toMatch(/Domain=/);
    const second = await request(t.app)
      .post("/api/auth/totp")
      .set(ADMIN_HEADER)
      .set("Cookie", pending.split(";")[0] ?? "")
      .send({ code: await freshTotpCode(t, "cookie_member") });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ user: expect.objectContaining({ username: "cookie_member" }), step: "done" });
    session = (cookieNamed(second, "__Host-ovella_staff") ?? "").split(";")[0] ?? "";
    expect(session).not.toBe(pending.split(";")[0]);
    // The hint the admin's first paint reads holds no secret.
    expect(cookieNamed(second, "__Host-ovella_staff_hint")).toMatch(/^__Host-ovella_staff_hint=1;/);
    expect((await request(t.app).get("/api/auth/me").set("Cookie", session)).status).toBe(200);
  });

  it("refuses a state-changing cookie call without the admin's header, from another site or another origin", async () => {
    const create = { username: "csrf_target", password: "Granite-Peak-58", role: "super_admin" };
    expect((await request(t.app).post("/api/users").set("Cookie", session).send(create)).status).toBe(403);
    expect((await request(t.app).post("/api/users").set("Cookie", session).set(ADMIN_HEADER).set("Sec-Fetch-Site", "same-site").send(create)).status).toBe(403);
    expect((await request(t.app).post("/api/users").set("Cookie", session).set(ADMIN_HEADER).set("Origin", "http://attacker.test").send(create)).status).toBe(403);
    expect((await request(t.app).post("/api/users").set("Cookie", session).set(ADMIN_HEADER).set("Sec-Fetch-Site", "same-origin").send(create)).status).toBe(201);
    // Reading changes nothing: a GET with the cookie needs no header.
    expect((await request(t.app).get("/api/users").set("Cookie", session)).status).toBe(200);
  });

  it("logout ends the session and clears both cookies", async () => {
    expect((await request(t.app).post("/api/auth/logout").set("Cookie", session)).status).toBe(403);
    const out = await request(t.app).post("/api/auth/logout").set("Cookie", session).set(ADMIN_HEADER);
    expect(out.status).toBe(204);
    expect(cookieNamed(out, "__Host-ovella_staff")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookieNamed(out, "__Host-ovella_staff_hint")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await request(t.app).get("/api/auth/me").set("Cookie", session)).status).toBe(401);
  });
});
