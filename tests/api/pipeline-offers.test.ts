/**
 * An offer handled after it went out, on both engines (ADR 0088): staff resend it after an address correction (the
 * old link answers that a newer one was sent), extend its deadline, the reminder before the deadline (with the app's
 * own clock, advanced explicitly), deadlines in her own time zone with the zone named, and the staff alert of every
 * answer: accept, decline, expiry, and a place given back with or without an eligible woman waiting.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Stage } from "#core/pipeline/stages";
import { applicantReminders, applications, auditEvents, emailOutbox } from "../../server/db/schema";
import { renderEmail, type OutboxKind, type PayloadByKind } from "../../server/services/mail-templates";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { advanceToWallClock, bearer, insertUser, login, insertApplicant, offerTokenIn } from "../../testing/fixtures";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const STAFF_ALERTS = "coordinators@ovella.example";
const MAIL = { siteUrl: "https://ovella.example", unsubscribeUrl: undefined } as never;

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

const applicant = (t: App, stage: Stage, overrides: Partial<typeof applications.$inferInsert> = {}) =>
  insertApplicant(t, { first: "Lena", last: "Offerly" }, stage, overrides);

const emailsOf = (t: App, id: string, kind: OutboxKind) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.created_at);
const stageOf = async (t: App, id: string) => (await t.database.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, id)))[0]?.stage;
const offerReminders = async (t: App, id: string) =>
  (await t.database.db.select().from(applicantReminders).where(and(eq(applicantReminders.application_id, id), eq(applicantReminders.kind, "offer_deadline")))).map(
    (r) => `${r.status}:${r.cancel_reason ?? ""}`,
  );
const tokenOf = (t: App, payload: unknown) => offerTokenIn(t, payload);

describe.each(TEST_ENGINES)("offers handled after they went out (%s)", (engine) => {
  let t: App;
  let admin: string;
  let user: string;

  /** A session of her own after the clock moved (a session ends after its idle time, like the app's). */
  async function signInAgain() {
    admin = await login(t, "offers_admin");
    user = await login(t, "offers_user");
  }

  async function offer(id: string): Promise<string> {
    const res = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "offered" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const emails = await emailsOf(t, id, "place_offer");
    return tokenOf(t, emails.at(-1)?.payload);
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "2", OFFER_DAYS: "7", OFFER_REMINDER_HOURS: "48", STAFF_NOTIFY_TO: STAFF_ALERTS });
    await insertUser(t, "offers_admin", "admin");
    await insertUser(t, "offers_user", "user");
    admin = await login(t, "offers_admin");
    user = await login(t, "offers_user");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("resends the offer to the corrected address with a fresh link; the old link says a newer one was sent and changes nothing", async () => {
    await signInAgain();
    const id = await applicant(t, "assessment_passed", { timezone: "Europe/London" });
    const firstToken = await offer(id);
    const corrected = await request(t.app)
      .post(`/api/privacy/applications/${id}/correction`)
      .set(bearer(admin))
      .send({ email: "lena.new@example.com" });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    const resent = await request(t.app).post(`/api/admin/applications/${id}/offer/resend`).set(bearer(admin));
    expect(resent.status).toBe(202);
    const emails = await emailsOf(t, id, "place_offer");
    expect(emails).toHaveLength(2);
    const latest = emails.at(-1);
    expect(latest?.recipients).toEqual(["lena.new@example.com"]);
    expect(latest?.payload).toMatchObject({ occasion: "resent", timeZone: "Europe/London", expiresAt: resent.body.offerExpiresAt });
    const newToken = await tokenOf(t, latest?.payload);
    expect(newToken).not.toBe(firstToken);

    const pipeline = t.services.pipeline;
    expect(await pipeline.viewOffer(firstToken)).toEqual({ state: "replaced" });
    expect(await pipeline.answerOffer(firstToken, "decline")).toEqual({ state: "replaced" });
    expect(await stageOf(t, id)).toBe("offered");
    expect(await pipeline.viewOffer(newToken)).toMatchObject({ state: "open", timeZone: "Europe/London" });
    // One place held, not two.
    const summary = await request(t.app).get("/api/admin/pipeline").set(bearer(admin));
    expect(summary.body.taken).toBe(1);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "offer_resent")));
    expect(audit).toHaveLength(1);

    expect(await pipeline.answerOffer(newToken, "accept")).toEqual({ state: "accepted" });
    expect(await stageOf(t, id)).toBe("enrolled");
    // Gives the place back for the next tests.
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "withdrawn" }).expect(200);
  });

  it("refuses resend and extend to role user (403), without an open offer (409), and a deadline that is not later or too far (400)", async () => {
    await signInAgain();
    const id = await applicant(t, "assessment_passed");
    await request(t.app).post(`/api/admin/applications/${id}/offer/resend`).set(bearer(admin)).expect(409);
    await offer(id);
    await request(t.app).post(`/api/admin/applications/${id}/offer/resend`).set(bearer(user)).expect(403);
    await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(user)).send({ until: new Date(t.now().getTime() + 9 * DAY).toISOString() }).expect(403);
    const missing = await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.until).toBeDefined();
    const earlier = await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({ until: new Date(t.now().getTime() + DAY).toISOString() });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors.until).toEqual(["Choose a deadline later than the current one"]);
    const far = await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({ until: new Date(t.now().getTime() + 61 * DAY).toISOString() });
    expect(far.status).toBe(400);
    expect(await emailsOf(t, id, "place_offer")).toHaveLength(1);
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "withdrawn" }).expect(200);
    await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({ until: new Date(t.now().getTime() + 9 * DAY).toISOString() }).expect(409);
  });

  it("extends the deadline: she is told the new one in her zone, the record shows it, and the offer expires only then", async () => {
    await signInAgain();
    const id = await applicant(t, "assessment_passed", { timezone: "America/New_York" });
    await offer(id);
    const until = new Date(t.now().getTime() + 10 * DAY);
    const res = await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({ until: until.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ offerExpiresAt: until.toISOString() });
    const detail = await request(t.app).get(`/api/admin/applications/${id}`).set(bearer(admin));
    expect(detail.body.offerExpiresAt).toBe(until.toISOString());
    const latest = (await emailsOf(t, id, "place_offer")).at(-1);
    expect(latest?.payload).toMatchObject({ occasion: "extended", expiresAt: until.toISOString(), timeZone: "America/New_York" });
    const rendered = await renderEmail("place_offer", latest?.payload as unknown as PayloadByKind["place_offer"], MAIL);
    expect(rendered.subject).toBe("More time to answer your Ovella pilot offer");
    expect(rendered.text).toMatch(/Eastern (Standard|Daylight) Time/);

    t.advance(8 * DAY);
    expect(await t.services.pipeline.expireDue()).toMatchObject({ expired: 0 });
    expect(await stageOf(t, id)).toBe("offered");
    t.advance(3 * DAY);
    expect(await t.services.pipeline.expireDue()).toMatchObject({ expired: 1 });
    expect(await stageOf(t, id)).toBe("waitlisted");
    await signInAgain();
    const [alert] = await emailsOf(t, id, "staff_selection_alert");
    expect(alert?.recipients).toEqual([STAFF_ALERTS]);
    expect(alert?.payload).toMatchObject({ event: "expired", placeWentTo: null });
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "withdrawn" }).expect(200);
  });

  it("reminds once, OFFER_REMINDER_HOURS before the deadline, with a fresh link in her zone; an answered offer is never reminded", async () => {
    await signInAgain();
    const quiet = await applicant(t, "assessment_passed", { timezone: "Australia/Sydney" });
    const answered = await applicant(t, "assessment_passed");
    await offer(quiet);
    const answeredToken = await offer(answered);
    // Each offer's reminder is listed on her record with its time; an answer ends it.
    expect(await offerReminders(t, quiet)).toEqual(["scheduled:"]);
    expect(await t.services.pipeline.answerOffer(answeredToken, "accept")).toEqual({ state: "accepted" });
    expect(await offerReminders(t, answered)).toEqual(["cancelled:she_acted"]);

    t.advance(4 * DAY);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 0 });
    t.advance(DAY + 2 * HOUR);
    // Never in her quiet hours (21:00–08:00 in Sydney): noon there, still before the deadline.
    advanceToWallClock(t, "Australia/Sydney", 12);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 1 });
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 0 });
    expect(await offerReminders(t, quiet)).toEqual(["sent:"]);
    const [reminder] = await emailsOf(t, quiet, "offer_reminder");
    const [quietRow] = await t.database.db.select({ email: applications.email }).from(applications).where(eq(applications.id, quiet));
    expect(reminder?.recipients).toEqual([quietRow?.email]);
    expect(reminder?.payload).toMatchObject({ timeZone: "Australia/Sydney" });
    expect(await emailsOf(t, answered, "offer_reminder")).toHaveLength(0);
    const rendered = await renderEmail("offer_reminder", reminder?.payload as unknown as PayloadByKind["offer_reminder"], MAIL);
    expect(rendered.text).toMatch(/Australian Eastern (Standard|Daylight) Time/);

    // The reminder's link answers; the first email's link says a newer one was sent.
    const firstToken = await tokenOf(t, (await emailsOf(t, quiet, "place_offer"))[0]?.payload);
    expect(await t.services.pipeline.viewOffer(firstToken)).toEqual({ state: "replaced" });
    expect(await t.services.pipeline.answerOffer(await tokenOf(t, reminder?.payload), "decline")).toEqual({ state: "declined" });
    const [alert] = await emailsOf(t, quiet, "staff_selection_alert");
    expect(alert?.payload).toMatchObject({ event: "declined", placeWentTo: null, firstName: expect.any(String), lastName: "Offerly" });
    await signInAgain();
    await request(t.app).post(`/api/admin/applications/${answered}/stage`).set(bearer(admin)).send({ to: "withdrawn" }).expect(200);
  });

  it("alerts staff of every answer and of a place given back, naming who the place went to; no form answer in any alert", async () => {
    await signInAgain();
    const accepting = await applicant(t, "assessment_passed");
    const acceptToken = await offer(accepting);
    expect(await t.services.pipeline.answerOffer(acceptToken, "accept")).toEqual({ state: "accepted" });
    const [accepted] = await emailsOf(t, accepting, "staff_selection_alert");
    expect(accepted?.payload).toEqual({ applicationId: accepting, firstName: expect.any(String), lastName: "Offerly", event: "accepted" });

    const waiting = await applicant(t, "waitlisted", { waitlist_rank: Date.UTC(2019, 0, 1) });
    const declining = await applicant(t, "assessment_passed");
    const declineToken = await offer(declining);
    expect(await t.services.pipeline.answerOffer(declineToken, "decline")).toEqual({ state: "declined" });
    expect(await stageOf(t, waiting)).toBe("offered");
    const [declined] = await emailsOf(t, declining, "staff_selection_alert");
    expect(declined?.payload).toMatchObject({ event: "declined", placeWentTo: { applicationId: waiting, lastName: "Offerly" } });
    const rendered = await renderEmail("staff_selection_alert", declined?.payload as unknown as PayloadByKind["staff_selection_alert"], MAIL);
    expect(rendered.subject).toMatch(/declined her offer$/);
    expect(rendered.text).toContain(`/admin/applications/${declining}`);
    expect(rendered.text).toContain(`/admin/applications/${waiting}`);

    // Staff withdraw the woman who holds a place: nobody eligible waits now, and staff hear the place is open.
    await request(t.app).post(`/api/admin/applications/${accepting}/stage`).set(bearer(admin)).send({ to: "withdrawn" }).expect(200);
    const [freed] = await emailsOf(t, accepting, "staff_selection_alert").then((rows) => rows.filter((r) => r.payload.event === "place_freed"));
    expect(freed?.payload).toMatchObject({ event: "place_freed", placeWentTo: null });
    const freedText = await renderEmail("staff_selection_alert", freed?.payload as unknown as PayloadByKind["staff_selection_alert"], MAIL);
    expect(freedText.subject).toMatch(/a place is open, nobody eligible is waiting$/);

    const alerts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "staff_selection_alert"));
    for (const alert of alerts) {
      expect(Object.keys(alert.payload).every((key) => ["applicationId", "firstName", "lastName", "event", "placeWentTo"].includes(key))).toBe(true);
      expect(alert.recipients).toEqual([STAFF_ALERTS]);
    }
  });

  it("tells the deadline in the pilot's zone, named, when her browser gave none or an unknown one", async () => {
    await signInAgain();
    const id = await applicant(t, "assessment_passed", { timezone: "Mars/Olympus_Mons" });
    const token = await offer(id);
    const [email] = await emailsOf(t, id, "place_offer");
    expect(email?.payload).toMatchObject({ timeZone: "America/Los_Angeles" });
    const rendered = await renderEmail("place_offer", email?.payload as unknown as PayloadByKind["place_offer"], MAIL);
    expect(rendered.text).toMatch(/Pacific (Standard|Daylight) Time/);
    expect(rendered.text).toContain("$1,375");
    expect(await t.services.pipeline.viewOffer(token)).toMatchObject({ state: "open", timeZone: "America/Los_Angeles" });
  });

});

