/** /readyz tells an operator the outbox backlog, the oldest unsent email's age and the database's size. */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { validApplication } from "../../testing/fixtures";

describe.each(TEST_ENGINES)("/readyz operator details on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_NOTIFY_TO: "staff@ovella.example" });
  });
  afterAll(() => t.close());

  it("reports no backlog on an empty outbox, then the queued emails and how long the oldest has waited", async () => {
    const empty = await request(t.app).get("/readyz");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ status: "ready", outbox: { backlog: 0, oldestUnsentSeconds: null } });
    expect(empty.body.database.bytes).toBeGreaterThan(1024 * 1024);

    expect((await request(t.app).post("/api/applications").send(validApplication())).status).toBe(201);
    expect((await request(t.app).post("/api/applications").send(validApplication({ email: "second@example.com" }))).status).toBe(201);
    // Ten minutes later, seen by an app whose clock is ten minutes ahead (and whose cache is empty).
    const later = await createTestAppSharing(t);
    const ready = await request(later).get("/readyz");
    expect(ready.body.outbox.backlog).toBe(4);
    expect(ready.body.outbox.oldestUnsentSeconds).toBeGreaterThanOrEqual(600);
  });
});

/** A second app over the same database and clock (its /readyz cache is empty). */
async function createTestAppSharing(t: TestApp) {
  const { composeRoot } = await import("../../server/root");
  const { createLogger } = await import("../../server/logger");
  const started = Date.now();
  const offset = 10 * 60_000;
  const root = await composeRoot({
    env: t.env,
    database: t.database,
    logger: createLogger("silent"),
    now: () => new Date(started + offset + (Date.now() - started)),
  });
  return root.app;
}
