/**
 * Each email of the pilot's selection as it arrives at a real SMTP server: the assessment invitation,
 * the offer with its Accept and Decline links and deadline, the waitlist notice with the position, the
 * staff alert of an automatic offer with its deep link, the offer expired with the position, the place
 * confirmed. None carries a form answer. The clock is the composition root's, advanced explicitly.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../server/config/env";
import { createLogger } from "../../server/logger";
import { composeRoot, type Root } from "../../server/root";
import { createInlineCourier } from "../../server/services/outbox/courier";
import { isTransportOutage } from "../../server/services/outbox/transport-errors";
import { createOutboxSender } from "../../server/services/outbox/sender";
import { createSmtpTransport } from "../../server/services/outbox/transport";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../testing/database";
import { bearer, insertUser, login, recordReview, validApplication } from "../../testing/fixtures";
import type { TestApp } from "../../testing/app";
import { startTestSmtp, type TestSmtp } from "../../testing/smtp";

const SITE = "https://ovella.example";
const STAFF = "team@ovella.example";
const ANSWERS = { phone: "415-555-0177", zipCode: "94133", interestLevel: "Ready to freeze in the next 6 months" };
const DAY = 24 * 3600_000;

/** The link secret the app and its courier share (offer links are signed by the courier, ADR 0104). */
const LINK_SECRET = "test-unsubscribe-secret-0123456789abcdef";

describe.each(TEST_ENGINES)("the selection's emails (%s)", (engine) => {
  let database: TestDatabase;
  let root: Root;
  let smtp: TestSmtp;
  let admin: string;
  let signIn: () => Promise<string>;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    database = await createTestDatabase(engine);
    const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", PILOT_CAPACITY: "1", STAFF_NOTIFY_TO: STAFF, PUBLIC_SITE_URL: SITE, MOVE_UNDO_SECONDS: "0", UNSUBSCRIBE_SECRET: LINK_SECRET });
    root = await composeRoot({ env, database, logger: createLogger("silent"), now });
    const t = { app: root.app, database, env, now, advance: () => undefined, close: async () => undefined } satisfies TestApp;
    await insertUser(t, "mail_admin", "admin");
    signIn = () => login(t, "mail_admin");
    admin = await signIn();
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.destroy();
  });

  async function deliverAll() {
    const sender = createOutboxSender({
      db: database.db,
      courier: createInlineCourier(
        createSmtpTransport(smtp.url),
        { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: LINK_SECRET },
        isTransportOutage,
      ),
      logger: createLogger("silent"),
      now,
      maxAttempts: 3,
      random: () => 0.5,
    });
    while ((await sender.runOnce()).claimed > 0) {
      // Each run sends one batch.
    }
  }

  const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
  const bodyOf = (address: string, subject: RegExp) => {
    const mail = mailsTo(address).find((m) => subject.test(m.parsed.subject ?? ""));
    if (!mail) throw new Error(`no email matching ${subject} to ${address}`);
    return { text: mail.parsed.text ?? "", html: typeof mail.parsed.html === "string" ? mail.parsed.html : "" };
  };
  const apply = async (email: string, firstName: string) =>
    (await request(root.app).post("/api/applications").send(validApplication({ ...ANSWERS, email, firstName }))).body.id as string;
  const move = (id: string, to: string) => request(root.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to }).expect(200);

  it("sends each email with what it promises and no form answer", async () => {
    const maya = "maya.mail@example.com";
    const ines = "ines.mail@example.com";
    const mayaId = await apply(maya, "Maya");
    const inesId = await apply(ines, "Ines");
    for (const to of ["reviewing", "assessment_invited", "assessment_passed", "offered"]) {
      if (to === "assessment_passed") await recordReview(root, admin, mayaId);
      await move(mayaId, to);
    }
    for (const to of ["reviewing", "waitlisted"]) await move(inesId, to);
    await deliverAll();

    const invitation = bodyOf(maya, /assessment instructions/);
    // Its button opens her page (instructions, the kit button); the marketing page is only a link about the assessment.
    expect(invitation.text).toMatch(new RegExp(`Open my assessment page\\s*\\[?${SITE.replaceAll(".", "\\.")}/a/[A-Za-z0-9_-]{48}`, "i"));
    expect(invitation.text).toContain(`${SITE}/ovellaiq`);
    // Passing tells her what comes next, and every email to her ends with the link to her own page.
    const passed = bodyOf(maya, /You passed the OvellaIQ assessment/);
    expect(passed.text).toContain("places in the pilot are offered in turn");
    expect(passed.text).toMatch(new RegExp(`${SITE.replaceAll(".", "\\.")}/a/[A-Za-z0-9_-]{48}`));
    const offer = bodyOf(maya, /A place in the Ovella pilot is yours/);
    const link = /https:\/\/ovella\.example\/offer\/([A-Za-z0-9_-]{43})\?answer=accept/.exec(offer.text);
    expect(link).not.toBeNull();
    expect(offer.text).toContain(`/offer/${link?.[1]}?answer=decline`);
    // Her deadline in her zone, named (no zone reported here: the pilot's).
    expect(offer.text).toMatch(/Please answer by .+Pacific (Standard|Daylight) Time/);
    expect(bodyOf(ines, /priority waitlist/).text).toContain("number 1");

    // Maya declines: the place goes to Ines at once, and staff hear of it.
    expect(await root.services.pipeline.answerOffer(link?.[1], "decline")).toEqual({ state: "declined" });
    await deliverAll();
    const alert = bodyOf(STAFF, /Maya .+ declined her offer/);
    expect(alert.text).toContain(`${SITE}/admin/applications/${mayaId}`);
    expect(alert.text).toContain(`${SITE}/admin/applications/${inesId}`);
    expect(alert.text).toMatch(/offered automatically to Ines/);
    const inesOffer = bodyOf(ines, /A place in the Ovella pilot is yours/);

    // Ines does not answer in time: the expiry tells her where she is on the waitlist.
    offset += 8 * DAY;
    expect(await root.services.pipeline.expireDue()).toMatchObject({ expired: 1 });
    await deliverAll();
    expect(bodyOf(ines, /offer has expired/).text).toContain("number 1");

    // Offered again by staff (signed in again: a week went by), she accepts: the confirmation.
    admin = await signIn();
    await move(inesId, "offered");
    await deliverAll();
    const second = mailsTo(ines).filter((m) => /is yours/.test(m.parsed.subject ?? "")).at(-1);
    const token = /\/offer\/([A-Za-z0-9_-]{43})/.exec(second?.parsed.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(await root.services.pipeline.answerOffer(token, "accept")).toEqual({ state: "accepted" });
    await deliverAll();
    expect(bodyOf(ines, /is confirmed/).text).toMatch(/welcome to the pilot, ines/i);

    for (const mail of smtp.received) {
      const whole = `${mail.parsed.subject}\n${mail.parsed.text}\n${String(mail.parsed.html)}`;
      for (const answer of Object.values(ANSWERS)) expect(whole).not.toContain(answer);
    }
    expect(inesOffer.html).toContain("Accept my place");
  });
});
