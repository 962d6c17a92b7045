/**
 * Webhooks end to end on both engines, with a real HTTP receiver on 127.0.0.1 that verifies every signature
 * with the official `standardwebhooks` package: what a submission, a stage move and an erasure send, a
 * receiver outage, secret rotation, the SSRF guard, 410, five days of failures on the app's clock, replays.
 * The worker's batch is driven with deliverDue(): no test sleeps.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, emailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../server/db/schema";
import { renderEmail, type StaffWebhookDisabledPayload } from "../../server/services/mail-templates";
import { addressRefusal } from "../../server/services/webhooks/address-guard";
import { RETRY_DELAYS_MS } from "../../server/services/webhooks/deliver";
import type { AppServices } from "../../server/services";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, login, type StaffMember, validApplication, validContact } from "../../testing/fixtures";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1 that records each request and answers `status`; it can be stopped and started on its port. */
class Receiver {
  received: Received[] = [];
  status = 200;
  answer = "ok";
  port = 0;
  private server: http.Server | null = null;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        this.received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(this.status, { "content-type": "text/plain", connection: "close" }).end(this.answer);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get running(): boolean {
    return this.server !== null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /**
   * Each request's parsed body, after checking its signature with the official library on a receiver whose
   * clock reads `now` (the app's clock: tests move it, and the library refuses timestamps 5 minutes off).
   */
  verified(secret: string, now: Date): { id: string; payload: { type: string; data: Record<string, unknown> } }[] {
    const wh = new Webhook(secret);
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      return this.received.map((r) => ({ id: r.headers["webhook-id"]!, payload: wh.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> } }));
    } finally {
      vi.useRealTimers();
    }
  }
}

/** The signature `secret` makes for a received request (checked against the header without the time window). */
function signedWith(secret: string, r: Received): boolean {
  const expected = new Webhook(secret).sign(r.headers["webhook-id"]!, new Date(Number(r.headers["webhook-timestamp"]) * 1000), r.body);
  return r.headers["webhook-signature"]!.split(" ").includes(expected);
}

