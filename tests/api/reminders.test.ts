/**
 * Reminders about her next step (ADR 0102), on both engines, with the app's clock: scheduled on the right events,
 * sent through the outbox when due with her page's link, never between 21:00 and 08:00 in her zone (two zones),
 * cancelled when she acts, when her stage changes, by staff (audited) and when she turns them off; the offer's own
 * reminder keeps her quiet hours too; erasure leaves no reminder.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { DAY_MS, HOUR_MS } from "#core/time";
import { applicantReminders, applications, auditEvents, consultBookings, emailOutbox, pilotQuota } from "../../server/db/schema";
import { signPageToken } from "../../server/services/applicant-page-token";
import { composeEmail } from "../../server/services/outbox/compose";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { advanceToWallClock, bearer, createStaff, insertApplicant, login, recordReview, type StaffMember } from "../../testing/fixtures";

const SECRET = "reminders-secret-0123456789abcdef-0123";
const SITE = "https://ovella.example";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("reminders that stop when she acts (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;
  const token = () => staff.coordinator.token;
  const move = (id: string, to: string, reason?: string) =>
    request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(token())).send({ to, reason });
  const remindersOf = (id: string) => t.database.db.select().from(applicantReminders).where(eq(applicantReminders.application_id, id));
  const scheduled = async (id: string) => (await remindersOf(id)).filter((r) => r.status === "scheduled");
  const emailsOf = (id: string, kind: string) =>
    t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)));

  /** Fresh sessions after the clock moved past their idle time. */
  async function signInAgain() {
    for (const member of Object.values(staff)) member.token = await login(t, member.username);
  }

  /** Invited by staff at `hour`:00 in `zone`, so her reminder falls due at that wall-clock hour some days later. */
  async function invitedAt(zone: string, hour: number): Promise<string> {
    advanceToWallClock(t, zone, hour);
    await signInAgain();
    const id = await insertApplicant(t, { first: "Rae", last: "Remind" }, "reviewing", { timezone: zone });
    await move(id, "assessment_invited").expect(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PUBLIC_SITE_URL: SITE, PILOT_CAPACITY: "5", MOVE_UNDO_SECONDS: "0" });
    staff = await createStaff(t, "remind");
    await t.database.db.update(pilotQuota).set({ kit_reminder_days: 2, consult_reminder_days: 3 }).where(eq(pilotQuota.id, 1));
  });
  afterAll(async () => {
    await t.close();
  });

  it("schedules 'kit not sent' at the invitation, sends it when due with her page's link, once", async () => {
    const id = await invitedAt("America/Los_Angeles", 10);
    const [kit] = await scheduled(id);
    expect(kit).toMatchObject({ kind: "kit_not_sent", status: "scheduled" });
    const [app] = await t.database.db.select({ at: applications.stage_changed_at }).from(applications).where(eq(applications.id, id));
    expect(kit?.due_at.getTime()).toBe((app?.at.getTime() ?? 0) + 2 * DAY_MS);
    t.advance(2 * DAY_MS - HOUR_MS);
    expect((await t.services.reminders.sendDue()).sent).toBe(0);
    t.advance(2 * HOUR_MS);
    expect(await t.services.reminders.sendDue()).toMatchObject({ ran: true, sent: 1 });
    expect(await t.services.reminders.sendDue()).toMatchObject({ sent: 0 });
    const [email] = await emailsOf(id, "reminder_kit_not_sent");
    if (!email) throw new Error("no reminder queued");
    const mail = await composeEmail(email, { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET }, { marketingConsent: false, now: t.now() });
    expect(String(mail.text)).toMatch(/https:\/\/ovella\.example\/a\/[A-Za-z0-9_-]{48}/);
    expect(String(mail.subject)).toContain("kit");
    expect((await remindersOf(id))[0]).toMatchObject({ status: "sent", sent_at: expect.any(Date) });
  });

  it("never sends between 21:00 and 08:00 in her zone: it waits until 08:00 her time (two zones)", async () => {
    for (const zone of ["America/New_York", "Asia/Tokyo"]) {
      const id = await invitedAt(zone, 23);
      t.advance(2 * DAY_MS + 10 * 60_000);
      // 23:10 on her wall clock: due, and held.
      expect(await t.services.reminders.sendDue()).toMatchObject({ sent: 0, waiting: 1 });
      advanceToWallClock(t, zone, 7);
      expect(await t.services.reminders.sendDue()).toMatchObject({ sent: 0, waiting: 1 });
      advanceToWallClock(t, zone, 8);
      expect(await t.services.reminders.sendDue()).toMatchObject({ sent: 1 });
      expect(await emailsOf(id, "reminder_kit_not_sent")).toHaveLength(1);
    }
  });

  it("cancels 'kit not sent' the moment she says she sent it on her page, and when her stage moves on", async () => {
    const acted = await invitedAt("America/Los_Angeles", 10);
    await t.services.applicant.act(signPageToken(SECRET, acted, t.now()), "kit_sent");
    expect((await remindersOf(acted))[0]).toMatchObject({ status: "cancelled", cancel_reason: "she_acted" });
    const moved = await invitedAt("America/Los_Angeles", 10);
    await move(moved, "withdrawn").expect(200);
    expect((await remindersOf(moved))[0]).toMatchObject({ status: "cancelled", cancel_reason: "stage_changed" });
    // A staff step "kit sent" counts as hers too.
    const byStaff = await invitedAt("America/Los_Angeles", 10);
    await request(t.app).post(`/api/admin/applications/${byStaff}/assessment`).set(bearer(token())).send({ status: "kit_sent" }).expect(200);
    expect((await remindersOf(byStaff))[0]).toMatchObject({ status: "cancelled", cancel_reason: "she_acted" });
    t.advance(3 * DAY_MS);
    expect((await t.services.reminders.sendDue()).sent).toBe(0);
    for (const id of [acted, moved, byStaff]) expect(await emailsOf(id, "reminder_kit_not_sent")).toHaveLength(0);
  });

  it("schedules 'consult not booked' once she passed, cancels it when she books, and reminds the day before the consult", async () => {
    const id = await invitedAt("America/Los_Angeles", 10);
    await recordReview(t, token(), id);
    await move(id, "assessment_passed").expect(200);
    const kinds = (await remindersOf(id)).map((r) => [r.kind, r.status, r.cancel_reason]);
    expect(kinds).toEqual(expect.arrayContaining([["kit_not_sent", "cancelled", "stage_changed"], ["consult_not_booked", "scheduled", null]]));
    // She books (the booking service calls syncReminders in its transaction; here the row and the call stand in).
    const startsAt = new Date(t.now().getTime() + 4 * DAY_MS);
    await t.database.db.transaction(async (tx) => {
      await tx.insert(consultBookings).values({ application_id: id, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 30 * 60_000), uid: `test-${id}` });
      await (await import("../../server/services/reminders")).syncReminders(tx, id, t.now());
    });
    const after = await remindersOf(id);
    expect(after.find((r) => r.kind === "consult_not_booked")).toMatchObject({ status: "cancelled", cancel_reason: "she_acted" });
    const tomorrow = after.find((r) => r.kind === "consult_tomorrow");
    expect(tomorrow).toMatchObject({ status: "scheduled" });
    expect(tomorrow?.due_at.getTime()).toBe(startsAt.getTime() - DAY_MS);
    t.advance(3 * DAY_MS + 60_000);
    expect((await t.services.reminders.sendDue()).sent).toBe(1);
    const [email] = await emailsOf(id, "reminder_consult_tomorrow");
    expect(email?.payload).toEqual({ firstName: expect.any(String), startsAt: startsAt.toISOString(), timeZone: "America/Los_Angeles" });
  });

  it("lets staff see and cancel a scheduled reminder (audited), which is then not made again", async () => {
    const id = await invitedAt("America/Los_Angeles", 10);
    const listed = await request(t.app).get(`/api/admin/applications/${id}/assessment`).set(bearer(staff.user.token));
    expect(listed.body.reminders).toEqual([expect.objectContaining({ kind: "kit_not_sent", status: "scheduled", dueAt: expect.any(String) })]);
    const reminderId = listed.body.reminders[0].id as string;
    expect((await request(t.app).delete(`/api/admin/applications/${id}/reminders/${reminderId}`).set(bearer(staff.user.token))).status).toBe(403);
    const other = await insertApplicant(t, { first: "Rae", last: "Remind" }, "reviewing");
    expect((await request(t.app).delete(`/api/admin/applications/${other}/reminders/${reminderId}`).set(bearer(token()))).status).toBe(404);
    await request(t.app).delete(`/api/admin/applications/${id}/reminders/${reminderId}`).set(bearer(token())).expect(204);
    expect((await request(t.app).delete(`/api/admin/applications/${id}/reminders/${reminderId}`).set(bearer(token()))).status).toBe(409);
    expect((await remindersOf(id))[0]).toMatchObject({ status: "cancelled", cancel_reason: "staff", cancelled_by: staff.coordinator.username });
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "reminder_cancel")));
    expect(audit).toMatchObject({ actor_username: staff.coordinator.username, detail: { kind: "kit_not_sent" } });
    // Her state changing again (a staff step) does not bring it back.
    await request(t.app).post(`/api/admin/applications/${id}/assessment`).set(bearer(token())).send({ status: "kit_received" }).expect(200);
    expect(await scheduled(id)).toHaveLength(0);
  });

  it("cancels when she turned reminders off, and the sender re-checks before sending", async () => {
    const id = await invitedAt("America/Los_Angeles", 10);
    expect(await scheduled(id)).toHaveLength(1);
    // Her choice is saved elsewhere; the sender checks it again before sending.
    await t.database.db.update(applications).set({ reminder_emails: false }).where(eq(applications.id, id));
    t.advance(2 * DAY_MS + HOUR_MS);
    expect(await t.services.reminders.sendDue()).toMatchObject({ sent: 0, cancelled: 1 });
    expect((await remindersOf(id))[0]).toMatchObject({ status: "cancelled", cancel_reason: "reminders_off" });
    expect(await emailsOf(id, "reminder_kit_not_sent")).toHaveLength(0);
  });

  it("turns a kind off with 0 days, shown and changed through the pilot settings", async () => {
    await signInAgain();
    const res = await request(t.app)
      .put("/api/admin/pilot")
      .set(bearer(staff.super_admin.token))
      .send({ capacity: 5, enrollmentOpensAt: null, enrollmentClosesAt: null, assessmentInstructions: "", kitReminderDays: 0, consultReminderDays: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kitReminderDays: 0, consultReminderDays: null });
    expect((await request(t.app).put("/api/admin/pilot").set(bearer(staff.super_admin.token)).send({ capacity: 5, enrollmentOpensAt: null, enrollmentClosesAt: null, assessmentInstructions: "", kitReminderDays: -1 })).status).toBe(400);
    const id = await invitedAt("America/Los_Angeles", 10);
    expect(await remindersOf(id)).toHaveLength(0);
    // Left out, the days keep their values.
    const kept = await request(t.app).put("/api/admin/pilot").set(bearer(staff.super_admin.token)).send({ capacity: 6, enrollmentOpensAt: null, enrollmentClosesAt: null, assessmentInstructions: "" });
    expect(kept.body).toMatchObject({ capacity: 6, kitReminderDays: 0 });
    await t.database.db.update(pilotQuota).set({ kit_reminder_days: 2 }).where(eq(pilotQuota.id, 1));
  });

  it("erasure leaves no reminder rows", async () => {
    const id = await invitedAt("America/Los_Angeles", 10);
    expect(await remindersOf(id)).toHaveLength(1);
    await signInAgain();
    const [app] = await t.database.db.select({ email: applications.email }).from(applications).where(eq(applications.id, id));
    const email = app?.email ?? "";
    const erased = await request(t.app).post("/api/privacy/erase").set(bearer(staff.super_admin.token)).send({ email, confirmation: email });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await remindersOf(id)).toHaveLength(0);
  });
});

