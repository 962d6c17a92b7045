/**
 * Property tests: thousands of malformed payloads at both public POSTs (no answer is a 5xx, and a row is
 * stored only for input the shared schema accepts), and any text of any alphabet, malformed UTF-16 included,
 * in every string field of every public and staff call (never a 5xx; text the database cannot store is the
 * contract's 400 on that field).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_FIELDS, CONTACT_FIELDS, correctableFields } from "#core/fields";
import { applicationSchema, contactSchema } from "#core/validation";
import { applications, contactMessages } from "../../server/db/schema";
import { UNSTORABLE_TEXT_MESSAGE } from "#core/validation";
import { firstUnstorableField } from "../../server/http/storable";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact } from "../../testing/fixtures";

/** A correction's body: the correctable fields of a valid submission (any other field is refused). */
const correctable = (catalogue: Parameters<typeof correctableFields>[0], body: Record<string, unknown>) =>
  Object.fromEntries(correctableFields(catalogue).filter((name) => name in body).map((name) => [name, body[name]]));

const RUNS = { pglite: 1500, postgres: 300 } as const;

/** One UTF-16 code unit of any value (lone surrogates and NUL included) or one whole code point. */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00", "🥚", "\u200d", "\ufeff", "\uffff"),
);
/** Any text: every alphabet, emoji, control characters and malformed UTF-16. */
const anyText = fc.string({ unit: anyUnit, maxLength: 60 });

/** Values that break a field one way or another (type, length, format, injection-looking text). */
const badValue = fc.oneof(
  fc.constantFrom<unknown>(
    null, "", " ", 0, -1, 17, 121, 1.5, Number.MAX_SAFE_INTEGER, true, false, [], {}, ["x"], { $gt: "" },
    "x".repeat(5001), "\u0000", "'; drop table applications; --", "<script>alert(1)</script>", "9411", "94a10",
    "not-an-email", "a@b", "Other", "__proto__", "NaN", "1e3",
  ),
  fc.string({ maxLength: 300 }),
  anyText,
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

function mutated(base: Record<string, unknown>, keys: string[]) {
  return fc
    .record({
      changes: fc.dictionary(fc.constantFrom(...keys, "website", "__proto__", "constructor", "id", "submitted_at"), badValue, {
        minKeys: 1,
        maxKeys: 4,
      }),
      drop: fc.subarray(keys, { maxLength: 3 }),
    })
    .map(({ changes, drop }) => {
      const body: Record<string, unknown> = { ...base };
      for (const key of drop) delete body[key];
      for (const [key, value] of Object.entries(changes)) {
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return { contentType: "application/json", raw: JSON.stringify(body) };
    });
}

function payloads(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  return fc.oneof(
    { weight: 5, arbitrary: mutated(base, keys) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ contentType: "application/json", raw: JSON.stringify(v) ?? "null" })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ contentType: "application/json", raw })) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded", "application/json; charset=utf-16", "application/json; charset=latin1"),
        raw: fc.constant(JSON.stringify(base)),
      }),
    },
  );
}

/** What the server must do with a raw body: store it (schema accepts, honeypot empty) or refuse it. */
function verdict(schema: typeof applicationSchema | typeof contactSchema, contentType: string, raw: string): "store" | "refuse" | "fake" {
  if (contentType !== "application/json") return "refuse";
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return "refuse";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "refuse";
  if (firstUnstorableField(body) !== undefined) return "refuse";
  const parsed = schema.safeParse(body);
  if (!parsed.success) return "refuse";
  return parsed.data.website && parsed.data.website.trim() !== "" ? "fake" : "store";
}

describe.each(TEST_ENGINES)("malformed public payloads on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "1000000" });
    server = t.app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  const cases = [
    { path: "/api/applications", schema: applicationSchema, valid: validApplication(), table: applications },
    { path: "/api/contact", schema: contactSchema, valid: validContact(), table: contactMessages },
  ] as const;

  for (const { path, schema, valid, table } of cases) {
    it(`${path}: never a 5xx, and rows only for accepted input`, async () => {
      const before = (await t.database.db.select().from(table)).length;
      let stored = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(payloads(valid), async ({ contentType, raw }) => {
          const res = await request(base).post(path).set("Content-Type", contentType).send(raw);
          expect(res.status).toBeLessThan(500);
          const expected = verdict(schema, contentType, raw);
          if (expected === "refuse") {
            expect(res.status).toBeGreaterThanOrEqual(400);
            expect(typeof res.body.message).toBe("string");
            refused++;
          } else {
            expect(res.status).toBe(201);
            if (expected === "store") stored++;
          }
        }),
        { numRuns: RUNS[engine] },
      );
      const after = (await t.database.db.select().from(table)).length;
      expect(after - before).toBe(stored);
      expect(refused).toBeGreaterThan(RUNS[engine] / 2);
    });
  }
});

/** A valid value with any text put somewhere inside it, or any text alone. */
function spoiled(valid: string) {
  return fc.oneof(
    anyText,
    fc.tuple(anyText, fc.nat({ max: valid.length })).map(([inserted, at]) => valid.slice(0, at) + inserted + valid.slice(at)),
  );
}

