/**
 * Her details and email choices through her page's link (ADR 0099), on both engines: a new phone counts at once; a new
 * address counts only once confirmed from the link sent to it (that email carries nothing of hers, the old address is
 * told, only the newest link works, links expire, a day's requests are limited); her choices are stored; every change
 * is audited without its values; a link that opens nothing answers 404; erasure leaves no pending change.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicantReminders, applications, auditEvents, contactChanges, emailOutbox } from "../../server/db/schema";
import { signPageToken } from "../../server/services/applicant-page-token";
import { EMAIL_CHANGE_TTL_MS, EMAIL_CHANGES_PER_DAY } from "../../server/services/applicant/details";
import { composeEmail } from "../../server/services/outbox/compose";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, validApplication } from "../../testing/fixtures";

const SECRET = "applicant-details-secret-0123456789abcdef";
const SITE = "https://ovella.example";
const COMPOSE = { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET };

describe.each(TEST_ENGINES)("her details and email choices (%s)", (engine) => {
  let t: TestApp;
  const tokenOf = (id: string) => signPageToken(SECRET, id, t.now());
  const emails = (id: string, kind: string) =>
    t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)));
  const row = async (id: string) => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]!;
  const audits = (id: string, action: string) =>
    t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, action)));

  async function apply(email: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await request(t.app).post("/api/applications").send(validApplication({ email, firstName: "Rosa", phone: "415-555-0100", ...extra }));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** The confirmation link of the newest email_change_confirm email, as the courier composes it. */
  async function confirmationLink(id: string): Promise<{ token: string; text: string; to: unknown }> {
    const queued = (await emails(id, "email_change_confirm")).toSorted((a, b) => a.created_at.getTime() - b.created_at.getTime()).at(-1);
    if (!queued) throw new Error("no confirmation queued");
    const mail = await composeEmail(queued, COMPOSE, { marketingConsent: true, now: t.now() });
    const match = /https:\/\/ovella\.example\/email-change\/([A-Za-z0-9_-]{43})/.exec(String(mail.text));
    if (!match) throw new Error("no confirmation link in the email");
    return { token: match[1]!, text: String(mail.text), to: mail.to };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PUBLIC_SITE_URL: SITE });
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows what we hold to reach her, and changes her phone at once (audited without the number)", async () => {
    const id = await apply("rosa.phone@example.com", { marketing_consent: false });
    const token = tokenOf(id);
    const shown = await request(t.app).get(`/api/applicant/${token}/details`);
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect(shown.body).toEqual({ email: "rosa.phone@example.com", phone: "415-555-0100", pendingEmail: null, reminders: true, news: false, language: "en" });

    const changed = await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "rosa.phone@example.com", phone: "415-555-0199" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phone: "415-555-0199", emailConfirmationSent: false, pendingEmail: null });
    expect((await row(id)).phone).toBe("415-555-0199");
    expect(await emails(id, "email_change_confirm")).toHaveLength(0);
    const [audit] = await audits(id, "applicant_contact_change");
    expect(audit?.actor_id).toBeNull();
    expect(audit?.detail).toEqual({ fields: ["phone"] });
    expect(JSON.stringify(audit)).not.toContain("555-0199");

    // Clearing the phone is a change too; the same values again change nothing and audit nothing more.
    await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "rosa.phone@example.com", phone: "" }).expect(200);
    expect((await row(id)).phone).toBeNull();
    await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "ROSA.phone@example.com", phone: "" }).expect(200);
    expect(await audits(id, "applicant_contact_change")).toHaveLength(2);
  });

  it("refuses a bad address with the form's own message and keeps everything as it was", async () => {
    const id = await apply("rosa.bad@example.com");
    const res = await request(t.app).put(`/api/applicant/${tokenOf(id)}/contact`).send({ email: "not-an-address", phone: "415-555-0111" });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual(["Please enter a valid email address"]);
    const kept = await row(id);
    expect([kept.email, kept.phone]).toEqual(["rosa.bad@example.com", "415-555-0100"]);
    expect(await emails(id, "email_change_confirm")).toHaveLength(0);
  });

  it("counts a new address only once she confirms it from the link sent there, and tells the old address", async () => {
    const id = await apply("rosa.old@example.com", { marketing_consent: true });
    const token = tokenOf(id);
    const asked = await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "Rosa.New@example.com", phone: "415-555-0100" });
    expect(asked.status).toBe(200);
    expect(asked.body.emailConfirmationSent).toBe(true);
    expect(asked.body.email).toBe("rosa.old@example.com");
    expect(asked.body.pendingEmail.email).toBe("Rosa.New@example.com");
    expect((await row(id)).email).toBe("rosa.old@example.com");

    const link = await confirmationLink(id);
    expect(link.to).toEqual(["rosa.new@example.com"]);
    // Nothing of hers goes to an address not yet hers: no name, no link to her page, no unsubscribe link.
    expect(link.text).not.toContain("Rosa");
    expect(link.text).not.toMatch(/\/a\/[A-Za-z0-9_-]{48}/);
    expect(link.text).not.toContain("unsubscribe");
    // The database keeps a hash, never the link's token.
    const [change] = await t.database.db.select().from(contactChanges).where(eq(contactChanges.application_id, id));
    expect(change?.token_hash).not.toContain(link.token);

    const confirmed = await request(t.app).post(`/api/applicant/email-change/${link.token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: "Rosa.New@example.com" });
    expect((await row(id)).email).toBe("Rosa.New@example.com");
    const [notice] = await emails(id, "email_changed_notice");
    expect(notice?.recipients).toEqual(["rosa.old@example.com"]);
    const noticeMail = await composeEmail(notice!, COMPOSE, { marketingConsent: true, now: t.now() });
    expect(String(noticeMail.text)).not.toMatch(/\/a\/[A-Za-z0-9_-]{48}/);
    expect(await audits(id, "applicant_email_change")).toHaveLength(1);

    // Safe to press again; the details no longer show a change waiting.
    await request(t.app).post(`/api/applicant/email-change/${link.token}`).expect(200);
    expect(await audits(id, "applicant_email_change")).toHaveLength(1);
    const after = await request(t.app).get(`/api/applicant/${token}/details`);
    expect(after.body).toMatchObject({ email: "Rosa.New@example.com", pendingEmail: null });
  });

  it("lets only the newest link confirm, and no link after its 48 hours", async () => {
    const id = await apply("rosa.twice@example.com");
    const token = tokenOf(id);
    await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "rosa.first@example.com" }).expect(200);
    const first = await confirmationLink(id);
    t.advance(1000);
    await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "rosa.second@example.com" }).expect(200);
    const second = await confirmationLink(id);
    expect(second.token).not.toBe(first.token);
    await request(t.app).post(`/api/applicant/email-change/${first.token}`).expect(404);
    expect((await row(id)).email).toBe("rosa.twice@example.com");

    t.advance(EMAIL_CHANGE_TTL_MS + 1000);
    const late = await request(t.app).post(`/api/applicant/email-change/${second.token}`);
    expect(late.status).toBe(404);
    expect(late.body.message).toMatch(/expired/);
    expect((await row(id)).email).toBe("rosa.twice@example.com");
    // A forged token opens nothing either.
    await request(t.app).post(`/api/applicant/email-change/${"A".repeat(43)}`).expect(404);
  });

  it("limits the new addresses asked for in a day (429 with Retry-After)", async () => {
    const id = await apply("rosa.limit@example.com");
    const token = tokenOf(id);
    for (let i = 0; i < EMAIL_CHANGES_PER_DAY; i++) {
      await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: `rosa.limit${i}@example.com` }).expect(200);
    }
    const refused = await request(t.app).put(`/api/applicant/${token}/contact`).send({ email: "rosa.limit.more@example.com" });
    expect(refused.status).toBe(429);
    // The oldest of the day's requests leaves the 24-hour window first.
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(24 * 3600);
    expect(await emails(id, "email_change_confirm")).toHaveLength(EMAIL_CHANGES_PER_DAY);
  });

  it("stores her email choices (audited) and refuses anything but yes or no", async () => {
    const id = await apply("rosa.prefs@example.com");
    const token = tokenOf(id);
    const saved = await request(t.app).put(`/api/applicant/${token}/preferences`).send({ reminders: false, news: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ reminders: false, news: true });
    const stored = await row(id);
    expect([stored.reminder_emails, stored.marketing_consent]).toEqual([false, true]);
    expect((await audits(id, "applicant_preferences_change"))[0]?.detail).toEqual({ reminders: false, news: true });
    await request(t.app).put(`/api/applicant/${token}/preferences`).send({ reminders: "no", news: true }).expect(400);
    expect((await row(id)).reminder_emails).toBe(false);
  });

  it("turning reminders off cancels the ones scheduled, and turning them on schedules them again", async () => {
    const id = await apply("rosa.reminders@example.com");
    const staff = await createStaff(t, "reminders");
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.admin.token)).send({ to: "assessment_invited" }).expect(200);
    const reminders = () => t.database.db.select().from(applicantReminders).where(eq(applicantReminders.application_id, id));
    expect((await reminders()).map((r) => [r.kind, r.status])).toEqual([["kit_not_sent", "scheduled"]]);

    await request(t.app).put(`/api/applicant/${tokenOf(id)}/preferences`).send({ reminders: false, news: false }).expect(200);
    expect((await reminders()).map((r) => [r.kind, r.status, r.cancel_reason])).toEqual([["kit_not_sent", "cancelled", "reminders_off"]]);

    await request(t.app).put(`/api/applicant/${tokenOf(id)}/preferences`).send({ reminders: true, news: false }).expect(200);
    expect((await reminders()).filter((r) => r.status === "scheduled").map((r) => r.kind)).toEqual(["kit_not_sent"]);
  });

  it("answers 404 for a link that opens nothing, and erasure leaves no change waiting", async () => {
    await request(t.app).get(`/api/applicant/${"A".repeat(48)}/details`).expect(404);
    await request(t.app).put(`/api/applicant/${"A".repeat(48)}/preferences`).send({ reminders: true, news: false }).expect(404);

    const email = "rosa.erase@example.com";
    const id = await apply(email);
    await request(t.app).put(`/api/applicant/${tokenOf(id)}/contact`).send({ email: "rosa.elsewhere@example.com" }).expect(200);
    const staff = await createStaff(t, "details");
    await request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email, confirmation: email }).expect(200);
    expect(await t.database.db.select().from(contactChanges).where(eq(contactChanges.application_id, id))).toHaveLength(0);
    await request(t.app).get(`/api/applicant/${tokenOf(id)}/details`).expect(404);
  });
});