describe.each(TEST_ENGINES)("webhooks (%s)", (engine) => {
  let t: TestApp & { services: AppServices };
  let staff: Record<string, StaffMember>;
  let admin: Record<string, string>;
  const receiver = new Receiver();

  beforeAll(async () => {
    t = await createTestApp(engine, { WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE: "1", STAFF_NOTIFY_TO: "ops@ovella.example" });
    staff = await createStaff(t, `hooks${Date.now()}`);
    admin = bearer(staff.super_admin!.token);
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(async () => {
    // Each test has its own endpoints and deliveries, a running receiver, and a session (tests move the clock).
    await t.database.db.delete(webhookDeliveries);
    await t.database.db.delete(webhookEndpoints);
    if (!receiver.running) await receiver.start();
    receiver.received = [];
    receiver.status = 200;
    receiver.answer = "ok";
    admin = bearer(await login(t, staff.super_admin!.username));
  });

  async function addEndpoint(events: string[] = ["application.created", "contact_message.created", "application.stage_changed", "privacy.erased"], url = receiver.url) {
    const res = await request(t.app).post("/api/admin/webhooks").set(admin).send({ url, events, description: "Clinic CRM" });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    return res.body as { id: string; secret: string };
  }

  async function apply(overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await request(t.app).post("/api/applications").send(validApplication(overrides));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it("only super admins manage endpoints; the list never shows a secret; every change is audited", async () => {
    for (const role of ["user", "admin"]) {
      expect((await request(t.app).get("/api/admin/webhooks").set(bearer(staff[role]!.token))).status).toBe(403);
      expect((await request(t.app).post("/api/admin/webhooks").set(bearer(staff[role]!.token)).send({ url: receiver.url, events: ["application.created"] })).status).toBe(403);
    }
    expect((await request(t.app).get("/api/admin/webhooks")).status).toBe(401);
    const { id, secret } = await addEndpoint();
    const list = await request(t.app).get("/api/admin/webhooks").set(admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, url: receiver.url, enabled: true, description: "Clinic CRM" })]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 20));
    expect((await request(t.app).post("/api/admin/webhooks").set(admin).send({ url: "ftp://example.com/x", events: ["application.created"] })).status).toBe(400);
    expect((await request(t.app).post("/api/admin/webhooks").set(admin).send({ url: receiver.url, events: ["application.deleted"] })).status).toBe(400);
    expect((await request(t.app).post("/api/admin/webhooks").set(admin).send({ url: receiver.url, events: [] })).status).toBe(400);
    const disabled = await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({ enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: "Disabled by staff" });
    const audit = await request(t.app).get("/api/admin/audit").query({ action: "webhook_create" }).set(admin);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain(id);
    expect((await request(t.app).delete(`/api/admin/webhooks/${id}`).set(admin)).status).toBe(204);
    expect((await request(t.app).delete(`/api/admin/webhooks/${id}`).set(admin)).status).toBe(404);
  });

  it("an application and a contact message arrive signed (verified with standardwebhooks), thin: ids, times, form source, stage", async () => {
    const { secret } = await addEndpoint();
    const applicationId = await apply();
    const contact = await request(t.app).post("/api/contact").send(validContact());
    expect(contact.status).toBe(201);
    const run = await t.services.webhooks.deliverDue();
    expect(run).toMatchObject({ claimed: 2, delivered: 2, failed: 0 });
    const events = receiver.verified(secret, t.now());
    const created = events.find((e) => e.payload.type === "application.created");
    expect(created?.payload).toMatchObject({ type: "application.created", version: 1, data: { id: applicationId, formSource: "main page", stage: "new" } });
    expect(Object.keys(created!.payload.data).toSorted()).toEqual(["formSource", "id", "stage", "submittedAt"]);
    const message = events.find((e) => e.payload.type === "contact_message.created");
    expect(Object.keys(message!.payload.data).toSorted()).toEqual(["id", "submittedAt"]);
    expect(message!.payload.data.id).toBe(contact.body.id);
    // No personal data travels: none of the answers appear in any body.
    for (const r of receiver.received) {
      for (const answer of ["Maya", "Lindqvist", "maya.lindqvist@example.com", "415-555-0134", "94110", "Priya", "Am I eligible"]) expect(r.body).not.toContain(answer);
    }
    // Nothing is sent twice once delivered.
    expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
  });

  it("an endpoint switched to the full record (audited) gets the form answers, read when sent; the delivery row holds none", async () => {
    const { id, secret } = await addEndpoint(["application.created"]);
    const switched = await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({ fullRecord: true });
    expect(switched.body).toMatchObject({ fullRecord: true });
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_update"), eq(auditEvents.target_id, id)));
    expect(event!.detail).toMatchObject({ fullRecord: true });
    const applicationId = await apply();
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.application_id, applicationId));
    expect(JSON.stringify(row!.payload)).not.toContain("Lindqvist");
    await t.services.webhooks.deliverDue();
    const [received] = receiver.verified(secret, t.now());
    expect(received!.payload.data).toMatchObject({ id: applicationId, record: { firstName: "Maya", lastName: "Lindqvist", email: "maya.lindqvist@example.com", zipCode: "94110" } });
  });

  it("an edit changes only the fields given and is audited with the values it replaced; an empty edit is refused", async () => {
    const { id } = await addEndpoint(["application.created"]);
    const edited = await request(t.app)
      .put(`/api/admin/webhooks/${id}`)
      .set(admin)
      .send({ description: "Clinic CRM (EU)", events: ["application.created", "privacy.erased"], enabled: false, fullRecord: true });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, url: receiver.url, description: "Clinic CRM (EU)", events: ["application.created", "privacy.erased"], enabled: false, fullRecord: true, disabledReason: "Disabled by staff" });
    const [listed] = (await request(t.app).get("/api/admin/webhooks").set(admin)).body as { fullRecord: boolean; enabled: boolean }[];
    expect(listed).toMatchObject({ fullRecord: true, enabled: false });
    // The audit log, as a super admin reads it, has the change; its detail keeps what was replaced.
    const audit = await request(t.app).get("/api/admin/audit").query({ action: "webhook_update", target: id }).set(admin);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain(id);
    const events = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_update"), eq(auditEvents.target_id, id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_username).toBe(staff.super_admin!.username);
    expect(events[0]!.detail).toEqual({
      description: "Clinic CRM (EU)",
      events: ["application.created", "privacy.erased"],
      enabled: false,
      fullRecord: true,
      previous: { description: "Clinic CRM", events: ["application.created"], enabled: true, fullRecord: false },
    });
    // Switching back to thin events is audited the same way.
    expect((await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({ fullRecord: false })).body).toMatchObject({ fullRecord: false, enabled: false });
    const both = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_update"), eq(auditEvents.target_id, id)));
    expect(both.map((e) => e.detail)).toContainEqual({ fullRecord: false, previous: { fullRecord: true } });
    // Nothing to change: 400, and no audit event.
    const empty = await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to change");
    expect(await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_update"), eq(auditEvents.target_id, id)))).toHaveLength(2);
    // Only super admins edit.
    expect((await request(t.app).put(`/api/admin/webhooks/${id}`).set(bearer(staff.admin!.token)).send({ fullRecord: true })).status).toBe(403);
  });

  it("a retried submission (same Idempotency-Key) queues one delivery; a staff Delete removes the record's deliveries", async () => {
    const { id } = await addEndpoint(["application.created"]);
    const key = `hooks-${engine}-0123456789abcdef`;
    const first = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(validApplication());
    const again = await request(t.app).post("/api/applications").set("Idempotency-Key", key).send(validApplication());
    expect(again.body.id).toBe(first.body.id);
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id));
    expect(rows.map((r) => r.application_id)).toEqual([first.body.id]);
    expect((await request(t.app).delete(`/api/admin/applications/${first.body.id}`).set(admin)).status).toBe(204);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id))).toEqual([]);
  });

  it("finished deliveries and their attempt logs are purged after the retention period; waiting ones stay", async () => {
    const { id } = await addEndpoint(["application.created"]);
    await apply();
    await t.services.webhooks.deliverDue();
    receiver.status = 500;
    await apply();
    await t.services.webhooks.deliverDue();
    expect(await t.services.webhooks.purgeFinished(30)).toBe(0);
    t.advance(31 * 24 * 3600_000);
    expect(await t.services.webhooks.purgeFinished(30)).toBe(1);
    const left = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id));
    expect(left.map((d) => d.status)).toEqual(["pending"]);
  });

  it("removing an endpoint removes its deliveries and their attempt logs; one queued during the removal is swept, never sent", async () => {
    const kept = await addEndpoint(["application.created"]);
    const { id } = await addEndpoint(["application.created"]);
    receiver.status = 500;
    await apply();
    await t.services.webhooks.deliverDue();
    expect(await t.database.db.select().from(webhookAttempts)).toHaveLength(2);
    expect((await request(t.app).delete(`/api/admin/webhooks/${id}`).set(admin)).status).toBe(204);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id))).toEqual([]);
    const attempts = await t.database.db.select({ delivery: webhookAttempts.delivery_id }).from(webhookAttempts);
    expect(attempts).toHaveLength(1);

    // A submission that read the endpoint just before it was removed still queues its delivery (no foreign key
    // stops it): it is never claimed, and the retention sweep removes it.
    const [orphan] = await t.database.db
      .insert(webhookDeliveries)
      .values({ endpoint_id: id, event_type: "application.created", payload: { type: "application.created" } })
      .returning({ id: webhookDeliveries.id });
    receiver.status = 200;
    receiver.received = [];
    t.advance(10 * 60_000);
    await t.services.webhooks.deliverDue();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).not.toContain(orphan!.id);
    // A retention far longer than the test's clock has moved: only the orphan is removed.
    expect(await t.services.webhooks.purgeFinished(3650)).toBe(1);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, orphan!.id))).toEqual([]);
    const left = await t.database.db.select().from(webhookDeliveries);
    expect(left.map((d) => [d.endpoint_id, d.status])).toEqual([[kept.id, "delivered"]]);
  });

  it("an endpoint not subscribed to an event, or disabled, gets nothing", async () => {
    const { id } = await addEndpoint(["contact_message.created"]);
    await apply();
    expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
    await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({ enabled: false });
    await request(t.app).post("/api/contact").send(validContact());
    expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("a receiver outage delays but loses nothing, and sends nothing twice but under the same webhook-id", async () => {
    const { id, secret } = await addEndpoint(["application.created"]);
    await receiver.stop();
    const ids = [await apply(), await apply({ formSource: "apply page" }), await apply()];
    expect(await t.services.webhooks.deliverDue()).toMatchObject({ claimed: 3, delivered: 0, failed: 3 });
    // Not due again before 5 s.
    expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
    await receiver.start();
    receiver.status = 503;
    t.advance(RETRY_DELAYS_MS[0]!);
    expect(await t.services.webhooks.deliverDue()).toMatchObject({ claimed: 3, failed: 3 });
    receiver.status = 200;
    t.advance(RETRY_DELAYS_MS[1]!);
    expect(await t.services.webhooks.deliverDue()).toMatchObject({ claimed: 3, delivered: 3 });
    const events = receiver.verified(secret, t.now());
    // Each application arrived; a repeat only ever repeats the webhook-id of the same application.
    expect(new Set(events.map((e) => e.payload.data.id))).toEqual(new Set(ids));
    const idOf = new Map<unknown, string>();
    for (const e of events) {
      if (idOf.has(e.payload.data.id)) expect(idOf.get(e.payload.data.id)).toBe(e.id);
      idOf.set(e.payload.data.id, e.id);
    }
    expect(new Set(idOf.values()).size).toBe(3);
    const deliveries = await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set(admin);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toHaveLength(3);
    for (const d of deliveries.body as { status: string; attempts: number; log: { outcome: string; responseCode: number | null; responseBody: string | null; error: string | null }[] }[]) {
      expect(d).toMatchObject({ status: "delivered", attempts: 3 });
      expect(d.log.map((a) => a.outcome)).toEqual(["failed", "failed", "delivered"]);
      expect(d.log[0]).toMatchObject({ responseCode: null });
      expect(d.log[0]!.error).toMatch(/ECONNREFUSED/);
      expect(d.log[1]).toMatchObject({ responseCode: 503, responseBody: "ok" });
    }
  });

  it("keeps only the first KiB of an answer", async () => {
    const { id } = await addEndpoint(["application.created"]);
    receiver.answer = "x".repeat(5000);
    await apply();
    await t.services.webhooks.deliverDue();
    receiver.answer = "ok";
    const [delivery] = (await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set(admin)).body as { log: { responseBody: string }[] }[];
    expect(delivery!.log[0]!.responseBody).toHaveLength(1024);
  });

  it("after a rotation both secrets sign for 24 hours, then only the new one", async () => {
    const { id, secret: oldSecret } = await addEndpoint(["application.created"]);
    const rotated = await request(t.app).post(`/api/admin/webhooks/${id}/rotate`).set(admin);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    await apply();
    await t.services.webhooks.deliverDue();
    const [during] = receiver.received;
    expect(during!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    // Both receivers' copies verify with the official library.
    expect(receiver.verified(oldSecret, t.now())).toHaveLength(1);
    expect(receiver.verified(newSecret, t.now())).toHaveLength(1);
    t.advance(24 * 3600_000 + 1000);
    await apply();
    await t.services.webhooks.deliverDue();
    const after = receiver.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(signedWith(newSecret, after)).toBe(true);
    expect(signedWith(oldSecret, after)).toBe(false);
  });

  it("a 410 disables the endpoint at once and staff get an email", async () => {
    const { id } = await addEndpoint(["application.created"]);
    receiver.status = 410;
    await apply();
    await t.services.webhooks.deliverDue();
    const [endpoint] = (await request(t.app).get("/api/admin/webhooks").set(admin)).body as { enabled: boolean; disabledReason: string }[];
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("410") });
    const [delivery] = (await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set(admin)).body as { status: string }[];
    expect(delivery!.status).toBe("failed");
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "staff_webhook_disabled"));
    expect(emails.some((e) => (e.payload as { endpointId: string }).endpointId === id)).toBe(true);
    // Nothing more is queued or sent for it.
    await apply();
    expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("retries on the specification's schedule, ends failed after 8 attempts, and disables an endpoint failing for 5 days", async () => {
    const { id } = await addEndpoint(["application.created"]);
    receiver.status = 500;
    await apply();
    const start = t.now().getTime();
    expect((await t.services.webhooks.deliverDue()).failed).toBe(1);
    for (const delay of RETRY_DELAYS_MS) {
      t.advance(delay - 1000);
      expect((await t.services.webhooks.deliverDue()).claimed).toBe(0);
      t.advance(1000);
      expect((await t.services.webhooks.deliverDue()).failed).toBe(1);
    }
    const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 8 });
    expect(receiver.received).toHaveLength(8);
    let [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint!.enabled).toBe(true);
    // Five days after the first failure (as recorded, a moment after `start` on a busy machine), the next failure
    // disables it.
    const failingSince = endpoint!.failing_since?.getTime() ?? start;
    expect(failingSince).toBeGreaterThanOrEqual(start);
    t.advance(failingSince + 5 * 24 * 3600_000 + 1000 - t.now().getTime());
    await apply();
    await t.services.webhooks.deliverDue();
    [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: "Every delivery failed for 5 days" });
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "staff_webhook_disabled"));
    const [alert] = emails.filter((e) => (e.payload as { endpointId: string }).endpointId === id);
    expect(alert).toMatchObject({ recipients: ["ops@ovella.example"], subject_email: null });
    const rendered = await renderEmail("staff_webhook_disabled", alert!.payload as unknown as StaffWebhookDisabledPayload, { siteUrl: "https://ovella.example" });
    expect(rendered.subject).toBe("Webhook endpoint disabled: Clinic CRM");
    expect(rendered.text).toContain("Every delivery failed for 5 days");
    // Enabled again by staff: it starts afresh.
    admin = bearer(await login(t, staff.super_admin!.username));
    const enabled = await request(t.app).put(`/api/admin/webhooks/${id}`).set(admin).send({ enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("replays one delivery with its webhook-id, and every failed delivery since a time", async () => {
    const { id, secret } = await addEndpoint(["application.created"]);
    await apply();
    await t.services.webhooks.deliverDue();
    const [first] = (await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set(admin)).body as { id: string }[];
    const replay = await request(t.app).post(`/api/admin/webhooks/${id}/deliveries/${first!.id}/replay`).set(admin);
    expect(replay.status).toBe(202);
    await t.services.webhooks.deliverDue();
    expect(receiver.verified(secret, t.now()).map((e) => e.id)).toEqual([first!.id, first!.id]);
    expect((await request(t.app).post(`/api/admin/webhooks/${id}/deliveries/00000000-0000-4000-8000-000000000000/replay`).set(admin)).status).toBe(404);

    // Two deliveries that ended failed (a submission's deliveries are stamped by the database's clock).
    const since = new Date(Date.now() - 1000).toISOString();
    await apply();
    await apply();
    await t.database.db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.status, "pending"));
    const all = await request(t.app).post(`/api/admin/webhooks/${id}/replay`).set(admin).send({ since });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ queued: 2 });
    expect(await t.services.webhooks.deliverDue()).toMatchObject({ claimed: 2, delivered: 2 });
    expect((await request(t.app).post(`/api/admin/webhooks/${id}/replay`).set(admin).send({ since: "yesterday" })).status).toBe(400);
  });

  it("a stage move sends application.stage_changed", async () => {
    const { secret } = await addEndpoint(["application.stage_changed"]);
    const id = await apply();
    const moved = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(admin).send({ to: "reviewing" });
    expect(moved.status).toBe(200);
    await t.services.webhooks.deliverDue();
    const [event] = receiver.verified(secret, t.now());
    expect(event!.payload).toMatchObject({ type: "application.stage_changed", data: { id, from: "new", to: "reviewing" } });
  });

  it("an erasure sends privacy.erased with the ids and a keyed hash, never the address, and drops the record's deliveries", async () => {
    const { id: endpointId, secret } = await addEndpoint();
    const email = `erase.me.${engine}@example.com`;
    const applicationId = await apply({ email });
    const erased = await request(t.app).post("/api/privacy/erase").set(admin).send({ email, confirmation: email });
    expect(erased.status).toBe(200);
    const pending = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, endpointId));
    expect(pending.map((d) => d.event_type)).toEqual(["privacy.erased"]);
    await t.services.webhooks.deliverDue();
    const [event] = receiver.verified(secret, t.now());
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    expect(event!.payload).toMatchObject({
      type: "privacy.erased",
      data: { applicationIds: [applicationId], contactMessageIds: [], subjectHmac: createHmac("sha256", key).update(email).digest("hex") },
    });
    expect(receiver.received[0]!.body).not.toContain("erase.me");
  });
});

