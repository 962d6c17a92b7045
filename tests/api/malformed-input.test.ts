/**
 * Malformed path segments and forged list cursors answer the contract's 400 with the JSON error body,
 * never a 500 (the route-fuzz test covers every route; these are the reproductions of known failures).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MALFORMED_PATH_MESSAGE } from "../../server/http/errors";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication } from "../../testing/fixtures";

const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts), "utf8").toString("base64url");
const ID = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_ENGINES)("malformed input answers 400 on %s", (engine) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await createStaff(t, "malformed")).super_admin.token;
    for (let i = 0; i < 52; i++) await request(t.app).post("/api/applications").send(validApplication({ email: `m${i}@example.com` }));
  });
  afterAll(() => t.close());

  it.each([
    ["get", "/api/applications/%E0%A4%A"],
    ["delete", "/api/applications/%E0%A4%A"],
    ["get", "/api/admin/contact/%80"],
    ["put", "/api/users/%C0%80zz%/password"],
  ] as const)("%s %s (percent-encoding that does not decode) is a 400 with the error body", async (method, path) => {
    const res = await request(t.app)[method](path).set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: MALFORMED_PATH_MESSAGE });
  });

  it("answers the unauthenticated reproduction with a 400 too", async () => {
    const res = await request(t.app).get("/api/applications/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MALFORMED_PATH_MESSAGE);
  });

  it.each([
    ["/api/admin/applications", "submitted_at", "not-a-date"],
    ["/api/admin/applications", "age", "99999999999"],
    ["/api/admin/applications", "marketing", "maybe"],
    ["/api/admin/contact", "reason", "1.5"],
    ["/api/admin/audit", "at", "2026-02-30 10:00:00+00"],
  ])("%s sorted by %s refuses the forged cursor key %j with a 400", async (path, sort, key) => {
    const res = await request(t.app)
      .get(path)
      .query({ sort: path.endsWith("audit") ? undefined : sort, dir: "desc", cursor: cursor([sort, "desc", key, ID]) })
      .set(bearer(token));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid cursor" });
  });

  it("still follows a real cursor of each typed sort", async () => {
    for (const sort of ["submitted_at", "age", "marketing", "name"]) {
      const first = await request(t.app).get("/api/admin/applications").query({ sort, limit: 50 }).set(bearer(token));
      expect(first.status).toBe(200);
      const next = await request(t.app).get("/api/admin/applications").query({ sort, limit: 50, cursor: first.body.nextCursor }).set(bearer(token));
      expect(next.status, `${sort}: ${next.text}`).toBe(200);
      expect(next.body.rows.length).toBeGreaterThan(0);
    }
  });
});
