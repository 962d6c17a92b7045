/**
 * The consult she books herself (ADR 0100), on both engines: the clinic's hours (roles, validation, fields kept, audit);
 * the slots; booking, moving and cancelling from her link with the calendar invite parsed back (UID stable, SEQUENCE
 * rising, CANCEL); the 409s; 50 women racing for one slot; two instances racing on one PostgreSQL database; staff's
 * invite, day view, move and cancel; the webhook queued; erasure leaves no booking of hers.
 */
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { applicantReminders, applications, auditEvents, consultBookings, emailOutbox, webhookDeliveries, webhookEndpoints } from "../../server/db/schema";
import { openDatabase } from "../../server/db/client";
import { createLogger } from "../../server/logger";
import { composeRoot } from "../../server/root";
import { signPageToken } from "../../server/services/applicant-page-token";
import { composeEmail } from "../../server/services/outbox/compose";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, insertApplicant, recordReview, type StaffMember } from "../../testing/fixtures";

const SECRET = "consult-page-secret-0123456789abcdef";
const SITE = "https://ovella.example";
const COMPOSE = { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET };
/** Every day, 08:00–20:00 in the clinic's zone, no notice: slots whenever the test runs. */
const OPEN_ALL_WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => ({ day, start: "08:00", end: "20:00" }));

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("the consult she books herself (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;
  const tokenOf = (id: string) => signPageToken(SECRET, id, t.now());
  const slots = (id: string, query = "") => request(t.app).get(`/api/applicant/${tokenOf(id)}/slots${query}`);
  const book = (id: string, start: string) => request(t.app).post(`/api/applicant/${tokenOf(id)}/consult`).send({ start });
  const emails = (id: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.application_id, id)).orderBy(emailOutbox.created_at);
  const passed = (name: string, overrides = {}) => insertApplicant(t, { first: name, last: "Consult" }, "assessment_passed", { timezone: "America/New_York", ...overrides });

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PUBLIC_SITE_URL: SITE });
    staff = await createStaff(t, "consult");
    const opened = await request(t.app)
      .put("/api/admin/consult-availability")
      .set(bearer(staff.super_admin.token))
      .send({ weekly: OPEN_ALL_WEEK, minNoticeHours: 0, maxDaysAhead: 14 });
    expect(opened.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lets every staff role read the hours and only a super admin change them, keeping the fields left out, audited", async () => {
    const read = await request(t.app).get("/api/admin/consult-availability").set(bearer(staff.user.token));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ timeZone: "America/Los_Angeles", slotMinutes: 30, bufferMinutes: 0, minNoticeHours: 0, maxDaysAhead: 14, exceptions: [] });
    expect((await request(t.app).put("/api/admin/consult-availability").set(bearer(staff.coordinator.token)).send({ slotMinutes: 45 })).status).toBe(403);

    const bad = await request(t.app)
      .put("/api/admin/consult-availability")
      .set(bearer(staff.super_admin.token))
      .send({ timeZone: "Mars/Olympus", weekly: [{ day: "monday", start: "17:00", end: "09:00" }], slotMinutes: 0, exceptions: [{ date: "2026-02-30" }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).toSorted()).toEqual(["exceptions", "slotMinutes", "timeZone", "weekly"]);
    expect(bad.body.errors.weekly).toEqual(["The hours must end after they start"]);

    const changed = await request(t.app).put("/api/admin/consult-availability").set(bearer(staff.super_admin.token)).send({ bufferMinutes: 10 });
    expect(changed.body).toMatchObject({ bufferMinutes: 10, slotMinutes: 30, weekly: OPEN_ALL_WEEK, updatedAt: expect.any(String) });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "consult_availability_change"))
      .orderBy(auditEvents.at)
      .then((rows) => rows.slice(-1));
    expect(event?.detail).toEqual({ bufferMinutes: { from: 0, to: 10 } });
    await request(t.app).put("/api/admin/consult-availability").set(bearer(staff.super_admin.token)).send({ bufferMinutes: 0 });
  });

  it("books, moves and cancels from her link; the invite keeps its UID, raises its SEQUENCE and ends with CANCEL", async () => {
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ url: "https://crm.example.com/hook", events: ["application.consult_booked"], secret: "whsec_dGVzdA==" })
      .returning({ id: webhookEndpoints.id });
    const id = await passed("Nadia");
    const page = await request(t.app).get(`/api/applicant/${tokenOf(id)}`);
    expect(page.body.consult).toBeNull();
    const offered = page.body.slots as { start: string; end: string }[];
    expect(offered.length).toBeGreaterThan(2);
    const [first, second] = offered;
    if (!first || !second) throw new Error("no slots");

    const booked = await book(id, first.start);
    expect(booked.status).toBe(201);
    expect(booked.body).toEqual({ start: first.start, end: first.end, timeZone: "America/New_York", clinicTimeZone: "America/Los_Angeles" });
    expect((await request(t.app).get(`/api/applicant/${tokenOf(id)}`)).body.consult).toEqual(booked.body);
    expect((await book(id, second.start)).body.message).toMatch(/already booked/);
    // Her booked slot is no one else's.
    const other = await passed("Olga");
    expect((await slots(other)).body.map((s: { start: string }) => s.start)).not.toContain(first.start);
    expect((await book(other, first.start)).status).toBe(409);

    const moved = await request(t.app).put(`/api/applicant/${tokenOf(id)}/consult`).send({ start: second.start });
    expect(moved.status).toBe(200);
    expect(moved.body.start).toBe(second.start);
    expect((await request(t.app).delete(`/api/applicant/${tokenOf(id)}/consult`)).status).toBe(204);
    expect((await request(t.app).delete(`/api/applicant/${tokenOf(id)}/consult`)).status).toBe(409);

    const mails = (await emails(id)).filter((m) => m.kind.startsWith("consult_"));
    expect(mails.map((m) => m.kind)).toEqual(["consult_booked", "consult_moved", "consult_cancelled"]);
    const invites = [];
    for (const mail of mails) {
      const composed = await composeEmail(mail, COMPOSE, { marketingConsent: false, now: t.now() });
      expect(String(composed.text)).toContain("Eastern");
      const ics = composed.icalEvent as { method: string; content: string };
      const calendar = new ICAL.Component(ICAL.parse(ics.content));
      const event = calendar.getFirstSubcomponent("vevent");
      if (!event) throw new Error("no VEVENT");
      invites.push({ method: calendar.getFirstPropertyValue("method"), header: ics.method, uid: event.getFirstPropertyValue("uid"), sequence: event.getFirstPropertyValue("sequence"), start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString() });
    }
    expect(invites.map((i) => [i.method, i.header, i.sequence, i.start])).toEqual([
      ["REQUEST", "REQUEST", 0, first.start],
      ["REQUEST", "REQUEST", 1, second.start],
      ["CANCEL", "CANCEL", 2, second.start],
    ]);
    expect(new Set(invites.map((i) => i.uid)).size).toBe(1);

    // Her acts are audited without a staff actor; the webhook was queued in the booking's and the move's transactions.
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_id, id));
    expect(audit.filter((a) => a.action.startsWith("consult_")).map((a) => [a.action, a.actor_username])).toEqual([
      ["consult_book", null],
      ["consult_move", null],
      ["consult_cancel", null],
    ]);
    const deliveries = await t.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.application_id, id), eq(webhookDeliveries.endpoint_id, endpoint?.id ?? "")));
    expect(deliveries.map((d) => (d.payload as { data: unknown }).data)).toEqual([
      { id, stage: "assessment_passed", consultStart: first.start, at: expect.any(String) },
      { id, stage: "assessment_passed", consultStart: second.start, at: expect.any(String) },
    ]);
    // She may book again after a cancel.
    expect((await book(id, first.start)).status).toBe(201);
  });

  it("refuses a time not offered, a bad body, a link that opens nothing, and booking before it is open to her", async () => {
    const id = await passed("Petra");
    expect((await book(id, "2020-01-01T17:00:00.000Z")).status).toBe(409);
    expect((await book(id, "tomorrow")).status).toBe(400);
    expect((await request(t.app).post("/api/applicant/not-a-token/consult").send({ start: "2030-01-01T17:00:00Z" })).status).toBe(404);
    expect((await slots(id, "?from=2026-13-01")).status).toBe(400);

    const early = await insertApplicant(t, { first: "Quinn", last: "Consult" }, "assessment_invited");
    expect((await slots(early)).status).toBe(409);
    expect((await request(t.app).get(`/api/applicant/${tokenOf(early)}`)).body.slots).toBeUndefined();
    expect((await request(t.app).post(`/api/admin/applications/${early}/consult-invite`).set(bearer(staff.user.token))).status).toBe(403);
    const invited = await request(t.app).post(`/api/admin/applications/${early}/consult-invite`).set(bearer(staff.coordinator.token));
    expect(invited.body).toMatchObject({ sent: true });
    expect((await request(t.app).post(`/api/admin/applications/${early}/consult-invite`).set(bearer(staff.coordinator.token))).body).toMatchObject({ sent: false });
    expect((await emails(early)).filter((m) => m.kind === "consult_invitation")).toHaveLength(1);
    const open = await slots(early);
    expect(open.status).toBe(200);
    expect((await book(early, open.body[0].start)).status).toBe(201);
  });

  it("gives one slot to exactly one of 50 women booking it at once", async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => passed(`Racer${i}`)));
    const free = (await slots(ids[0] ?? "")).body as { start: string }[];
    const target = free.at(-1)?.start ?? "";
    const answers = await Promise.all(ids.map((id) => book(id, target)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await t.database.db.select().from(consultBookings).where(and(eq(consultBookings.starts_at, new Date(target)), eq(consultBookings.status, "booked")));
    expect(rows).toHaveLength(1);
  });

  // Two server instances share one database only on PostgreSQL (the embedded database has one process).
  if (engine === "postgres") {
    it("gives one slot to one woman when two instances on one database race for it", async () => {
      const url = t.database.url;
      if (!url) throw new Error("no database url");
      const second = await openDatabase({ engine: "postgres", url, poolSize: 4 });
      try {
        const other = await composeRoot({ env: t.env, database: second, logger: createLogger("silent"), now: t.now });
        const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => passed(`Twin${i}`)));
        const target = ((await slots(ids[0] ?? "")).body as { start: string }[]).at(-2)?.start ?? "";
        const answers = await Promise.all(ids.map((id, i) => request(i % 2 === 0 ? t.app : other.app).post(`/api/applicant/${tokenOf(id)}/consult`).send({ start: target })));
        expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      } finally {
        await second.close();
      }
    });
  }

  it("shows staff the day's consults and lets them move and cancel one, audited, with her told", async () => {
    const id = await passed("Rosa");
    const free = (await slots(id)).body as { start: string }[];
    const start = free[0]?.start ?? "";
    expect((await book(id, start)).status).toBe(201);
    const hours = await t.services.consult.readAvailability();
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: hours.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(start));
    const list = await request(t.app).get(`/api/admin/consults?date=${day}`).set(bearer(staff.user.token));
    expect(list.status).toBe(200);
    const item = (list.body.consults as { id: string; applicationId: string; status: string }[]).find((c) => c.applicationId === id);
    expect(item).toMatchObject({ status: "booked", lastName: "Consult" });
    expect((await request(t.app).put(`/api/admin/consults/${item?.id}`).set(bearer(staff.user.token)).send({ start })).status).toBe(403);

    const target = ((await slots(id)).body as { start: string }[]).find((s) => s.start !== start)?.start ?? "";
    const moved = await request(t.app).put(`/api/admin/consults/${item?.id}`).set(bearer(staff.coordinator.token)).send({ start: target });
    expect(moved.status).toBe(200);
    expect((await request(t.app).delete(`/api/admin/consults/${item?.id}`).set(bearer(staff.coordinator.token))).status).toBe(204);
    expect((await request(t.app).delete(`/api/admin/consults/${item?.id}`).set(bearer(staff.coordinator.token))).status).toBe(404);
    const mails = (await emails(id)).filter((m) => m.kind.startsWith("consult_"));
    expect(mails.map((m) => [m.kind, (m.payload as { by: string; sequence: number }).by, (m.payload as { sequence: number }).sequence])).toEqual([
      ["consult_booked", "applicant", 0],
      ["consult_moved", "staff", 1],
      ["consult_cancelled", "staff", 2],
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target_id, id));
    expect(audit.filter((a) => a.action.startsWith("consult_")).map((a) => [a.action, a.actor_username])).toEqual([
      ["consult_book", null],
      ["consult_move", staff.coordinator.username],
      ["consult_cancel", staff.coordinator.username],
    ]);
  });

  it("brings her reminders in line with her booking, and ends her consult with her application (she gets the cancel)", async () => {
    const id = await insertApplicant(t, { first: "Ines", last: "Consult" }, "assessment_invited", { timezone: "America/New_York" });
    await recordReview(t, staff.coordinator.token, id);
    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.coordinator.token)).send({ to: "assessment_passed" }).expect(200);
    const reminders = async () =>
      (await t.database.db.select().from(applicantReminders).where(eq(applicantReminders.application_id, id))).map((r) => `${r.kind}:${r.status}:${r.cancel_reason ?? ""}`).toSorted();
    expect(await reminders()).toEqual(["consult_not_booked:scheduled:"]);

    // A slot more than a day ahead, so the day-before reminder has a time to wait for.
    const later = ((await slots(id)).body as { start: string }[]).find((s) => new Date(s.start).getTime() > t.now().getTime() + 26 * 3600_000);
    expect((await book(id, later?.start ?? "")).status).toBe(201);
    expect(await reminders()).toEqual(["consult_not_booked:cancelled:she_acted", "consult_tomorrow:scheduled:"]);

    await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.coordinator.token)).send({ to: "withdrawn", reason: "She wrote to withdraw" }).expect(200);
    const [booking] = await t.database.db.select().from(consultBookings).where(eq(consultBookings.application_id, id));
    expect([booking?.status, booking?.sequence]).toEqual(["cancelled", 1]);
    expect((await emails(id)).map((m) => m.kind).filter((k) => k.startsWith("consult_"))).toEqual(["consult_booked", "consult_cancelled"]);
    expect((await reminders()).filter((r) => r.includes(":scheduled:"))).toEqual([]);
    expect((await slots(await passed("Nora"))).body.map((s: { start: string }) => s.start)).toContain(later?.start);
  });

  it("leaves no booking of hers after she is erased", async () => {
    const id = await passed("Sofia");
    const free = (await slots(id)).body as { start: string }[];
    expect((await book(id, free[0]?.start ?? "")).status).toBe(201);
    const [app] = await t.database.db.select({ email: applications.email }).from(applications).where(eq(applications.id, id));
    const email = app?.email ?? "";
    const erased = await request(t.app).post("/api/privacy/erase").set(bearer(staff.admin.token)).send({ email, confirmation: email });
    expect(erased.status).toBe(200);
    expect(await t.database.db.select().from(consultBookings).where(eq(consultBookings.application_id, id))).toHaveLength(0);
  });
});
