/**
 * The email outbox end to end on both engines, with a real SMTP server on 127.0.0.1: what is queued with
 * each submission, what arrives (recipients, subject, no form answer, unsubscribe headers), retries,
 * permanent rejections, SMTP down then up, a sender that dies mid-send, header injection, .eml files.
 * The sender is driven with runOnce() and an explicit clock: no test sleeps.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import request from "supertest";
import { LIMITS } from "#core/limits";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "#core/validation";
import { applications, auditEvents, emailOutbox } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { outboxQueueConfig, queueApplicationEmails } from "../../server/services/outbox/queue";
import { createInlineCourier } from "../../server/services/outbox/courier";
import { createOutboxSender, type SenderOptions } from "../../server/services/outbox/sender";
import { isTransportOutage } from "../../server/services/outbox/transport-errors";
import { createFileTransport, createSmtpTransport, type MailTransport } from "../../server/services/outbox/transport";
import { createAuditService } from "../../server/services/audit";
import { createUnsubscribeService } from "../../server/services/outbox/unsubscribe";
import { createServices } from "../../server/services";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact } from "../../testing/fixtures";
import { startTestSmtp, type TestSmtp } from "../../testing/smtp";

const SECRET = "test-unsubscribe-secret-0123456789abcdef";
const STAFF = "staff@ovella.example";
const MEDICAL_DESK = "medical@ovella.example";
const SITE = "https://ovella.example";

/** Every form answer of validApplication/validContact that must never appear in an email. */
const APPLICATION_ANSWERS = { phone: "415-555-0177", zipCode: "94133", interestLevel: "Ready to freeze in the next 6 months" };
/** The age is a short number (it could occur in a time of day), so its absence is proven on the payload keys. */
const AGE = 37;
const PAYLOAD_KEYS: Record<string, string[]> = {
  application_confirmation: ["capacity", "toWaitlist"],
  staff_application_alert: ["applicationId", "earlier", "email", "firstName", "formSource", "lastName", "submittedAt"],
  contact_acknowledgement: [],
  staff_contact_alert: ["contactMessageId", "email", "firstName", "lastName", "reason", "submittedAt"],
};
const CONTACT_ANSWERS = { phone: "310-555-0166", message: "Private question about my ovarian reserve results" };

/** A header as sent (mailparser groups the List-* headers, so this reads the raw line). */
function header(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
}

