/**
 * The pilot's live settings on both engines (ADR 0091): capacity, enrollment window and assessment instructions
 * read by every staff role and changed by super admins alone (audited, validated, never below the places taken);
 * the public status (open, not open, closed, full); moves that read the live capacity under the quota lock; the
 * assessment invitation with the instructions; the confirmation email with the live places; and the closing
 * letter to the waitlist, once per close.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import type { Stage } from "#core/pipeline/stages";
import { auditEvents, emailOutbox } from "../../server/db/schema";
import { renderEmail, type OutboxKind, type PayloadByKind } from "../../server/services/mail-templates";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, type StaffMember, validApplication, insertApplicant } from "../../testing/fixtures";

const MAIL = { siteUrl: "https://ovella.example", unsubscribeUrl: undefined } as never;
const DAY = 86_400_000;

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

/** One of her kind, stored straight into a stage; 38 when she must not meet the criteria. */
const applicant = (t: App, stage: Stage, eligible = true) => insertApplicant(t, { first: "Ines", last: "Settingsby" }, stage, eligible ? {} : { age: 38 });

const emailsOf = (t: App, id: string, kind: OutboxKind) =>
  t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)));

/** A PUT body: the first values but what a test changes. */
const settings = (overrides: Record<string, unknown> = {}) => ({
  capacity: 3,
  enrollmentOpensAt: null,
  enrollmentClosesAt: null,
  assessmentInstructions: "",
  ...overrides,
});

