/**
 * Delete means gone: a staff Delete removes the record's outbox rows in its transaction and their .eml
 * files; a replayed Idempotency-Key whose record was deleted or erased answers 410, not the old id.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, or } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { SUBMISSION_GONE_MESSAGE } from "../../server/services/submissions";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact } from "../../testing/fixtures";

const newKey = () => randomBytes(16).toString("hex");

describe.each(TEST_ENGINES)("delete means gone on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  let outboxDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-gone-"));
    outboxDir = path.join(dataDir, "outbox");
    mkdirSync(outboxDir);
    t = await createTestApp(engine, { DATA_DIR: dataDir, STAFF_NOTIFY_TO: "staff@ovella.example" });
    admin = (await createStaff(t, "gone")).admin.token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The record's outbox rows, each with an .eml copy written as the file transport would. */
  async function emailsOf(column: "application_id" | "contact_message_id", id: string): Promise<string[]> {
    const rows = await t.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox[column], id));
    for (const row of rows) writeFileSync(path.join(outboxDir, `${row.id}.eml`), "Subject: test\r\n\r\nbody");
    return rows.map((row) => row.id);
  }

  it.each([
    ["/api/admin/applications", "/api/applications", "application_id", validApplication] as const,
    ["/api/admin/contact", "/api/contact", "contact_message_id", validContact] as const,
    ["/api/applications", "/api/applications", "application_id", validApplication] as const,
  ])("DELETE %s/{id} removes the record's outbox rows and .eml files, and nobody else's", async (deletePath, postPath, column, payload) => {
    const doomed = await request(t.app).post(postPath).send(payload({ email: `doomed.${newKey()}@example.com` }));
    const kept = await request(t.app).post(postPath).send(payload({ email: `kept.${newKey()}@example.com` }));
    const doomedEmails = await emailsOf(column, doomed.body.id);
    const keptEmails = await emailsOf(column, kept.body.id);
    expect(doomedEmails).toHaveLength(2);

    const res = await request(t.app).delete(`${deletePath}/${doomed.body.id}`).set(bearer(admin));
    expect(res.status).toBe(204);

    const left = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(or(...[...doomedEmails, ...keptEmails].map((id) => eq(emailOutbox.id, id))));
    expect(left.map((row) => row.id).toSorted()).toEqual(keptEmails.toSorted());
    for (const id of doomedEmails) expect(existsSync(path.join(outboxDir, `${id}.eml`))).toBe(false);
    for (const id of keptEmails) expect(existsSync(path.join(outboxDir, `${id}.eml`))).toBe(true);
  });

  it("keeps the outbox rows when the record is not there (404, nothing removed)", async () => {
    const before = (await t.database.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    const res = await request(t.app).delete("/api/admin/applications/00000000-0000-4000-8000-000000000000").set(bearer(admin));
    expect(res.status).toBe(404);
    expect((await t.database.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(before);
  });

  it.each([
    ["/api/applications", "/api/admin/applications", validApplication] as const,
    ["/api/contact", "/api/admin/contact", validContact] as const,
  ])("a key replayed after its %s record was deleted answers 410 with the error body", async (postPath, adminPath, payload) => {
    const key = newKey();
    const body = payload({ email: `replay.${newKey()}@example.com` });
    const first = await request(t.app).post(postPath).set("Idempotency-Key", key).send(body);
    expect(first.status).toBe(201);
    const replay = await request(t.app).post(postPath).set("Idempotency-Key", key).send(body);
    expect([replay.status, replay.body.id]).toEqual([201, first.body.id]);

    expect((await request(t.app).delete(`${adminPath}/${first.body.id}`).set(bearer(admin))).status).toBe(204);
    const gone = await request(t.app).post(postPath).set("Idempotency-Key", key).send(body);
    expect(gone.status).toBe(410);
    expect(gone.headers["content-type"]).toMatch(/^application\/json/);
    expect(gone.body).toEqual({ message: SUBMISSION_GONE_MESSAGE });
    expect(JSON.stringify(gone.body)).not.toContain(first.body.id);
  });

  it("a key replayed after an erasure of the address answers 410", async () => {
    const key = newKey();
    const email = `erased.${newKey()}@example.com`;
    const body = validApplication({ email });
    const first = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(body);
    expect(first.status).toBe(201);
    const erase = await request(t.app).post("/api/privacy/erase").set(bearer(admin)).send({ email, confirmation: email });
    expect(erase.status).toBe(200);
    const gone = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(body);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ message: SUBMISSION_GONE_MESSAGE });
  });
});