describe.each(TEST_ENGINES)("email outbox on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(engine, {
      STAFF_NOTIFY_TO: STAFF,
      STAFF_NOTIFY_BY_REASON: `medical=${MEDICAL_DESK}`,
      PUBLIC_SITE_URL: SITE,
      MAIL_FROM: "Ovella <hello@ovella.example>",
    });
  });
  afterAll(async () => {
    await smtp.stop();
    await t.close();
  });
  afterEach(async () => {
    await t.database.db.delete(emailOutbox);
    smtp.received.length = 0;
    smtp.reject = undefined;
    smtp.defer = undefined;
    if (!smtp.listening()) await smtp.restart();
  });

  /** A sender that renders and sends in the test's process, through `transport` (the test SMTP server by default). */
  function sender({ transport = createSmtpTransport(smtp.url), ...overrides }: Partial<SenderOptions> & { transport?: MailTransport } = {}) {
    return createOutboxSender({
      db: t.database.db,
      courier: createInlineCourier(transport, { siteUrl: SITE, mailFrom: t.env.MAIL_FROM, unsubscribeSecret: SECRET }, isTransportOutage),
      logger: createLogger("silent"),
      now,
      maxAttempts: 3,
      random: () => 0.5,
      ...overrides,
    });
  }

  const outboxRows = () => t.database.db.select().from(emailOutbox);
  const alertOf = async (id: string) =>
    (await outboxRows()).find((r) => r.application_id === id && r.kind === "staff_application_alert")?.payload as { earlier?: number } | undefined;
  const mailTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

  async function apply(overrides: Record<string, unknown> = {}) {
    const res = await request(t.app).post("/api/applications").send(validApplication({ ...APPLICATION_ANSWERS, age: AGE, ...overrides }));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it("queues the confirmation and the staff alert with the application, and the POST does not wait for SMTP", async () => {
    await smtp.stop();
    const id = await apply({ email: "Queued.Person@Example.com" });
    const rows = await outboxRows();
    expect(rows.map((r) => r.kind).toSorted()).toEqual(["application_confirmation", "staff_application_alert"]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "queued", attempts: 0, application_id: id, subject_email: "queued.person@example.com" });
      expect(row.message_id).toBe(`<${row.id}@ovella.example>`);
      expect(Object.keys(row.payload).toSorted()).toEqual(PAYLOAD_KEYS[row.kind]);
      const payload = JSON.stringify(row.payload);
      for (const answer of Object.values(APPLICATION_ANSWERS)) expect(payload).not.toContain(String(answer));
    }
    expect(rows.find((r) => r.kind === "application_confirmation")?.recipients).toEqual(["queued.person@example.com"]);
    expect(rows.find((r) => r.kind === "staff_application_alert")?.recipients).toEqual([STAFF]);
  });

  it("delivers the applicant confirmation and the staff alert with a deep link, without any form answer", async () => {
    const id = await apply({ email: "maya.deliver@example.com", marketing_consent: true });
    const result = await sender().runOnce();
    expect(result).toMatchObject({ claimed: 2, sent: 2, failed: 0 });

    const [confirmation] = mailTo("maya.deliver@example.com");
    expect(confirmation?.envelopeTo).toEqual(["maya.deliver@example.com"]);
    expect(confirmation?.parsed.subject).toBe("Your Ovella pilot application is in");
    expect(confirmation?.parsed.from?.text).toBe('"Ovella" <hello@ovella.example>');
    expect(confirmation?.parsed.text).toContain("$1,375");
    expect(confirmation?.parsed.text).toContain("1 year of free storage");
    expect(confirmation?.parsed.text).toContain("privacy@ovella.example");

    const [alert] = mailTo(STAFF);
    expect(alert?.envelopeTo).toEqual([STAFF]);
    expect(alert?.parsed.subject).toBe("New application: Maya Lindqvist (main page)");
    expect(alert?.parsed.text).toContain(`${SITE}/admin/applications/${id}`);
    expect(alert?.parsed.html).toContain(`${SITE}/admin/applications/${id}`);
    expect(header(alert?.parsed, "list-unsubscribe")).toBeUndefined();

    for (const mail of [confirmation, alert]) {
      const body = `${mail?.parsed.text}\n${mail?.parsed.html}\n${mail?.parsed.subject}`;
      for (const answer of Object.values(APPLICATION_ANSWERS)) expect(body).not.toContain(String(answer));
      expect(body).not.toMatch(/\bage\b/i);
    }
    const rows = await outboxRows();
    expect(rows.every((r) => r.status === "sent" && r.sent_at instanceof Date && r.attempts === 1)).toBe(true);
    expect(confirmation?.parsed.messageId).toBe(rows.find((r) => r.kind === "application_confirmation")?.message_id);
  });

  it("says in the staff alert that an application is a repeat, counting her earlier ones from the same address in any case", async () => {
    const first = await apply({ email: "repeat.person@example.com" });
    const second = await apply({ email: "Repeat.Person@Example.com" });
    const third = await apply({ email: "REPEAT.PERSON@example.com" });
    expect((await alertOf(first))?.earlier).toBe(0);
    expect((await alertOf(second))?.earlier).toBe(1);
    expect((await alertOf(third))?.earlier).toBe(2);
    await sender().runOnce();
    const subjects = mailTo(STAFF).map((m) => m.parsed.subject);
    expect(subjects).toContain("New application: Maya Lindqvist (main page)");
    expect(subjects).toContain("Repeat application (1 earlier): Maya Lindqvist (main page)");
    expect(subjects).toContain("Repeat application (2 earlier): Maya Lindqvist (main page)");
    const thirdMail = mailTo(STAFF).find((m) => m.parsed.subject?.includes("(2 earlier)"));
    expect(thirdMail?.parsed.text).toContain("This is a repeat: 2 earlier applications came from the same address.");
    // The count stops at five, so an address sent a thousand times costs the statement no more than one sent five.
    for (let i = 0; i < 4; i++) await apply({ email: "repeat.person@example.com" });
    const seventh = await apply({ email: "repeat.person@example.com" });
    expect((await alertOf(seventh))?.earlier).toBe(5);
    await sender().runOnce();
    expect(mailTo(STAFF).map((m) => m.parsed.subject)).toContain("Repeat application (5 or more earlier): Maya Lindqvist (main page)");
  });

  it("carries RFC 8058 one-click unsubscribe headers whose link turns marketing off and is audited", async () => {
    await apply({ email: "consent@example.com", marketing_consent: true });
    await apply({ email: "CONSENT@example.com", marketing_consent: true });
    await sender().runOnce();
    const [first] = mailTo("consent@example.com");
    const listUnsubscribe = header(first?.parsed, "list-unsubscribe") ?? "";
    expect(header(first?.parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = new URL(/<([^>]+)>/.exec(listUnsubscribe)?.[1] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/unsubscribe`);
    expect(first?.parsed.text).toContain(url.toString());

    const unsubscribe = createUnsubscribeService(t.database.db, SECRET, now, createAuditService(t.database.db, now));
    expect(unsubscribe.check(url.searchParams.get("token"))).toEqual({ ok: true, address: "consent@example.com" });
    expect(await unsubscribe.confirm(url.searchParams.get("token"), "127.0.0.1")).toEqual({ ok: true, changed: 2 });
    const rows = await t.database.db.select().from(applications);
    expect(rows.filter((r) => r.email.toLowerCase() === "consent@example.com").every((r) => !r.marketing_consent)).toBe(true);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "marketing_unsubscribe"));
    expect(audits.at(-1)).toMatchObject({ actor_username: "unsubscribe link", detail: { applications: 2 } });
    expect(JSON.stringify(audits)).not.toContain("consent@example.com");

    // After opting out, the next email to that person carries no unsubscribe header.
    smtp.received.length = 0;
    await apply({ email: "consent@example.com", marketing_consent: false });
    await sender().runOnce();
    expect(header(mailTo("consent@example.com")[0]?.parsed, "list-unsubscribe")).toBeUndefined();
  });

  it("sends no unsubscribe header to an applicant without marketing consent", async () => {
    await apply({ email: "noconsent@example.com", marketing_consent: false });
    await sender().runOnce();
    const [mail] = mailTo("noconsent@example.com");
    expect(header(mail?.parsed, "list-unsubscribe")).toBeUndefined();
    expect(mail?.parsed.text).not.toContain("/unsubscribe");
  });

  it("acknowledges a contact message quoting nothing the sender wrote, and alerts the reason's inquiry mailbox", async () => {
    const general = await request(t.app)
      .post("/api/contact")
      .send(validContact({ ...CONTACT_ANSWERS, email: "writer@example.com", reason: "pricing", subject: "Payment plans" }));
    expect(general.status).toBe(201);
    const medical = await request(t.app)
      .post("/api/contact")
      .send(validContact({ ...CONTACT_ANSWERS, email: "medwriter@example.com", reason: "medical", subject: "A question" }));
    expect(medical.status).toBe(201);
    await sender().runOnce();

    const [ack] = mailTo("writer@example.com");
    expect(ack?.parsed.subject).toBe("We received your message to Ovella");
    expect(ack?.parsed.text).toContain("We received your message.");
    expect(`${ack?.parsed.text}${ack?.parsed.html}`).not.toContain("Payment plans");
    expect(ack?.parsed.text).toContain("We'll get back to you within 24 hours");
    const [staffAlert] = mailTo(STAFF);
    expect(staffAlert?.parsed.text).toContain(`${SITE}/admin/contact/${general.body.id}`);
    expect(staffAlert?.parsed.replyTo?.text).toBe("writer@example.com");
    const [medicalAlert] = mailTo(MEDICAL_DESK);
    expect(medicalAlert?.parsed.text).toContain(`${SITE}/admin/contact/${medical.body.id}`);
    expect(mailTo(STAFF)).toHaveLength(1);
    for (const mail of smtp.received) {
      const body = `${mail.parsed.text}\n${mail.parsed.html}\n${mail.parsed.subject}`;
      for (const answer of Object.values(CONTACT_ANSWERS)) expect(body).not.toContain(answer);
    }
  });

  it("ends an address the SMTP server rejects as failed at once, with no address in the error", async () => {
    smtp.reject = /^rejected@/;
    await apply({ email: "rejected@example.com" });
    const result = await sender().runOnce();
    expect(result).toMatchObject({ sent: 1, failed: 1 });
    const failed = (await outboxRows()).find((r) => r.kind === "application_confirmation");
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.last_error).toContain("550");
    expect(failed?.last_error).not.toContain("rejected@example.com");
    offset += 24 * 3600_000;
    expect((await sender().runOnce()).claimed).toBe(0);
  });

  /** A real SMTP transport that counts what reaches it and keeps each rendering it was handed. */
  function countingTransport() {
    const real = createSmtpTransport(smtp.url);
    const counts = { sends: 0, probes: 0 };
    const mails = new Map<string, object[]>();
    const transport: MailTransport = {
      ...real,
      async send(id, mail) {
        counts.sends++;
        mails.set(id, [...(mails.get(id) ?? []), mail]);
        return real.send(id, mail);
      },
      async verify() {
        counts.probes++;
        await real.verify?.();
      },
    };
    return { transport, counts, mails };
  }

  it("an SMTP outage opens the circuit once: no per-email attempts, one probe per interval, each email rendered once", async () => {
    await apply({ email: "patient@example.com" });
    await apply({ email: "second@example.com" });
    await smtp.stop();
    let clock = 0;
    const { transport, counts, mails } = countingTransport();
    const s = sender({ maxAttempts: 2, transport, probeMs: 30_000, clock: () => clock });
    // One email meets the outage; it and the rest of the batch go back to the queue untouched.
    expect(await s.runOnce()).toMatchObject({ claimed: 4, sent: 0, held: 4 });
    expect(counts.sends).toBe(1);
    expect(s.circuit()).toMatchObject({ open: true });
    expect(s.circuit().reason).toMatch(/ECONNECTION|ECONNREFUSED/);
    let rows = await outboxRows();
    expect(rows.every((r) => r.status === "queued" && r.attempts === 0)).toBe(true);
    // Hours of polling while it is out: no email is tried, one probe per interval.
    for (let poll = 0; poll < 50; poll++) {
      offset += 60_000;
      clock += 2_000;
      expect((await s.runOnce()).claimed).toBe(0);
    }
    expect(counts.sends).toBe(1);
    expect(counts.probes).toBe(3);
    await smtp.restart();
    clock += 30_000;
    expect(await s.runOnce()).toMatchObject({ claimed: 4, sent: 4, held: 0 });
    expect(s.circuit()).toMatchObject({ open: false, since: null });
    expect(counts.probes).toBe(4);
    rows = await outboxRows();
    // The outage used none of the attempts (MAIL_MAX_ATTEMPTS is 2 here).
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(mailTo("patient@example.com")).toHaveLength(1);
    expect(mailTo("second@example.com")).toHaveLength(1);
    expect(mailTo(STAFF)).toHaveLength(2);
    // The email that met the outage went out later from the same rendering.
    const tried = [...mails.values()].find((list) => list.length === 2);
    expect(tried?.[0]).toBe(tried?.[1]);
  });

  it("drains a backlog at MAIL_RATE_PER_SECOND at most", async () => {
    await apply({ email: "one@example.com" });
    await apply({ email: "two@example.com" });
    await apply({ email: "three@example.com" });
    let clock = 0;
    const waits: number[] = [];
    const s = sender({
      ratePerSecond: 5,
      clock: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    expect(await s.runOnce()).toMatchObject({ claimed: 6, sent: 6 });
    // Six emails at five per second: five gaps of 200 ms.
    expect(waits).toEqual([200, 200, 200, 200, 200]);
  });

  it("retries an email the server defers with backoff, and gives up after the maximum number of attempts", async () => {
    await apply({ email: "never@example.com" });
    smtp.defer = /^never@/;
    const s = sender({ maxAttempts: 2 });
    expect(await s.runOnce()).toMatchObject({ retried: 1, sent: 1 });
    expect(s.circuit().open).toBe(false);
    expect((await s.runOnce()).claimed).toBe(0);
    offset += 3600_000;
    expect(await s.runOnce()).toMatchObject({ failed: 1 });
    offset += 3600_000;
    expect((await s.runOnce()).claimed).toBe(0);
    const confirmation = (await outboxRows()).find((r) => r.kind === "application_confirmation");
    expect(confirmation).toMatchObject({ status: "failed", attempts: 2 });
    expect(confirmation?.last_error).toContain("451");
  });

  it("after a sender dies mid-send, a second sender takes the job when the lease runs out: one duplicate at most, same Message-ID", async () => {
    await apply({ email: "crash@example.com" });
    const real = createSmtpTransport(smtp.url);
    // The first process hands the email to SMTP and is killed before it can record the result.
    const dying: MailTransport = {
      ...real,
      send: async (id, mail) => {
        await real.send(id, mail);
        return new Promise(() => undefined);
      },
    };
    void sender({ transport: dying, batchSize: 1, leaseMs: 60_000 }).runOnce();
    await expect.poll(() => mailTo("crash@example.com").length + mailTo(STAFF).length).toBe(1);

    const second = sender({ leaseMs: 60_000 });
    // The remaining job is free; the claimed one stays locked while its lease lasts.
    expect(await second.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    offset += 61_000;
    expect(await second.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await outboxRows()).every((r) => r.status === "sent")).toBe(true);

    const all = [...mailTo("crash@example.com"), ...mailTo(STAFF)];
    expect(all).toHaveLength(3);
    const ids = all.map((m) => m.parsed.messageId);
    const duplicated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicated).toHaveLength(1);
    expect(new Set(ids).size).toBe(2);
  });

  it("two senders never claim the same job", async () => {
    for (let i = 0; i < 6; i++) await apply({ email: `many${i}@example.com` });
    const [a, b] = await Promise.all([sender({ batchSize: 4 }).runOnce(), sender({ batchSize: 4 }).runOnce()]);
    expect((a?.claimed ?? 0) + (b?.claimed ?? 0)).toBeLessThanOrEqual(12);
    await sender().runOnce();
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(12);
  });

  it("makes header injection impossible: line breaks in names and addresses add no header or recipient", async () => {
    const services = createServices({ db: t.database.db, now, outbox: outboxQueueConfig(t.env) });
    const row = await services.submissions.createApplication({
      ...applicationSchema.parse(validApplication({ email: "eve@example.com" })),
      firstName: "Eve\r\nBcc: victim@evil.example",
      lastName: "X\nSubject: hi",
    });
    await t.database.db.transaction((tx) =>
      queueApplicationEmails(tx, outboxQueueConfig(t.env), {
        id: row.body.id,
        submitted_at: new Date(row.body.submitted_at ?? ""),
        firstName: "Mallory",
        lastName: "M",
        email: "mallory@example.com\r\nBcc: victim@evil.example",
        formSource: "main page",
      }),
    );
    const res = await request(t.app)
      .post("/api/contact")
      .send(validContact({ firstName: "Eve\r\nBcc: victim@evil.example", subject: "Hi\r\nBcc: victim@evil.example" }));
    expect([201, 400]).toContain(res.status);
    await sender().runOnce();
    for (const mail of smtp.received) {
      expect(mail.envelopeTo).not.toContain("victim@evil.example");
      expect(mail.parsed.headers.has("bcc")).toBe(false);
      expect(mail.parsed.subject ?? "").not.toMatch(/[\r\n]/);
    }
    const injected = (await outboxRows()).find((r) => r.recipients[0]?.includes("\n"));
    expect(injected).toMatchObject({ status: "failed", attempts: 1, last_error: expect.stringContaining("invalid recipient") });
  });

  it("queues a submission's emails once per idempotency key, and nothing when the insert fails", async () => {
    const services = createServices({ db: t.database.db, now, outbox: outboxQueueConfig(t.env) });
    const data = applicationSchema.parse(validApplication({ email: "retry@example.com" }));
    await services.submissions.createApplication(data, {}, { idempotencyKey: "retry-key-0123456789" });
    await services.submissions.createApplication(data, {}, { idempotencyKey: "retry-key-0123456789" });
    const rows = (await outboxRows()).filter((r) => r.idempotency_key === "retry-key-0123456789");
    expect(rows.map((r) => r.kind).toSorted()).toEqual(["application_confirmation", "staff_application_alert"]);

    const before = (await outboxRows()).length;
    await expect(
      services.submissions.createApplication({
        ...applicationSchema.parse(validApplication({ email: "broken@example.com" })),
        // Longer than the column holds: the insert fails in the database.
        zipCode: "1".repeat(LIMITS.postcodeMax + 1),
      }),
    ).rejects.toThrow();
    expect((await outboxRows()).length).toBe(before);
    expect(await t.database.db.select().from(applications).where(eq(applications.email, "broken@example.com"))).toEqual([]);
  });

  it("without SMTP_URL writes each email as an .eml file under DATA_DIR/outbox", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-eml-"));
    try {
      await apply({ email: "files@example.com", marketing_consent: true });
      const result = await sender({ transport: createFileTransport(dataDir) }).runOnce();
      expect(result.sent).toBe(2);
      const files = readdirSync(path.join(dataDir, "outbox")).toSorted();
      const rows = await outboxRows();
      expect(files).toEqual(rows.map((r) => `${r.id}.eml`).toSorted());
      const confirmation = rows.find((r) => r.kind === "application_confirmation");
      const parsed = await simpleParser(readFileSync(path.join(dataDir, "outbox", `${confirmation?.id}.eml`)));
      expect(parsed.to && "text" in parsed.to ? parsed.to.text : "").toBe("files@example.com");
      expect(parsed.messageId).toBe(confirmation?.message_id);
      expect(header(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("shows super admins the outbox without bodies, and resends a failed email once (audited)", async () => {
    const staff = await createStaff(t, `outbox${Date.now()}`);
    smtp.reject = /^bounce@/;
    await apply({ email: "bounce@example.com" });
    await sender().runOnce();

    for (const role of ["user", "admin"] as const) {
      const denied = await request(t.app).get("/api/outbox").set(bearer(staff[role].token));
      expect(denied.status).toBe(403);
    }
    expect((await request(t.app).get("/api/outbox")).status).toBe(401);

    const res = await request(t.app).get("/api/outbox").set(bearer(staff.super_admin.token));
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.counts).toMatchObject({ sent: 1, failed: 1 });
    const failed = res.body.items.find((i: { status: string }) => i.status === "failed");
    expect(Object.keys(failed).toSorted()).toEqual([
      "application_id", "attempts", "contact_message_id", "created_at", "id", "kind", "last_error", "next_attempt_at",
      "recipients", "sent_at", "status",
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Maya");

    const sentItem = res.body.items.find((i: { status: string }) => i.status === "sent");
    const notFailed = await request(t.app).post(`/api/outbox/${sentItem.id}/resend`).set(bearer(staff.super_admin.token));
    expect(notFailed.status).toBe(409);
    expect((await request(t.app).post("/api/outbox/nope/resend").set(bearer(staff.super_admin.token))).status).toBe(400);
    expect((await request(t.app).post(`/api/outbox/${failed.id}/resend`).set(bearer(staff.admin.token))).status).toBe(403);

    smtp.reject = undefined;
    const again = await request(t.app).post(`/api/outbox/${failed.id}/resend`).set(bearer(staff.super_admin.token));
    expect(again.status).toBe(202);
    expect(await sender().runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(mailTo("bounce@example.com")).toHaveLength(1);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "outbox_resend"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target_type: "email_outbox", target_id: failed.id, actor_username: staff.super_admin.username });
  });
});