describe.each(TEST_ENGINES)("the pilot's live settings (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;
  const put = (body: unknown, who: Role = "super_admin") => request(t.app).put("/api/admin/pilot").set(bearer(staff[who].token)).send(body as object);
  const move = (id: string, to: Stage) => request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(staff.admin.token)).send({ to });
  const publicStatus = async () => {
    await t.services.pipeline.pilot.refresh();
    return (await request(t.app).get("/api/pilot")).body as { capacity: number; status: string };
  };

  beforeAll(async () => {
    const closes = new Date(Date.now() + 30 * DAY).toISOString();
    t = await createTestApp(engine, { PILOT_CAPACITY: "3", PILOT_ENROLLMENT_CLOSES_AT: closes });
    staff = await createStaff(t, "pilot");
  });
  afterAll(async () => {
    await t.close();
  });

  it("starts from the environment's first values, open, and every staff role reads them", async () => {
    const res = await request(t.app).get("/api/pilot");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ capacity: 3, status: "open", enrollmentOpensAt: null });
    expect(Date.parse(res.body.enrollmentClosesAt)).toBeGreaterThan(Date.now());
    for (const role of ["user", "coordinator", "admin", "super_admin"] as const) {
      const read = await request(t.app).get("/api/admin/pilot").set(bearer(staff[role].token));
      expect(read.status, role).toBe(200);
      expect(read.body).toMatchObject({ capacity: 3, taken: 0, status: "open", assessmentInstructions: "", updatedAt: null });
    }
    expect((await request(t.app).get("/api/admin/pilot")).status).toBe(401);
  });

  it("lets only super admins change them", async () => {
    for (const role of ["user", "coordinator", "admin"] as const) {
      expect((await put(settings({ capacity: 9 }), role)).status, role).toBe(403);
    }
    expect((await request(t.app).put("/api/admin/pilot").send(settings())).status).toBe(401);
    expect((await request(t.app).get("/api/admin/pilot").set(bearer(staff.super_admin.token))).body.capacity).toBe(3);
  });

  it("refuses a window that closes before it opens, no places, and impossible dates, naming the field", async () => {
    const backwards = await put(settings({ enrollmentOpensAt: "2026-12-31T00:00:00Z", enrollmentClosesAt: "2026-12-01T00:00:00Z" }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.enrollmentClosesAt).toEqual(["Enrollment must close after it opens"]);
    const none = await put(settings({ capacity: 0 }));
    expect(none.status).toBe(400);
    expect(none.body.errors.capacity).toEqual(["The pilot needs at least 1 place"]);
    const yearZero = await put(settings({ enrollmentClosesAt: "0000-01-01T00:00:00Z" }));
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.errors.enrollmentClosesAt[0]).toMatch(/year between 1900 and 9999/);
    const noZone = await put(settings({ enrollmentClosesAt: "2026-12-31T23:59" }));
    expect(noZone.status).toBe(400);
    expect(noZone.body.errors.enrollmentClosesAt[0]).toMatch(/with its zone/);
  });

  it("changes the capacity the moves read, audited with before and after; never below the places taken", async () => {
    const first = await applicant(t, "assessment_passed");
    const second = await applicant(t, "assessment_passed");
    expect((await move(first, "offered")).status).toBe(200);
    expect((await move(second, "offered")).status).toBe(200);
    const below = await put(settings({ capacity: 1 }));
    expect(below.status).toBe(409);
    expect(below.body.message).toBe("2 places are already taken or offered: the pilot cannot have fewer than 2");

    const lowered = await put(settings({ capacity: 2 }));
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ capacity: 2, taken: 2, status: "full" });
    expect(await publicStatus()).toMatchObject({ capacity: 2, status: "full" });
    const third = await applicant(t, "assessment_passed");
    const refused = await move(third, "offered");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("All 2 places are taken or offered");

    expect((await put(settings({ capacity: 4 }))).status).toBe(200);
    expect((await move(third, "offered")).status).toBe(200);
    expect(await publicStatus()).toMatchObject({ capacity: 4, status: "open" });

    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "pilot_settings_change"));
    expect(audits.map((a) => a.detail)).toEqual([
      { capacity: { from: 3, to: 2 }, enrollmentClosesAt: { from: expect.any(String), to: null } },
      { capacity: { from: 2, to: 4 } },
    ]);
    expect(audits.every((a) => a.actor_username === staff.super_admin.username && a.target_type === "pilot")).toBe(true);
  });

  it("says not open before the window, closed after it, and the form's confirmation says she joined the waitlist", async () => {
    const opens = new Date(Date.now() + 2 * DAY).toISOString();
    expect((await put(settings({ capacity: 10, enrollmentOpensAt: opens, enrollmentClosesAt: new Date(Date.now() + 9 * DAY).toISOString() }))).body.status).toBe("not_open");
    expect((await request(t.app).get("/api/pilot")).body.status).toBe("not_open");

    const closed = await put(settings({ capacity: 10, enrollmentClosesAt: new Date(Date.now() - DAY).toISOString() }));
    expect(closed.body.status).toBe("closed");
    const submitted = await request(t.app).post("/api/applications").send(validApplication({ email: "late.applicant@example.com" }));
    expect(submitted.status).toBe(201);
    const [confirmation] = await emailsOf(t, submitted.body.id, "application_confirmation");
    expect(confirmation?.payload).toMatchObject({ capacity: 10, toWaitlist: true });
    const rendered = await renderEmail("application_confirmation", confirmation?.payload as unknown as PayloadByKind["application_confirmation"], MAIL);
    expect(rendered.text).toContain("You are on the priority waitlist");
    expect(rendered.text).toContain("limited to 10 women");
  });

  it("puts the assessment instructions in the invitation, each line its own paragraph", async () => {
    const changed = await put(settings({ capacity: 10, assessmentInstructions: "Book your blood test within 7 days.\nBring a photo ID." }));
    expect(changed.status).toBe(200);
    const audit = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "pilot_settings_change"))).at(-1);
    // The audit says the instructions changed, not what they say.
    expect(audit?.detail).toMatchObject({ assessmentInstructions: { changed: true } });
    const id = await applicant(t, "reviewing");
    expect((await move(id, "assessment_invited")).status).toBe(200);
    const [invitation] = await emailsOf(t, id, "assessment_invitation");
    expect(invitation?.payload).toMatchObject({ instructions: "Book your blood test within 7 days.\nBring a photo ID." });
    const rendered = await renderEmail("assessment_invitation", invitation?.payload as unknown as PayloadByKind["assessment_invitation"], MAIL);
    expect(rendered.text).toMatch(/Book your blood test within 7 days\.\s*\n\s*\n?\s*Bring a photo ID\./);
  });
  it("writes the closing letter to every woman still waiting, once per close, and again after a new close", async () => {
    const waiting = await applicant(t, "waitlisted");
    const notEligible = await applicant(t, "waitlisted", false);
    const reviewing = await applicant(t, "reviewing");
    // No letter while the window is open; the window closes (an hour ago).
    expect((await t.services.pipeline.pilot.sendClosingLetters()).sent).toBe(0);
    expect((await put(settings({ capacity: 10, enrollmentClosesAt: new Date(Date.now() - 3_600_000).toISOString() }))).status).toBe(200);
    const first = await t.services.pipeline.pilot.sendClosingLetters();
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const [letter] = await emailsOf(t, waiting, "pilot_closed_notice");
    expect(letter?.payload).toEqual({ firstName: expect.stringMatching(/^Ines/), eligible: true });
    expect((await emailsOf(t, notEligible, "pilot_closed_notice"))[0]?.payload).toMatchObject({ eligible: false });
    expect(await emailsOf(t, reviewing, "pilot_closed_notice")).toHaveLength(0);
    const text = (await renderEmail("pilot_closed_notice", letter?.payload as unknown as PayloadByKind["pilot_closed_notice"], MAIL)).text;
    expect(text).toContain("Enrollment in the Ovella pilot has now closed");
    expect(text).toContain("You stay on our priority waitlist");

    expect((await t.services.pipeline.pilot.sendClosingLetters()).sent).toBe(0);
    // Reopened (no letter while open), then closed again: the waitlist hears of the new close.
    await put(settings({ capacity: 10, enrollmentClosesAt: new Date(Date.now() + DAY).toISOString() }));
    expect((await t.services.pipeline.pilot.sendClosingLetters()).sent).toBe(0);
    t.advance(2 * DAY);
    expect((await t.services.pipeline.pilot.sendClosingLetters()).sent).toBeGreaterThanOrEqual(2);
    expect(await emailsOf(t, waiting, "pilot_closed_notice")).toHaveLength(2);
  });

});
