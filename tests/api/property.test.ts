/**
 * Property test: thousands of malformed payloads at both public POSTs.
 * No answer is a 5xx, and a row is stored only for input the shared schema accepts.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import * as fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema, contactSchema } from "#core/validation";
import { applications, contactMessages } from "../../server/db/schema";
import { dropNul } from "../../server/http/body";
import { createTestApp, type TestApp } from "../support/app";
import { TEST_ENGINES } from "../support/database";
import { validApplication, validContact } from "../support/fixtures";

const RUNS = { pglite: 1500, postgres: 300 } as const;

/** Values that break a field one way or another (type, length, format, injection-looking text). */
const badValue = fc.oneof(
  fc.constantFrom<unknown>(
    null, "", " ", 0, -1, 17, 121, 1.5, Number.MAX_SAFE_INTEGER, true, false, [], {}, ["x"], { $gt: "" },
    "x".repeat(5001), "\u0000", "'; drop table applications; --", "<script>alert(1)</script>", "9411", "94a10",
    "not-an-email", "a@b", "Other", "__proto__", "NaN", "1e3",
  ),
  fc.string({ maxLength: 300 }),
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
    body = JSON.parse(raw, dropNul);
  } catch {
    return "refuse";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "refuse";
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
