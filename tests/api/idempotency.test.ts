/** Exactly-once public submissions: a retried or doubled POST with one Idempotency-Key stores one row. */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, contactMessages, idempotencyKeys } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { validApplication, validContact } from "../../testing/fixtures";

let counter = 0;
function newKey(): string {
  counter += 1;
  return `test-key-${Date.now()}-${counter}-abcdef`;
}

describe.each(TEST_ENGINES)("Idempotency-Key on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function countApplications(email: string): Promise<number> {
    return (await t.database.db.select().from(applications).where(eq(applications.email, email))).length;
  }

  it("stores one application for a retried POST and answers the retry with the same body", async () => {
    const key = newKey();
    const body = validApplication({ email: "retry@example.com" });
    const first = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(body);
    expect(first.status).toBe(201);
    expect(first.body.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const retry = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(await countApplications("retry@example.com")).toBe(1);
  });

  it("stores one row for parallel duplicates, all answered alike", async () => {
    const key = newKey();
    const body = validApplication({ email: "parallel@example.com" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => request(t.app).post("/api/applications").set("Idempotency-Key", key).send(body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countApplications("parallel@example.com")).toBe(1);
  });

  it("refuses the same key with a different body (422) and stores nothing more", async () => {
    const key = newKey();
    expect((await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(validContact({ email: "a@example.com" }))).status).toBe(201);
    const reused = await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(validContact({ email: "b@example.com" }));
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for a different submission/);
    expect((await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, "b@example.com"))).length).toBe(0);
  });

  it("keeps keys per route and stores different keys as different submissions", async () => {
    const key = newKey();
    expect((await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(validContact({ email: "route@example.com" }))).status).toBe(201);
    expect((await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(validApplication({ email: "route@example.com" }))).status).toBe(201);
    const body = validApplication({ email: "twice@example.com" });
    await request(t.app).post("/api/applications").set("Idempotency-Key", newKey()).send(body);
    await request(t.app).post("/api/applications").set("Idempotency-Key", newKey()).send(body);
    expect(await countApplications("twice@example.com")).toBe(2);
  });

  it("answers 400 for a malformed key", async () => {
    const res = await request(t.app).post("/api/contact").set("Idempotency-Key", "short").send(validContact());
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Idempotency-Key/);
  });

  it("purges keys older than a day", async () => {
    const key = newKey();
    await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(validContact());
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, key));
    const { createServices } = await import("../../server/services");
    const services = createServices({ db: t.database.db, now: () => new Date() });
    expect(await services.submissions.purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect((await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length).toBe(0);
  });

  it("reads a key's age on the database's clock: an instance whose clock runs days ahead keeps fresh keys", async () => {
    const key = newKey();
    const body = validContact({ email: "clock.ahead@example.com" });
    const first = await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(body);
    expect(first.status).toBe(201);
    const { createServices } = await import("../../server/services");
    const ahead = createServices({ db: t.database.db, now: () => new Date(Date.now() + 7 * 24 * 3600_000) });
    await ahead.submissions.purgeIdempotencyKeys();
    expect((await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length).toBe(1);
    const retry = await request(t.app).post("/api/contact").set("Idempotency-Key", key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
  });
});
