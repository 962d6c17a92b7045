/** While the database does not answer: 503 + Retry-After + {message} on every API call, never a 500. */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../server/db/unavailable";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { validApplication, validContact } from "../../testing/fixtures";

describe("connection-level database errors", () => {
  it.each([
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
    new Error("Connection terminated unexpectedly"),
    new Error("timeout exceeded when trying to connect"),
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    Object.assign(new Error("connection failure"), { code: "08006" }),
    new Error("PGlite is closed"),
    new Error("Failed query: insert …", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }),
    new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })], ""),
  ])("counts %s as the database being away", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    Object.assign(new Error("duplicate key"), { code: "23505" }),
    Object.assign(new Error("syntax error"), { code: "42601" }),
    new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "22P02" }) }),
    new TypeError("undefined is not a function"),
  ])("does not count %s", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

function expect503(res: request.Response) {
  expect(res.status).toBe(503);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.body.message).toMatch(/could not reach our database/);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

describe.each(TEST_ENGINES)("database away on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // The database stops answering (the pool is ended / the embedded database is closed).
    await t.database.close();
  });
  afterAll(() => t.close());

  it("answers 503 with Retry-After for the public submissions", async () => {
    expect503(await request(t.app).post("/api/applications").send(validApplication()));
    expect503(await request(t.app).post("/api/contact").send(validContact()));
  });

  it("answers 503 for sign-in and for protected calls", async () => {
    expect503(await request(t.app).post("/api/auth/login").send({ username: "someone", password: "a password" }));
    expect503(await request(t.app).get("/api/applications").set("Authorization", `Bearer ${"a".repeat(43)}`));
  });

  it("still answers 400 for bad input and keeps /healthz up while /readyz says unavailable", async () => {
    expect((await request(t.app).post("/api/contact").send({})).status).toBe(400);
    expect((await request(t.app).get("/healthz")).status).toBe(200);
    expect((await request(t.app).get("/readyz")).status).toBe(503);
  });
});