describe.each(TEST_ENGINES)("a short offer's reminder (%s)", (engine) => {
  let t: App;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "2", OFFER_DAYS: "1", OFFER_REMINDER_HOURS: "48" });
    await insertUser(t, "short_admin", "admin");
    admin = await login(t, "short_admin");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is sent halfway through an offer shorter than twice OFFER_REMINDER_HOURS, not the moment it is made", async () => {
    // Made at 06:00 in the pilot's zone, so its halfway point (19:00) is outside her quiet hours.
    advanceToWallClock(t, "America/Los_Angeles", 6);
    admin = await login(t, "short_admin");
    const id = await applicant(t, "assessment_passed");
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "offered" }).expect(200);
    t.advance(HOUR);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 0 });
    t.advance(12 * HOUR);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 1 });
    expect(await emailsOf(t, id, "offer_reminder")).toHaveLength(1);
  });

});

describe.each(TEST_ENGINES)("an offer's reminder on her record (%s)", (engine) => {
  let t: App;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "5", OFFER_DAYS: "7", OFFER_REMINDER_HOURS: "48" });
    await insertUser(t, "record_admin", "admin");
    admin = await login(t, "record_admin");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets staff cancel an offer's reminder on her record: it is never sent, and a new deadline has its own", async () => {
    const id = await applicant(t, "assessment_passed");
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin)).send({ to: "offered" }).expect(200);
    const [row] = await t.database.db.select().from(applicantReminders).where(and(eq(applicantReminders.application_id, id), eq(applicantReminders.kind, "offer_deadline")));
    await request(t.app).delete(`/api/admin/applications/${id}/reminders/${row?.id}`).set(bearer(admin)).expect(204);
    t.advance(5 * DAY + 2 * HOUR);
    advanceToWallClock(t, "America/Los_Angeles", 12);
    expect(await t.services.pipeline.offers.remindDue()).toMatchObject({ ran: true });
    expect(await emailsOf(t, id, "offer_reminder")).toHaveLength(0);
    expect(await offerReminders(t, id)).toEqual(["cancelled:staff"]);
    admin = await login(t, "record_admin");

    const until = new Date(t.now().getTime() + 5 * DAY).toISOString();
    await request(t.app).post(`/api/admin/applications/${id}/offer/extend`).set(bearer(admin)).send({ until }).expect(200);
    expect((await offerReminders(t, id)).toSorted()).toEqual(["cancelled:staff", "scheduled:"]);
  });
});
