/**
 * Email abuse closed (ADR 0056), through the real sender and the test SMTP server: one confirmation or
 * acknowledgement per recipient address per day whatever the client address, an hourly ceiling over all
 * of them, every capped email counted in the Outbox answer, the submission itself always stored (201),
 * no address in clear in the counters, and no visitor text in an email but a safe first name.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applications, contactMessages, emailOutbox, rateLimits } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { CAP_REASONS, createMailCaps } from "../../server/services/outbox/caps";
import { createInlineCourier } from "../../server/services/outbox/courier";
import { isTransportOutage } from "../../server/services/outbox/transport-errors";
import { createOutboxSender } from "../../server/services/outbox/sender";
import { createSmtpTransport } from "../../server/services/outbox/transport";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication, validContact } from "../../testing/fixtures";
import { startTestSmtp, type TestSmtp } from "../../testing/smtp";

const STAFF = "staff@ovella.example";
const CAP_SECRET = "cap-secret-for-tests-0123456789abcdef";

describe.each(TEST_ENGINES)("email caps on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let superAdmin: string;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(engine, { STAFF_NOTIFY_TO: STAFF, MAIL_HOURLY_CEILING: "3" });
    superAdmin = (await createStaff(t, "caps")).super_admin.token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    // Each test starts a fresh day and hour with an empty outbox.
    offset += 25 * 3600_000;
    smtp.received.length = 0;
    await t.database.db.delete(emailOutbox);
  });

  function sender(hourlyCeiling = t.env.MAIL_HOURLY_CEILING) {
    return createOutboxSender({
      db: t.database.db,
      courier: createInlineCourier(
        createSmtpTransport(smtp.url),
        { siteUrl: "https://ovella.example", mailFrom: t.env.MAIL_FROM, unsubscribeSecret: "u".repeat(40) },
        isTransportOutage,
      ),
      logger: createLogger("silent"),
      now,
      maxAttempts: 3,
      caps: createMailCaps({ counters: createServices({ db: t.database.db, now }).rateLimits, secret: CAP_SECRET, hourlyCeiling }),
    });
  }
  const mailTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
  const outbox = async () => (await request(t.app).get("/api/outbox").set(bearer(superAdmin))).body;

  it("sends one confirmation per address per day whatever the client address; the others are stored, answered 201 and counted", async () => {
    const ids: string[] = [];
    for (const [i, email] of ["victim@example.com", "  Victim@Example.COM ", "VICTIM@example.com"].entries()) {
      const res = await request(t.app)
        .post("/api/applications")
        .set("X-Forwarded-For", `203.0.113.${i + 1}`)
        .send(validApplication({ email }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const contact = await request(t.app).post("/api/contact").send(validContact({ email: "victim@example.com" }));
    expect(contact.status).toBe(201);

    const result = await sender().runOnce();
    expect(result).toMatchObject({ sent: 5, capped: 3 });
    expect(mailTo("victim@example.com")).toHaveLength(1);
    expect(mailTo(STAFF)).toHaveLength(4);
    for (const id of ids) expect(await t.database.db.select().from(applications).where(eq(applications.id, id))).toHaveLength(1);
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, contact.body.id))).toHaveLength(1);

    const summary = await outbox();
    expect(summary.counts.capped).toBe(3);
    expect(summary.caps).toEqual({ recipient: 3, global: 0 });
    const capped = summary.items.filter((item: { status: string }) => item.status === "capped");
    expect(capped.every((item: { last_error: string }) => item.last_error === CAP_REASONS.recipient)).toBe(true);
  });

  it("never caps the selection's emails: an applicant confirmed today still gets her invitation and offer", async () => {
    await request(t.app).post("/api/applications").send(validApplication({ email: "chosen@example.com" }));
    expect((await sender().runOnce()).capped).toBe(0);
    const selection = [
      { kind: "assessment_invitation", payload: { firstName: "Maya", assessmentUrl: "/ovellaiq" } },
      { kind: "place_offer", payload: { firstName: "Maya", offerPath: "/offer/abc", expiresAt: "2026-12-02T12:00:00.000Z" } },
    ];
    for (const [i, { kind, payload }] of selection.entries()) {
      await t.database.db.insert(emailOutbox).values({
        kind,
        recipients: ["chosen@example.com"],
        subject_email: "chosen@example.com",
        payload,
        message_id: `<selection-${i}-${offset}@ovella.test>`,
      });
    }
    // A second confirmation the same day is still held back.
    await request(t.app).post("/api/applications").send(validApplication({ email: "chosen@example.com" }));
    const result = await sender().runOnce();
    expect(result.capped).toBe(1);
    expect(mailTo("chosen@example.com")).toHaveLength(3);
  });

  it("sends to the same address again the next day", async () => {
    await request(t.app).post("/api/applications").send(validApplication({ email: "daily@example.com" }));
    expect((await sender().runOnce()).capped).toBe(0);
    offset += 25 * 3600_000;
    await request(t.app).post("/api/applications").send(validApplication({ email: "daily@example.com" }));
    expect((await sender().runOnce()).capped).toBe(0);
    expect(mailTo("daily@example.com")).toHaveLength(2);
  });

  it("holds back emails to people above the hourly ceiling, never staff alerts, and reports them", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await request(t.app).post("/api/applications").send(validApplication({ email: `ceiling${i}@example.com` }))).status).toBe(201);
    }
    const result = await sender(3).runOnce();
    expect(result).toMatchObject({ capped: 2 });
    expect(smtp.received.filter((mail) => mail.envelopeTo[0]?.startsWith("ceiling"))).toHaveLength(3);
    expect(mailTo(STAFF)).toHaveLength(5);
    expect((await outbox()).caps).toEqual({ recipient: 0, global: 2 });
  });

  it("an address held back by the ceiling still gets its one email of the day later", async () => {
    for (let i = 0; i < 2; i++) await request(t.app).post("/api/applications").send(validApplication({ email: `later${i}@example.com` }));
    await sender(1).runOnce();
    expect(smtp.received.filter((mail) => mail.envelopeTo[0]?.startsWith("later"))).toHaveLength(1);
    const held = smtp.received.some((mail) => mail.envelopeTo.includes("later0@example.com")) ? "later1@example.com" : "later0@example.com";
    offset += 2 * 3600_000;
    await request(t.app).post("/api/applications").send(validApplication({ email: held }));
    await sender(1).runOnce();
    expect(mailTo(held)).toHaveLength(1);
  });

  it("keeps no address in clear in the counters", async () => {
    await request(t.app).post("/api/applications").send(validApplication({ email: "secret.person@example.com" }));
    await sender().runOnce();
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith("mail:recipient:"))).toBe(true);
    expect(keys.filter((key) => /secret|person|example/i.test(key))).toEqual([]);
  });

  it("carries no visitor text to the typed address: no name, no link, no subject", async () => {
    await request(t.app)
      .post("/api/applications")
      .send(validApplication({ email: "linked@example.com", firstName: "Maya visit https://evil.example/x now" }));
    await request(t.app)
      .post("/api/contact")
      .send(validContact({ email: "quoted@example.com", firstName: `Priyo${"x".repeat(80)}`, subject: "Your account is locked, see evil.example" }));
    await sender().runOnce();
    const [confirmation] = mailTo("linked@example.com");
    const confirmationText = `${confirmation?.parsed.text}\n${confirmation?.parsed.html}`;
    expect(confirmation?.parsed.text?.toLowerCase()).toContain("thank you for applying!");
    expect(confirmationText.toLowerCase()).not.toContain("maya");
    expect(confirmationText).not.toContain("evil.example");
    const [ack] = mailTo("quoted@example.com");
    const ackText = `${ack?.parsed.text}\n${ack?.parsed.html}\n${ack?.parsed.subject}`;
    expect(ack?.parsed.text?.toLowerCase()).toContain("thank you for writing to us");
    expect(ackText.toLowerCase()).not.toContain("priyo");
    expect(ackText).not.toContain("locked");
    expect(ackText).not.toContain("evil.example");
  });
});
