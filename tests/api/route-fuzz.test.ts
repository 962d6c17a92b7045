/**
 * No request makes a 500: every operation of the API description (server/http/openapi.ts, so a new route
 * is covered the day it is described) is called by a super admin with generated path segments (ids of
 * every shape, malformed percent-encoding), query strings (the operation's own parameters with any value,
 * forged list cursors whose keys do not cast) and bodies. Any answer below 500 is fine; a 5xx fails.
 */
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATIONS_LIST, AUDIT_LIST, CONTACT_LIST } from "#core/lists/declarations";
import { OPERATIONS, openApiDocument } from "../../server/http/openapi";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { createStaff, validApplication, validContact } from "../../testing/fixtures";

/** Runs per operation: about 45 operations, well under a minute per engine. */
const RUNS = { pglite: 25, postgres: 15 } as const;

/** Every sort of every list, with the type of its key (core/lists/declarations.ts). */
const SORTS = [...new Set([APPLICATIONS_LIST, CONTACT_LIST, AUDIT_LIST].flatMap((list) => Object.keys(list.sorts)))];

/** A key that does not cast to its sort's type, or one that does. */
const cursorKey = fc.oneof(
  fc.constantFrom("not-a-date", "99999999999", "maybe", "2026-13-45 99:00:00+00", "2026-02-30 10:00:00+00", "-1", "1e9", "", "\u0000", "\ud800", "true", "2026-11-25 10:00:00.123456+00", "12"),
  fc.string({ maxLength: 30 }),
);

/** A forged cursor for a sort and direction, sent with them: the list's own shape, base64url like the real ones. */
const forgedPage = fc
  .record({ sort: fc.constantFrom(...SORTS), dir: fc.constantFrom("asc", "desc"), key: cursorKey, id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })) })
  .map(({ sort, dir, key, id }) => ({
    sort,
    dir,
    cursor: Buffer.from(JSON.stringify([sort, dir, key, id]), "utf8").toString("base64url"),
  }));

/** Percent-encoding as a client may send it: encoded text, raw bytes, and sequences that do not decode. */
const encodedValue = fc.oneof(
  fc.string({ maxLength: 40 }).map((value) => encodeURIComponent(value.toWellFormed())),
  fc.uint8Array({ maxLength: 16 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
  fc.constantFrom("%E0%A4%A", "%", "%zz", "%00", "%ED%A0%80", "%C0%80", "%FF", "..", "%2F", "%2e%2e", "-1", "0", "99999999999"),
  fc.uuid(),
);

const queryValue = fc.oneof(encodedValue, fc.constantFrom("not-a-date", "maybe", "99999999999", "2026-02-30", "asc", "desc", "true"));

const bodyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(null, "", "not-a-date", 99999999999, -1, "maybe", { $gt: "" }, ["x"], "\u202eevil", "a".repeat(3000)),
);

interface Answer {
  status: number;
  body: string;
}

function send(base: string, method: string, path: string, token: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: method.toUpperCase(),
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 300) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The query parameters the description names for an operation. */
function queryNames(method: string, path: string): string[] {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
  return (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
}

/** The valid body of each operation that takes one, so mutations land next to a real submission. */
function validBody(path: string): Record<string, unknown> {
  if (path === "/api/applications" || path.includes("/applications/")) return validApplication();
  if (path === "/api/contact" || path.includes("/contact/")) return validContact();
  return {};
}

describe.each(TEST_ENGINES)("every route with generated input on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      PUBLIC_POST_LIMIT: "1000000",
      LOGIN_MAX_PER_ADDRESS: "1000000",
      LOGIN_MAX_PER_USERNAME: "1000000",
    });
    token = (await createStaff(t, "fuzz")).super_admin.token;
    server = t.app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it("covers every described operation", () => {
    expect(OPERATIONS.length).toBeGreaterThan(30);
  });

  for (const op of OPERATIONS) {
    // Signing out would end the fuzzing session; its input is the header alone.
    if (op.path === "/api/auth/logout") continue;
    it(`${op.method.toUpperCase()} ${op.path} never answers 5xx`, async () => {
      const names = queryNames(op.method, op.path);
      const segments = [...op.path.matchAll(/\{(\w+)\}/g)].length;
      const input = fc.record({
        segments: fc.array(encodedValue, { minLength: segments, maxLength: segments }),
        query: fc.tuple(
          names.length
            ? fc.dictionary(fc.constantFrom(...names, "cursor", "limit", "sort"), queryValue, { maxKeys: 4 })
            : fc.dictionary(fc.constantFrom("cursor", "x"), queryValue, { maxKeys: 1 }),
          names.includes("cursor") ? fc.option(forgedPage, { freq: 2 }) : fc.constant(null),
        ).map(([values, page]) => ({ ...values, ...page })),
        body: fc.oneof(
          fc.dictionary(fc.constantFrom(...Object.keys(validBody(op.path)), "email", "id", "status", "kind"), bodyValue, { maxKeys: 4 }).map((changes) => ({
            ...validBody(op.path),
            ...changes,
          })),
          bodyValue,
        ),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ segments: values, query, body }) => {
          let index = 0;
          const path = op.path.replace(/\{\w+\}/g, () => values[index++] ?? "x");
          const search = Object.entries(query).map(([key, value]) => `${key}=${value}`).join("&");
          const url = search ? `${path}?${search}` : path;
          const res = await send(base, op.method, url, token, op.body ? JSON.stringify(body) : undefined);
          expect(res.status, `${op.method.toUpperCase()} ${url}: ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS[engine] },
      );
    });
  }
});
