/**
 * Privacy rights over an email address through the HTTP API, on both engines: find, export, correct, erase,
 * tracked requests, and who may do it.
 */
import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, contactMessages, emailOutbox, privacyRequests } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { bearer, createStaff, type StaffMember, validApplication, validContact } from "../../testing/fixtures";
import { columnsHolding, insertAuditQuoting, insertOutboxEmail } from "../../testing/privacy";
import { TEST_ENGINES } from "../../testing/database";
import type { Role } from "#core/options";

const SECRET = "test-privacy-secret-0123456789abcdef0123456789";
const hmac = (email: string) => createHmac("sha256", SECRET).update(email).digest("hex");

const ERASED = "erin.doe@example.com";
const KEPT = "kate.roe@example.com";

interface Seed {
  applicationIds: string[];
  contactIds: string[];
  outboxIds: string[];
}

describe.each(TEST_ENGINES)("privacy rights on %s", { timeout: 120_000 }, (engine) => {
  let t: TestApp;
  let staff: Record<Role, StaffMember>;
  let dataDir: string;
  const seeds: Record<string, Seed> = {};

  async function seed(email: string, variant: string): Promise<Seed> {
    const applicationIds: string[] = [];
    for (const [i, casing] of [email, `  ${email.toUpperCase()} `].entries()) {
      const res = await request(t.app)
        .post("/api/applications")
        .set("fbc", "fb.1.1700000000000.AbCdEf")
        .send(validApplication({ email: casing, firstName: `${variant}${i}`, utm_campaign: `camp-${variant}` }));
      expect(res.status, res.text).toBe(201);
      applicationIds.push((res.body as { id: string }).id);
    }
    const contact = await request(t.app).post("/api/contact").send(validContact({ email: email.replace("example", "EXAMPLE") }));
    expect(contact.status).toBe(201);
    const contactIds = [(contact.body as { id: string }).id];
    // The submissions queued their own emails (confirmations, acknowledgement); add a staff alert and an
    // email that names the person only in its recipient list.
    const queued = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(sql`${emailOutbox.application_id} in ${applicationIds} or ${emailOutbox.contact_message_id} in ${contactIds}`);
    expect(queued).toHaveLength(3);
    const outboxIds = [
      ...queued.map((row) => row.id),
      await insertOutboxEmail(t.database.db, { subjectEmail: email, recipients: [email], applicationId: applicationIds[0] }),
      await insertOutboxEmail(t.database.db, { subjectEmail: email, recipients: ["staff@ovella.test"], applicationId: applicationIds[1], kind: "staff_application_alert" }),
      await insertOutboxEmail(t.database.db, { subjectEmail: null, recipients: [`Someone <${email}>`], contactMessageId: contactIds[0], kind: "contact_acknowledgement" }),
    ];
    await insertAuditQuoting(t.database.db, "unsubscribe", email, applicationIds[0]);
    const outboxDir = path.join(dataDir, "outbox");
    mkdirSync(outboxDir, { recursive: true });
    for (const id of outboxIds) writeFileSync(path.join(outboxDir, `${id}.eml`), `To: ${email}\r\n\r\nHello`);
    return { applicationIds, contactIds, outboxIds };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ovella-privacy-"));
    t = await createTestApp(engine, { PRIVACY_HASH_SECRET: SECRET, DATA_DIR: dataDir });
    staff = await createStaff(t, "priv");
    seeds[ERASED] = await seed(ERASED, "Erin");
    seeds[KEPT] = await seed(KEPT, "Kate");
    // Staff looked at one of the applications: the history of the record.
    await request(t.app).delete(`/api/applications/00000000-0000-4000-8000-000000000000`).set(bearer(staff.admin.token));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, body: unknown, who: StaffMember = staff.admin) =>
    request(t.app).post(`/api/privacy${route}`).set(bearer(who.token)).send(body as object);

  it("refuses the user role and anonymous callers on every privacy call", async () => {
    const calls: Array<() => request.Test> = [
      () => request(t.app).post("/api/privacy/find").send({ email: ERASED }),
      () => request(t.app).post("/api/privacy/export").send({ email: ERASED }),
      () => request(t.app).post("/api/privacy/erase").send({ email: ERASED, confirmation: ERASED }),
      () => request(t.app).get("/api/privacy/requests"),
      () => request(t.app).post("/api/privacy/requests").send({ email: ERASED, kind: "access" }),
      () => request(t.app).post(`/api/privacy/applications/${seeds[ERASED]?.applicationIds[0]}/correction`).send({ zipCode: "90001" }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const denied = await call().set(bearer(staff.user.token));
      expect(denied.status).toBe(403);
      expect(denied.headers["cache-control"]).toBe("no-store");
    }
    expect((await t.database.db.select().from(applications).where(sql`lower(${applications.email}) = ${ERASED}`)).length).toBe(2);
  });

  it("finds every record of an address whatever its case and spacing, with counts and history", async () => {
    const res = await post("/find", { email: `   ${ERASED.toUpperCase()}  ` });
    expect(res.status, res.text).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.body as {
      email: string;
      counts: Record<string, number>;
      applications: Array<{ id: string; fbc: string | null }>;
      emails: Array<{ id: string }>;
      consents: Array<{ source: string; marketing_consent?: boolean; action?: string }>;
      auditEvents: Array<{ action: string }>;
    };
    expect(body.email).toBe(ERASED);
    expect(body.counts).toMatchObject({ applications: 2, contactMessages: 1, emails: 6 });
    expect(body.applications.map((a) => a.id).toSorted()).toEqual([...(seeds[ERASED]?.applicationIds ?? [])].toSorted());
    expect(body.emails.map((e) => e.id).toSorted()).toEqual([...(seeds[ERASED]?.outboxIds ?? [])].toSorted());
    expect(body.applications[0]?.fbc).toBe("fb.1.1700000000000.AbCdEf");
    expect(body.consents.filter((c) => c.source === "application")).toHaveLength(2);
    expect(body.consents.some((c) => c.action === "unsubscribe")).toBe(true);
    expect(body.auditEvents.some((e) => e.action === "unsubscribe")).toBe(true);
    // The find itself is audited with the keyed hash, never the address.
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_find")).limit(1);
    expect(event?.detail).toMatchObject({ subject_hash: hmac(ERASED) });
    expect(JSON.stringify(event)).not.toContain(ERASED);
  });

  it("answers an unknown address with empty lists, and a malformed one with the form's message", async () => {
    const unknown = await post("/find", { email: "Nobody@Example.com" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      counts: { applications: 0, contactMessages: 0, emails: 0, consents: 0, requests: 0 },
      applications: [],
      contactMessages: [],
    });
    const bad = await post("/find", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Validation failed", errors: { email: ["Please enter a valid email address"] } });
    const missing = await post("/find", {});
    expect(missing.status).toBe(400);
    expect((missing.body as { errors: Record<string, string[]> }).errors.email).toEqual(["Email is required"]);
  });

  it("tracks requests with due dates (45 days, erasure 30) and lists open ones soonest first", async () => {
    const access = await post("/requests", { email: ` ${KEPT.toUpperCase()}`, kind: "access", receivedOn: "2026-11-01", notes: "By email" });
    expect(access.status, access.text).toBe(201);
    expect(access.body).toMatchObject({ kind: "access", status: "open", subject_email: KEPT, due_at: "2026-12-16T00:00:00.000Z" });
    expect(access.body).not.toHaveProperty("subject_hash");
    const erasure = await post("/requests", { email: ERASED, kind: "erasure", receivedOn: "2026-11-10" });
    expect(erasure.body).toMatchObject({ due_at: "2026-12-10T00:00:00.000Z", handled_by_username: staff.admin.username });
    const bad = await post("/requests", { email: ERASED, kind: "gossip", receivedOn: "2999-01-01" });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string[]> }).errors).toEqual({
      kind: ["Please select the kind of request"],
      receivedOn: ["The date received cannot be in the future"],
    });
    const open = await request(t.app).get("/api/privacy/requests?status=open").set(bearer(staff.super_admin.token));
    expect(open.status).toBe(200);
    expect((open.body as Array<{ kind: string }>).map((r) => r.kind)).toEqual(["erasure", "access"]);
    const [viewed] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_type, "privacy_requests"));
    expect(viewed).toMatchObject({ action: "view", actor_username: staff.super_admin.username, detail: { status: "open", rowCount: 2 } });
  });

  it("exports everything as one JSON document, completes the access request and audits it", async () => {
    const res = await post("/export", { email: KEPT });
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="?ovella-privacy-export-\d{4}-\d{2}-\d{2}\.json"?$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = JSON.parse(res.text) as Record<string, unknown> & { counts: Record<string, number>; applications: Array<Record<string, unknown>>; privacy_requests: Array<Record<string, unknown>> };
    expect(doc).toMatchObject({ format: "ovella.privacy-export", version: 1, subject: { email: KEPT } });
    expect(doc.counts).toMatchObject({ applications: 2, contact_messages: 1, emails: 6 });
    expect(Object.keys(doc.applications[0] ?? {})).toEqual(expect.arrayContaining(["email", "age", "zipCode", "utm_campaign", "fbc", "fbp", "marketing_consent", "tracking_consent"]));
    expect(doc.privacy_requests[0]).not.toHaveProperty("subject_hash");
    const [req] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.subject_email, KEPT));
    expect(req).toMatchObject({ kind: "access", status: "completed", handled_by_username: staff.admin.username });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_export"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_username: staff.admin.username, detail: { subject_hash: hmac(KEPT) } });
  });

  it("corrects fields with the forms' validation and audits which fields changed, never their values", async () => {
    const id = seeds[KEPT]?.applicationIds[0] ?? "";
    const bad = await post(`/applications/${id}/correction`, { zipCode: "9001", age: 17 });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string[]> }).errors).toEqual({
      zipCode: ["Zip code must be exactly 5 digits"],
      age: ["Must be at least 18 years old"],
    });
    // A field staff may not correct is refused by name, never ignored (the correction would read as done).
    const notCorrectable = await post(`/applications/${id}/correction`, { age: 33, formSource: "tiktok" });
    expect(notCorrectable.status).toBe(400);
    expect((notCorrectable.body as { errors: Record<string, string[]> }).errors).toEqual({ formSource: ["formSource cannot be corrected"] });
    const ok = await post(`/applications/${id}/correction`, { age: 33, zipCode: "90001", lastName: "Lindqvist" });
    expect(ok.status, ok.text).toBe(200);
    expect((ok.body as { fields: string[] }).fields.toSorted()).toEqual(["age", "zipCode"]);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ age: 33, zipCode: "90001", formSource: "main page" });
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_correct"));
    expect(event).toMatchObject({ target_id: id, detail: { fields: ["age", "zipCode"], subject_hash: hmac(KEPT) } });
    // Only names of fields: no old or new value is kept.
    expect(Object.keys(event?.detail ?? {}).toSorted()).toEqual(["fields", "requests", "subject_hash"]);

    const contactId = seeds[KEPT]?.contactIds[0] ?? "";
    const short = await post(`/contact/${contactId}/correction`, { message: "too short" });
    expect((short.body as { errors: Record<string, string[]> }).errors).toEqual({ message: ["Message must be at least 10 characters long"] });
    const fixed = await post(`/contact/${contactId}/correction`, { subject: "Corrected subject" });
    expect(fixed.body).toEqual({ fields: ["subject"] });
    expect((await post(`/applications/not-a-uuid/correction`, {})).status).toBe(400);
    expect((await post(`/applications/00000000-0000-4000-8000-000000000000/correction`, {})).status).toBe(404);
  });

  it("erases everything about one address in one go, keeps the other, and leaves only the keyed hash", async () => {
    const unconfirmed = await post("/erase", { email: ERASED, confirmation: "erin" });
    expect(unconfirmed.status).toBe(400);
    expect((unconfirmed.body as { errors: Record<string, string[]> }).errors.confirmation).toEqual(["Type the email address exactly to confirm the erasure"]);
    expect(await columnsHolding(t.database.db, ERASED)).not.toEqual([]);

    const res = await post("/erase", { email: ` ${ERASED.toUpperCase()}`, confirmation: ERASED }, staff.super_admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ counts: { applications: 2, contactMessages: 1, emails: 6, auditEventsRedacted: 1 } });

    // Nothing in any text, varchar, jsonb or array column of any table still holds the address.
    expect(await columnsHolding(t.database.db, ERASED)).toEqual([]);
    const erased = seeds[ERASED];
    for (const id of erased?.outboxIds ?? []) expect(existsSync(path.join(dataDir, "outbox", `${id}.eml`))).toBe(false);
    expect(await t.database.db.select().from(applications).where(sql`${applications.id} in ${erased?.applicationIds ?? []}`)).toEqual([]);

    // The trail: who erased, when, counts, and the keyed hash.
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_erase"));
    expect(event).toMatchObject({ actor_username: staff.super_admin.username, detail: { subject_hash: hmac(ERASED), counts: { applications: 2 } } });
    const [req] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.subject_hash, hmac(ERASED)));
    expect(req).toMatchObject({ kind: "erasure", status: "completed", subject_email: null });

    // The other person is untouched.
    const kept = seeds[KEPT];
    expect(await t.database.db.select().from(applications).where(sql`lower(${applications.email}) = ${KEPT}`)).toHaveLength(2);
    expect(await t.database.db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${KEPT}`)).toHaveLength(1);
    expect(await t.database.db.select().from(emailOutbox).where(sql`${emailOutbox.id} in ${kept?.outboxIds ?? []}`)).toHaveLength(6);
    for (const id of kept?.outboxIds ?? []) expect(existsSync(path.join(dataDir, "outbox", `${id}.eml`))).toBe(true);
    expect(await columnsHolding(t.database.db, KEPT)).toEqual(expect.arrayContaining(["applications.email", "email_outbox.recipients"]));

    // A later find of the erased address is empty, yet its requests are still matched by the hash.
    const again = await post("/find", { email: ERASED });
    expect(again.body).toMatchObject({ counts: { applications: 0, contactMessages: 0, emails: 0 } });
    expect((again.body as { counts: { requests: number } }).counts.requests).toBeGreaterThanOrEqual(1);
    // The staff lists do not show erased rows.
    const list = await request(t.app).get("/api/applications").set(bearer(staff.admin.token));
    expect(list.text.toLowerCase()).not.toContain(ERASED);
  });
});