describe.each(TEST_ENGINES)("the offer's reminder keeps her quiet hours (%s)", (engine) => {
  let t: App;

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "3", OFFER_DAYS: "7", OFFER_REMINDER_HOURS: "48", MOVE_UNDO_SECONDS: "0" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("waits for 08:00 her time, unless waiting would pass the deadline", async () => {
    const admin = await createStaff(t, "quiet");
    advanceToWallClock(t, "Europe/Berlin", 23);
    await signInAgainFor(admin);
    const id = await insertApplicant(t, { first: "Qi", last: "Quiet" }, "assessment_passed", { timezone: "Europe/Berlin" });
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(admin.coordinator.token)).send({ to: "offered" }).expect(200);
    // 5 days and 10 minutes later: within 48 hours of the deadline, at 23:10 in Berlin.
    t.advance(5 * DAY_MS + 10 * 60_000);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 0 });
    advanceToWallClock(t, "Europe/Berlin", 8);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 1 });

    async function signInAgainFor(members: Record<Role, StaffMember>) {
      for (const member of Object.values(members)) member.token = await login(t, member.username);
    }
  });

  it("sends in the night when 08:00 would come after the deadline", async () => {
    const staffQuiet = await createStaff(t, "late");
    // Offered at 06:00 Berlin time; the deadline is 06:00 seven days later; at 01:00 that morning she is reminded.
    advanceToWallClock(t, "Europe/Berlin", 6);
    for (const member of Object.values(staffQuiet)) member.token = await login(t, member.username);
    await t.database.db.update(emailOutbox).set({ status: "sent" });
    const id = await insertApplicant(t, { first: "Qi", last: "Quiet" }, "assessment_passed", { timezone: "Europe/Berlin" });
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staffQuiet.coordinator.token)).send({ to: "offered" }).expect(200);
    t.advance(6 * DAY_MS + 19 * HOUR_MS);
    expect(await t.services.pipeline.offers.remindDue()).toEqual({ ran: true, reminded: 1 });
  });
});