/** Raw bytes, percent-encoded: NUL, invalid UTF-8 and encoded lone surrogates reach the query parser as sent. */
const anyQueryValue = fc.oneof(
  fc.uint8Array({ maxLength: 24 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
  anyText.map((value) => encodeURIComponent(value.toWellFormed())),
  fc.constantFrom("%00", "%ED%A0%80", "%ED%BF%BF", "%C0%80", "%F0%9F%A5", "abc%00def", "%FF%FE"),
);

interface BodyCall {
  method: "post" | "put";
  path: string;
  valid: Record<string, unknown>;
}

describe.each(TEST_ENGINES)("any text in every string field of every call on %s", { timeout: 300_000 }, (engine) => {
  const runs = engine === "pglite" ? 40 : 15;
  let t: TestApp;
  let token: string;
  const calls: BodyCall[] = [];
  const queries: { path: string; keys: string[] }[] = [
    { path: "/api/admin/applications", keys: ["q", "firstName", "lastName", "state", "formSource", "traffic_source", "cursor", "from", "sort", "tz"] },
    { path: "/api/admin/applications/stats", keys: ["q", "state", "to"] },
    { path: "/api/admin/contact", keys: ["q", "firstName", "lastName", "reason", "cursor", "dir"] },
    { path: "/api/admin/contact/stats", keys: ["q", "reason"] },
    { path: "/api/admin/audit", keys: ["actor", "action", "target", "from"] },
    { path: "/api/privacy/requests", keys: ["status"] },
    { path: "/api/outbox", keys: ["status", "cursor"] },
  ];

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_POST_LIMIT: "1000000", LOGIN_MAX_PER_ADDRESS: "1000000", LOGIN_MAX_PER_USERNAME: "1000000" });
    const staff = await createStaff(t, "prop");
    token = staff.super_admin.token;
    const application = await request(t.app).post("/api/applications").send(validApplication());
    const contact = await request(t.app).post("/api/contact").send(validContact());
    const privacyRequest = await request(t.app)
      .post("/api/privacy/requests")
      .set(bearer(token))
      .send({ email: "someone@example.com", kind: "access" });
    expect([application.status, contact.status, privacyRequest.status]).toEqual([201, 201, 201]);
    const email = "nobody.here@example.com";
    calls.push(
      { method: "post", path: "/api/applications", valid: validApplication() },
      { method: "post", path: "/api/contact", valid: validContact() },
      { method: "post", path: "/api/auth/login", valid: { username: "prop_user", password: "StaffPass123" } },
      { method: "post", path: "/api/users", valid: { username: "prop_new", password: "Amber-Falcon-Ridge-7", role: "user" } },
      { method: "put", path: `/api/users/${staff.user.id}/password`, valid: { newPassword: "Amber-Falcon-Ridge-7" } },
      { method: "post", path: "/api/privacy/find", valid: { email } },
      { method: "post", path: "/api/privacy/export", valid: { email } },
      { method: "post", path: "/api/privacy/erase", valid: { email, confirmation: email } },
      { method: "post", path: "/api/privacy/requests", valid: { email, kind: "correction", receivedOn: "2026-01-02", notes: "Asked by phone" } },
      { method: "put", path: `/api/privacy/requests/${privacyRequest.body.id as string}`, valid: { status: "open", notes: "Still open" } },
      { method: "post", path: `/api/privacy/applications/${application.body.id as string}/correction`, valid: correctable(APPLICATION_FIELDS, validApplication()) },
      { method: "post", path: `/api/privacy/contact/${contact.body.id as string}/correction`, valid: correctable(CONTACT_FIELDS, validContact()) },
    );
  });
  afterAll(() => t.close());

  it("no body field answers a 5xx, and unstorable text is a 400 on that field", async () => {
    let refused = 0;
    for (const call of calls) {
      const fields = Object.keys(call.valid).filter((key) => typeof call.valid[key] === "string");
      const arbitrary = fc.constantFrom(...fields).chain((field) =>
        spoiled(String(call.valid[field])).map((value) => ({ field, value })),
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ field, value }) => {
          const body = JSON.stringify({ ...call.valid, [field]: value });
          const res = await request(t.app)[call.method](call.path).set(bearer(token)).set("Content-Type", "application/json").send(body);
          expect(res.status, `${call.method} ${call.path} ${field}: ${res.text}`).toBeLessThan(500);
          if (firstUnstorableField(value) !== undefined) {
            expect(res.status).toBe(400);
            expect(res.body.errors[field]).toEqual([UNSTORABLE_TEXT_MESSAGE]);
            refused++;
          }
        }),
        { numRuns: runs },
      );
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("no query parameter answers a 5xx", async () => {
    for (const { path, keys } of queries) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), anyQueryValue, async (key, value) => {
          const res = await request(t.app).get(`${path}?${key}=${value}`).set(bearer(token));
          expect(res.status, `${path}?${key}=${value}: ${res.text}`).toBeLessThan(500);
          if (/%00/i.test(value)) expect(res.status).toBe(400);
        }),
        { numRuns: runs },
      );
    }
  });
});
