/** The error rules of the contract: 415, 413, malformed JSON 400, unknown path 404, 500 without detail. */
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSTORABLE_TEXT_MESSAGE } from "#core/validation";
import { contactMessages } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { validApplication, validContact } from "../../testing/fixtures";

describe.each(TEST_ENGINES)("HTTP error rules on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"])(
    "answers 415 for a %s body",
    async (type) => {
      const res = await request(t.app).post("/api/contact").set("Content-Type", type).send("firstName=Priya");
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: "Content-Type must be application/json" });
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    },
  );

  it("answers 413 for a body over 32 KiB, 201 just under it", async () => {
    const big = await request(t.app)
      .post("/api/contact")
      .set("Content-Type", "application/json")
      .send(JSON.stringify(validContact({ padding: "x".repeat(33 * 1024) })));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: "Request body is too large" });

    const under = await request(t.app)
      .post("/api/contact")
      .set("Content-Type", "application/json")
      .send(JSON.stringify(validContact({ padding: "x".repeat(31 * 1024) })));
    expect(under.status).toBe(201);
  });

  it.each(['{"firstName": ', "{'a': 1}", "null", "42", '"text"', "{,}"])("answers 400 for the malformed body %s", async (body) => {
    const res = await request(t.app).post("/api/applications").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it("answers 400 (not 500) for a JSON array or wrongly typed fields", async () => {
    const arr = await request(t.app).post("/api/applications").set("Content-Type", "application/json").send("[1,2]");
    expect(arr.status).toBe(400);
    const typed = await request(t.app)
      .post("/api/applications")
      .send({ firstName: { $gt: "" }, lastName: ["x"], email: 5, age: true, state: null, zipCode: 94110, formSource: 1 });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toBe("Validation failed");
  });

  it.each([
    ["/api/contact", "firstName", validContact({ firstName: "ab\ud800cd" })],
    ["/api/contact", "subject", validContact({ subject: "Egg\u0000 freezing" })],
    ["/api/applications", "firstName", validApplication({ firstName: "ab\ud800cd" })],
    ["/api/applications", "lastName", validApplication({ lastName: "\udfffSmith" })],
    ["/api/applications", "utm_campaign", validApplication({ utm_campaign: "spring\u0000" })],
    ["/api/applications", "padding", validApplication({ padding: "x\ud83d" })],
  ] as const)("answers %s with 400 on %s for text the database cannot store", async (path, field, body) => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const res = await request(t.app).post(path).set("Content-Type", "application/json").send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Validation failed", errors: { [field]: [UNSTORABLE_TEXT_MESSAGE] } });
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("keeps every well-formed character, astral ones included", async () => {
    const res = await request(t.app).post("/api/contact").send(validContact({ subject: "Ovella 🥚 ünïcødé 中文 עברית" }));
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
    expect(row?.subject).toBe("Ovella 🥚 ünïcødé 中文 עברית");
  });

  it.each([
    ["get", "/api/nope"],
    ["post", "/api/nope"],
    ["get", "/api"],
    ["put", "/api/applications"],
    ["get", "/api/auth/login"],
    ["patch", "/api/contact"],
    ["get", "/api/audit/exports"],
    ["post", "/api/audit/exports"],
  ] as const)("answers 404 JSON for %s %s", async (method, path) => {
    const res = await request(t.app)[method](path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sends Cache-Control: no-store and a request id on API answers", async () => {
    const res = await request(t.app).post("/api/applications").send(validApplication());
    expect(res.status).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("a database failure", () => {
  it("answers 500 with only 'Internal server error'", async () => {
    const t = await createTestApp("pglite");
    // A failure that is not the database being away (that is a 503): the table is gone.
    await t.database.db.execute(sql`drop table contact_messages cascade`);
    const res = await request(t.app).post("/api/contact").send(validContact());
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Internal server error" });
    await t.close();
  });
});
