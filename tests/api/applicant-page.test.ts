/**
 * Her own page behind a private link (ADR 0098), on both engines: every email to her carries the link; the link
 * shows where she stands and changes nothing; she answers an offer and withdraws (staff told, a place she held goes
 * to the next woman waiting); a fresh link is emailed on request without saying whether the address is known; staff
 * revoke the links; an expired, forged or deleted application's link opens nothing.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import type { Stage } from "#core/pipeline/stages";
import { applications, auditEvents, emailOutbox } from "../../server/db/schema";
import { PAGE_LINK_TTL_MS, signPageToken } from "../../server/services/applicant-page-token";
import { composeEmail } from "../../server/services/outbox/compose";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication } from "../../testing/fixtures";

const SECRET = "applicant-page-secret-0123456789abcdef";
const SITE = "https://ovella.example";
const TEAM = "pilot-team@ovella.example";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("the applicant's own page (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;
  const tokenOf = (id: string) => signPageToken(SECRET, id, t.now());
  const view = (token: string) => request(t.app).get(`/api/applicant/${token}`);
  const move = (id: string, to: Stage) => request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.admin.token)).send({ to });
  const emails = (id: string, kind: string) =>
    t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)));

  async function apply(email: string): Promise<string> {
    const res = await request(t.app).post("/api/applications").send(validApplication({ email, firstName: "Lucia" }));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function passed(email: string): Promise<string> {
    const id = await apply(email);
    await t.database.db.update(applications).set({ stage: "assessment_passed" }).where(eq(applications.id, id));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PUBLIC_SITE_URL: SITE, STAFF_NOTIFY_TO: TEAM, PILOT_CAPACITY: "1" });
    staff = await createStaff(t, "page");
  });
  afterAll(async () => {
    await t.close();
  });

  it("puts the link to her page in every email to her, and the link shows where she stands", async () => {
    const id = await apply("lucia.page@example.com");
    const [confirmation] = await emails(id, "application_confirmation");
    if (!confirmation) throw new Error("no confirmation queued");
    const mail = await composeEmail(confirmation, { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET }, { marketingConsent: false, now: t.now() });
    const link = /https:\/\/ovella\.example\/a\/([A-Za-z0-9_-]{48})/.exec(String(mail.text));
    expect(link, "the plain-text part names her page").not.toBeNull();
    expect(String(mail.html)).toContain(`/a/${link?.[1]}`);
    const page = await view(link?.[1] ?? "");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toEqual({
      stage: "new",
      heading: "We are reading your application",
      nextStep: expect.stringContaining("You do not need to do anything now."),
      offer: null,
      instructions: null,
      canWithdraw: true,
      consult: null,
      kit: null,
    });
    // A staff alert carries no link to her page.
    const [alert] = await emails(id, "staff_application_alert");
    if (!alert) throw new Error("no staff alert queued");
    const staffMail = await composeEmail(alert, { siteUrl: SITE, mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: SECRET }, { marketingConsent: false, now: t.now() });
    expect(String(staffMail.text)).not.toContain("/a/");
  });

  it("lets her accept her offer on her page, once; staff are told", async () => {
    const id = await passed("lucia.accepts@example.com");
    expect((await move(id, "offered")).status).toBe(200);
    const token = tokenOf(id);
    const before = await view(token);
    expect(before.body).toMatchObject({ stage: "offered", heading: "A place in the pilot is yours", offer: { expiresAt: expect.any(String), timeZone: expect.any(String) } });
    const accepted = await t.services.applicant.act(token, "accept");
    expect(accepted).toMatchObject({ state: "open", stage: "enrolled", done: "accept", offer: null });
    expect(await t.services.applicant.act(token, "accept")).toMatchObject({ stage: "enrolled", done: "nothing" });
    const alerts = await emails(id, "staff_selection_alert");
    expect(alerts.map((a) => (a.payload as { event: string }).event)).toEqual(["accepted"]);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "applicant_page_action"), eq(auditEvents.target_id, id)));
    expect(audit.map((a) => a.detail)).toEqual([{ action: "accept" }]);
  });

  it("lets her withdraw: the place she held goes to the next woman waiting, and one alert tells staff both", async () => {
    // The one place is taken by the enrolled woman above: free it by another route first.
    await t.database.db.update(applications).set({ stage: "withdrawn" }).where(eq(applications.stage, "enrolled"));
    const holder = await passed("lucia.withdraws@example.com");
    expect((await move(holder, "offered")).status).toBe(200);
    const next = await apply("lucia.next@example.com");
    await t.database.db.update(applications).set({ stage: "waitlisted", waitlist_rank: 1 }).where(eq(applications.id, next));

    const done = await t.services.applicant.act(tokenOf(holder), "withdraw");
    expect(done).toMatchObject({ stage: "withdrawn", canWithdraw: false, done: "withdraw", heading: "Your application is withdrawn" });
    expect((await t.database.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, next)))[0]?.stage).toBe("offered");
    const [alert] = await emails(holder, "staff_selection_alert");
    expect(alert?.recipients).toEqual([TEAM]);
    expect(alert?.payload).toMatchObject({ event: "withdrawn", placeWentTo: { applicationId: next } });
    // She withdrew herself: no "we have withdrawn you" letter.
    expect(await emails(holder, "withdrawal_notice")).toHaveLength(0);
    expect(await t.services.applicant.act(tokenOf(holder), "withdraw")).toMatchObject({ done: "nothing" });
  });

  it("emails a fresh link to a known address and answers the same for an unknown one", async () => {
    const id = await apply("lucia.lost@example.com");
    const known = await request(t.app).post("/api/applicant/link").send({ email: "Lucia.Lost@Example.com" });
    const unknown = await request(t.app).post("/api/applicant/link").send({ email: "nobody.here@example.com" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await emails(id, "applicant_link")).toHaveLength(1);
    const bad = await request(t.app).post("/api/applicant/link").send({ email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(["Please enter a valid email address"]);
  });

  it("opens nothing for a forged, expired, revoked or deleted application's link", async () => {
    const id = await apply("lucia.revoked@example.com");
    const old = tokenOf(id);
    expect((await view(old)).status).toBe(200);
    expect((await view(`${old.slice(0, -1)}${old.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
    expect((await view("not-a-token")).status).toBe(404);
    expect((await view(signPageToken(SECRET, id, new Date(t.now().getTime() - PAGE_LINK_TTL_MS - 1000)))).status).toBe(404);

    expect((await request(t.app).post(`/api/admin/applications/${id}/page-links/revoke`).set(bearer(staff.user.token))).status).toBe(403);
    expect((await request(t.app).post(`/api/admin/applications/${id}/page-links/revoke`).set(bearer(staff.coordinator.token))).status).toBe(204);
    expect((await view(old)).status).toBe(404);
    expect(await t.services.applicant.act(old, "withdraw")).toEqual({ state: "invalid" });
    t.advance(2000);
    expect((await view(tokenOf(id))).status).toBe(200);

    expect((await request(t.app).delete(`/api/admin/applications/${id}`).set(bearer(staff.admin.token))).status).toBe(204);
    expect((await view(tokenOf(id))).status).toBe(404);
  });
});
