/** Throttling: public POSTs per address; sign-in per address, per username and address pair, and per username with a known-device pass; counters shared through the database. */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeRoot } from "../../server/root";
import { rateLimits } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, freshTotpCode, insertUser, STAFF_PASSWORD, validApplication, validContact } from "../../testing/fixtures";

const MINUTE = 60_000;

function expect429(res: request.Response, lead: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(lead);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe.each(TEST_ENGINES)("public POST limits on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "3", PUBLIC_POST_WINDOW_SECONDS: "600", TRUST_PROXY: "on" });
  });
  afterAll(() => t.close());

  it("answers 429 with Retry-After after the limit, counting invalid posts too, until the window ends", async () => {
    const from = { "X-Forwarded-For": "203.0.113.10" };
    expect((await request(t.app).post("/api/applications").set(from).send(validApplication())).status).toBe(201);
    expect((await request(t.app).post("/api/applications").set(from).send({})).status).toBe(400);
    expect((await request(t.app).post("/api/applications").set(from).send(validApplication())).status).toBe(201);
    const limited = await request(t.app).post("/api/applications").set(from).send(validApplication());
    const retryAfter = expect429(limited, /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another address is not affected.
    expect((await request(t.app).post("/api/applications").set({ "X-Forwarded-For": "203.0.113.11" }).send(validApplication())).status).toBe(201);

    t.advance(601_000);
    expect((await request(t.app).post("/api/applications").set(from).send(validApplication())).status).toBe(201);
  });

  it("limits the contact form the same way", async () => {
    const from = { "X-Forwarded-For": "198.51.100.7" };
    for (let i = 0; i < 3; i++) expect((await request(t.app).post("/api/contact").set(from).send(validContact())).status).toBe(201);
    expect429(await request(t.app).post("/api/contact").set(from).send(validContact()), /^Too many submissions/);
  });

  it("shares counters between app instances on one database", async () => {
    const { app: second } = await composeRoot({ env: t.env, database: t.database, logger: createLogger("silent") });
    const from = { "X-Forwarded-For": "192.0.2.99" };
    expect((await request(t.app).post("/api/contact").set(from).send(validContact())).status).toBe(201);
    expect((await request(second).post("/api/contact").set(from).send(validContact())).status).toBe(201);
    expect((await request(t.app).post("/api/contact").set(from).send(validContact())).status).toBe(201);
    expect429(await request(second).post("/api/contact").set(from).send(validContact()), /^Too many submissions/);
    const rows = await t.database.db.select().from(rateLimits);
    expect(rows.some((r) => r.key.startsWith("post-contact:") && r.hits === 4)).toBe(true);
  });
});

describe.each(TEST_ENGINES)("X-Forwarded-For is ignored without TRUST_PROXY on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "2" });
  });
  afterAll(() => t.close());

  it("counts every forged X-Forwarded-For against the real address", async () => {
    for (const ip of ["1.1.1.1", "2.2.2.2"]) {
      expect((await request(t.app).post("/api/contact").set("X-Forwarded-For", ip).send(validContact())).status).toBe(201);
    }
    const res = await request(t.app).post("/api/contact").set("X-Forwarded-For", "3.3.3.3").send(validContact());
    expect429(res, /^Too many submissions/);
  });
});

describe.each(TEST_ENGINES)("sign-in throttling on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      LOGIN_MAX_PER_USERNAME: "3",
      LOGIN_MAX_PER_USERNAME_GLOBAL: "5",
      LOGIN_MAX_PER_ADDRESS: "6",
      LOGIN_WINDOW_SECONDS: "900",
      TRUST_PROXY: "on",
    });
    await insertUser(t, "target", "admin");
    await insertUser(t, "regular", "user");
    await insertUser(t, "owner", "super_admin");
    await insertUser(t, "iris", "admin");
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, ip: string) =>
    request(t.app).post("/api/auth/login").set("X-Forwarded-For", ip).send({ username, password });

  it("holds a username and address pair after repeated failures, briefly, while the owner elsewhere still signs in", async () => {
    for (let i = 0; i < 3; i++) expect((await attempt("target", "Wrong0ne1", "10.0.0.1")).status).toBe(401);
    const held = await attempt("TARGET", STAFF_PASSWORD, "10.0.0.1");
    const retryAfter = expect429(held, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(held.body.message).toBe(`Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`);
    // The attacker's failures do not keep the owner out from her own address.
    expect((await attempt("target", STAFF_PASSWORD, "10.0.0.4")).status).toBe(200);

    t.advance(15 * MINUTE + 1000);
    expect((await attempt("target", STAFF_PASSWORD, "10.0.0.1")).status).toBe(200);
  });

  it("a global per-username ceiling holds new devices, never the owner's known device", async () => {
    // The owner signed in before from her browser: the finished sign-in marks it as a known device.
    const first = await attempt("owner", STAFF_PASSWORD, "10.4.0.1");
    const done = await request(t.app)
      .post("/api/auth/totp")
      .set("X-Forwarded-For", "10.4.0.1")
      .set(bearer(first.body.token))
      .send({ code: await freshTotpCode(t, "owner") });
    expect(done.status).toBe(200);
    const deviceCookie = ([] as string[]).concat(done.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-ovella_device="));
    expect(deviceCookie).toMatch(/HttpOnly/);
    expect(deviceCookie).toMatch(/Secure/);
    expect(deviceCookie).toMatch(/SameSite=Strict/);
    const device = deviceCookie?.split(";")[0] ?? "";

    // An attacker spreads guesses over many addresses, up to the ceiling.
    for (let i = 0; i < 5; i++) expect((await attempt("owner", "Wrong0ne1", `10.5.0.${i}`)).status).toBe(401);
    expect429(await attempt("owner", STAFF_PASSWORD, "10.6.0.1"), /^Too many attempts\./);
    // The owner's known device is let through; a mark for another username or a forged one is not.
    const fromKnown = await attempt("owner", STAFF_PASSWORD, "10.6.0.2").set("Cookie", device);
    expect(fromKnown.status).toBe(200);
    expect(fromKnown.body.step).toBe("second_factor");
    const forged = `${device.slice(0, -3)}abc`;
    expect((await attempt("owner", STAFF_PASSWORD, "10.6.0.3").set("Cookie", forged)).status).toBe(429);
  });

  it("counts `İris`, `IRIS` and `iris` in one bucket, and signs any of them in as the same member", async () => {
    for (const variant of ["İris", "IRIS", "\u0130RIS"]) {
      expect((await attempt(variant, "Wrong0ne1", "10.7.0.1")).status).toBe(401);
    }
    expect429(await attempt("iris", STAFF_PASSWORD, "10.7.0.1"), /^Too many attempts\./);
    const signedIn = await attempt("İRİS", STAFF_PASSWORD, "10.7.0.2");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe("iris");
  });

  it("does not count successful sign-ins against the username", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt("regular", STAFF_PASSWORD, `10.1.0.${i}`);
      expect(res.status).toBe(200);
    }
  });

  it("limits all attempts from one address, whatever the username", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < 6; i++) expect((await attempt(`guess_${i}`, "Whatever1", ip)).status).toBe(401);
    expect429(await attempt("regular", STAFF_PASSWORD, ip), /^Too many attempts\./);
    expect((await attempt("regular", STAFF_PASSWORD, "10.2.0.2")).status).toBe(200);
  });
});