const privateUrls = (port: number) => [
  `http://127.0.0.1:${port}/hooks`,
  "http://10.0.0.1/hooks",
  "http://169.254.169.254/latest/meta-data",
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://localhost:${port}/hooks`,
];

describe.each(TEST_ENGINES)("webhook SSRF guard (%s)", (engine) => {
  let t: TestApp & { services: AppServices };
  let admin: Record<string, string>;
  const receiver = new Receiver();

  beforeAll(async () => {
    t = await createTestApp(engine, { WEBHOOK_ALLOW_HTTP: "1" });
    const staff = await createStaff(t, `ssrf${Date.now()}`);
    admin = bearer(staff.super_admin!.token);
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });


  it("refuses a private address when the endpoint is saved", async () => {
    for (const url of privateUrls(receiver.port)) {
      const res = await request(t.app).post("/api/admin/webhooks").set(admin).send({ url, events: ["application.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body.errors.url[0]).toMatch(/not reachable from the internet/);
    }
  });

  it("resolves the host at delivery time and refuses private addresses without making a request (a logged failure)", async () => {
    // Rows as if saved earlier or pointing at a name whose address changed since (DNS rebinding).
    const ids: string[] = [];
    for (const url of privateUrls(receiver.port)) {
      const [row] = await t.database.db
        .insert(webhookEndpoints)
        .values({ url, events: ["application.created"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })
        .returning({ id: webhookEndpoints.id });
      ids.push(row!.id);
    }
    const res = await request(t.app).post("/api/applications").send(validApplication());
    expect(res.status).toBe(201);
    const run = await t.services.webhooks.deliverDue();
    expect(run).toMatchObject({ claimed: 5, delivered: 0, failed: 5 });
    expect(receiver.received).toHaveLength(0);
    for (const id of ids) {
      const [delivery] = (await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set(admin)).body as { status: string; log: { outcome: string; error: string; responseCode: number | null }[] }[];
      expect(delivery!.status).toBe("pending");
      expect(delivery!.log[0]).toMatchObject({ outcome: "refused", responseCode: null });
      expect(delivery!.log[0]!.error).toMatch(/^Refused: .* is an? \w+ address/);
    }
  });

  it("classifies every private, loopback, link-local, multicast and mapped form", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00:ec2::254", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"]) {
      expect(addressRefusal(address), address).not.toBeNull();
    }
    // Decimal and octal IPv4 forms are normalised by the URL parser before the check.
    expect(new URL("http://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("http://0177.0.0.1/").hostname).toBe("127.0.0.1");
    for (const address of ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "::ffff:93.184.215.14"]) expect(addressRefusal(address), address).toBeNull();
  });
});

describe("webhook endpoints without WEBHOOK_ALLOW_HTTP", () => {
  it("must use https", async () => {
    const t = await createTestApp("pglite");
    try {
      const staff = await createStaff(t, `https${Date.now()}`);
      const res = await request(t.app).post("/api/admin/webhooks").set(bearer(staff.super_admin!.token)).send({ url: "http://crm.example.com/hooks", events: ["application.created"] });
      expect(res.status).toBe(400);
      expect(res.body.errors.url).toEqual(["The address must start with https://"]);
      const ok = await request(t.app).post("/api/admin/webhooks").set(bearer(staff.super_admin!.token)).send({ url: "https://crm.example.com/hooks", events: ["application.created"] });
      expect(ok.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
