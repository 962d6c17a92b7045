/**
 * Every email to an applicant or a sender in her language (ADR 0111), on both engines: the courier renders each
 * email in the language of the record it is about (her application or contact message), read as the sender claims
 * the job; an English record, and a row about no record, render in English; staff alerts stay English.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applications, emailOutbox } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { type CapturedMail, capturedMail } from "./captured-mail";
import { TEST_ENGINES } from "../../testing/database";
import { validApplication, validContact } from "../../testing/fixtures";

const SECRET = "test-unsubscribe-secret-0123456789abcdef";
const SITE = "https://ovella.example";
const STAFF = "staff@ovella.example";

describe.each(TEST_ENGINES)("emails in her language on %s", (engine) => {
  let t: TestApp;
  let mail: CapturedMail;

  beforeAll(async () => {
    t = await createTestApp(engine, { STAFF_NOTIFY_TO: STAFF, PUBLIC_SITE_URL: SITE, MAIL_FROM: "Ovella <hello@ovella.example>" });
    mail = capturedMail(t.database.db, { siteUrl: SITE, mailFrom: t.env.MAIL_FROM, unsubscribeSecret: SECRET });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.database.db.delete(emailOutbox);
    mail.sent.length = 0;
  });

  const deliverAll = () => mail.deliverAll();
  const mailTo = (address: string) => mail.to(address);

  it("an application in Spanish gets its confirmation in Spanish; one in English, in English; staff's alerts stay English", async () => {
    const es = await request(t.app).post("/api/applications").send(validApplication({ email: "sofia.es@example.com", preferred_language: "es" }));
    const en = await request(t.app).post("/api/applications").send(validApplication({ email: "maya.en@example.com", preferred_language: "en" }));
    expect(es.status, es.text).toBe(201);
    expect(en.status, en.text).toBe(201);
    await deliverAll();

    const [spanish] = mailTo("sofia.es@example.com");
    expect(spanish?.subject).toBe("Recibimos tu solicitud para el piloto de Ovella");
    expect(spanish?.text).toContain("Recibimos tu solicitud para el piloto de Ovella. Esto es lo que sigue.");
    expect(spanish?.text).toContain("Respondemos en un plazo de 24 horas.");
    expect(spanish?.text).not.toContain("Thank you");
    expect(spanish?.html).toContain('lang="es"');

    const [english] = mailTo("maya.en@example.com");
    expect(english?.subject).toBe("Your Ovella pilot application is in");
    expect(english?.text).toContain("Your application to the Ovella pilot is in. Here is what happens next.");
    expect(english?.html).toContain('lang="en"');

    const alerts = mailTo(STAFF);
    expect(alerts).toHaveLength(2);
    for (const alert of alerts) {
      expect(alert.subject).toMatch(/^New application: /);
      expect(alert.html).toContain('lang="en"');
    }
  });

  it("a contact message in Spanish gets its acknowledgement in Spanish", async () => {
    const res = await request(t.app).post("/api/contact").send(validContact({ email: "lucia.es@example.com", preferred_language: "es" }));
    expect(res.status, res.text).toBe(201);
    await deliverAll();
    const [ack] = mailTo("lucia.es@example.com");
    expect(ack?.subject).toBe("Recibimos tu mensaje para Ovella");
    expect(ack?.text).toContain("Te responderemos en un plazo de 24 horas.");
  });

  it("an email queued before her language was stored, of a record in English, is English; the record's language decides when it is sent", async () => {
    const res = await request(t.app).post("/api/applications").send(validApplication({ email: "ana.later@example.com" }));
    expect(res.status, res.text).toBe(201);
    expect((await t.database.db.select().from(applications).where(eq(applications.id, res.body.id)))[0]?.preferred_language).toBe("en");
    await deliverAll();
    expect(mailTo("ana.later@example.com")[0]?.subject).toBe("Your Ovella pilot application is in");
  });
});
