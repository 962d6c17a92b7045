/**
 * Every mistake recoverable, on both engines (ADR 0090): the moves back with their required reason, back only to
 * where she was out of Not eligible and Withdrawn, never into a place that is not free; Undo within
 * MOVE_UNDO_SECONDS for one record and for a whole bulk move, cancelling the emails still waiting and freeing a place
 * an offer held; 409 once the window has passed, 403 for someone else's move. The app's clock is advanced explicitly.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Stage } from "#core/pipeline/stages";
import { applicationOffers, applications, applicationStageHistory, auditEvents, emailOutbox } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, insertUser, login, insertApplicant, recordReview } from "../../testing/fixtures";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

const applicant = (t: App, stage: Stage, overrides: Partial<typeof applications.$inferInsert> = {}) =>
  insertApplicant(t, { first: "Mira", last: "Undone" }, stage, overrides);

const stageOf = async (t: App, id: string) => (await t.database.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, id)))[0]?.stage;
const queuedFor = (t: App, id: string) =>
  t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.application_id, id), eq(emailOutbox.status, "queued")));

describe.each(TEST_ENGINES)("moves back and undo (%s)", (engine) => {
  let t: App;
  let admin: string;
  let otherAdmin: string;
  let superAdmin: string;

  const move = (token: string, id: string, to: string, reason?: string) =>
    request(t.app)
      .post(`/api/admin/applications/${id}/stage`)
      .set(bearer(token))
      .send(reason === undefined ? { to } : { to, reason });
  const undo = (token: string, id: string) => request(t.app).post(`/api/admin/applications/${id}/stage/undo`).set(bearer(token));

  beforeAll(async () => {
    t = await createTestApp(engine, { PILOT_CAPACITY: "1", OFFER_DAYS: "7", MOVE_UNDO_SECONDS: "60" });
    await insertUser(t, "undo_admin", "admin");
    await insertUser(t, "undo_other", "admin");
    await insertUser(t, "undo_super", "super_admin");
    admin = await login(t, "undo_admin");
    otherAdmin = await login(t, "undo_other");
    superAdmin = await login(t, "undo_super");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("takes back each move back with a reason only (400 without), written in the history and the audit log", async () => {
    const cases: Array<[Stage, Stage]> = [
      ["assessment_invited", "reviewing"],
      ["assessment_passed", "assessment_invited"],
      ["waitlisted", "reviewing"],
    ];
    for (const [from, to] of cases) {
      const id = await applicant(t, from);
      const refused = await move(admin, id, to);
      expect(refused.status, `${from} → ${to}`).toBe(400);
      expect(refused.body.errors.reason).toEqual(["A move back needs a reason"]);
      expect(await stageOf(t, id)).toBe(from);
      const res = await move(admin, id, to, "Invited by mistake");
      expect(res.status, `${from} → ${to}`).toBe(200);
      expect(res.body.stage).toBe(to);
      const history = await t.database.db.select().from(applicationStageHistory).where(eq(applicationStageHistory.application_id, id));
      expect(history.map((h) => [h.from_stage, h.to_stage, h.reason])).toEqual([[from, to, "Invited by mistake"]]);
      // A move back sends her nothing.
      expect(await queuedFor(t, id)).toHaveLength(0);
    }
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, "stage_move"));
    expect(audit.filter((a) => (a.detail as { withReason?: boolean }).withReason).length).toBeGreaterThanOrEqual(3);
  });

  it("out of Not eligible and Withdrawn goes back only to where she was", async () => {
    const id = await applicant(t, "reviewing");
    await move(admin, id, "assessment_invited").expect(200);
    await recordReview(t, admin, id, "not_eligible");
    await move(admin, id, "not_eligible").expect(200);
    const wrong = await move(admin, id, "reviewing", "Wrong button");
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('She was in "Assessment invited" before "Not eligible": she can go back only there');
    await move(admin, id, "assessment_invited", "Wrong button").expect(200);
    await move(admin, id, "withdrawn").expect(200);
    await move(admin, id, "new", "She did not withdraw").expect(409);
    const back = await move(admin, id, "assessment_invited", "She did not withdraw");
    expect(back.status).toBe(200);
    expect(back.body.stage).toBe("assessment_invited");
  });

  it("never moves back into a place that is not free: the database still holds the capacity", async () => {
    const holder = await applicant(t, "enrolled");
    const other = await applicant(t, "assessment_passed");
    await move(admin, holder, "withdrawn").expect(200);
    // The freed place goes to someone else first.
    await move(admin, other, "offered").expect(200);
    const refused = await move(admin, holder, "enrolled", "Withdrawn by mistake");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("All 1 places are taken or offered");
    expect(await stageOf(t, holder)).toBe("withdrawn");
    // Once the place is free again, she gets it back.
    await move(admin, other, "withdrawn").expect(200);
    await move(admin, holder, "enrolled", "Withdrawn by mistake").expect(200);
    const summary = await request(t.app).get("/api/admin/pipeline").set(bearer(admin));
    expect(summary.body.taken).toBe(1);
    await move(admin, holder, "withdrawn").expect(200);
  });

  it("undoes a move within the window: the stage back, its email cancelled, an offer's place free again", async () => {
    const id = await applicant(t, "assessment_passed");
    const offered = await move(admin, id, "offered");
    expect(offered.status).toBe(200);
    expect(offered.body.undoUntil).toEqual(expect.any(String));
    const [held] = await queuedFor(t, id);
    expect(held?.kind).toBe("place_offer");
    // Held for the window: not due before it ends.
    expect(held!.next_attempt_at.getTime()).toBeGreaterThan(t.now().getTime() + 55_000);

    // Someone else's move: only its author or a super admin.
    await undo(otherAdmin, id).expect(403);
    t.advance(30_000);
    const undone = await undo(admin, id);
    expect(undone.status).toBe(200);
    expect(undone.body.stage).toBe("assessment_passed");
    expect(undone.body.undoUntil).toBeNull();
    expect(await queuedFor(t, id)).toHaveLength(0);
    const offers = await t.database.db.select().from(applicationOffers).where(eq(applicationOffers.application_id, id));
    expect(offers.map((o) => o.outcome)).toEqual(["undone"]);
    const summary = await request(t.app).get("/api/admin/pipeline").set(bearer(admin));
    expect(summary.body.taken).toBe(0);
    const history = await t.database.db.select().from(applicationStageHistory).where(eq(applicationStageHistory.application_id, id));
    expect(history.find((h) => h.to_stage === "offered")?.undone_at).not.toBeNull();
    expect(history.find((h) => h.undo_of !== null)).toMatchObject({ from_stage: "offered", to_stage: "assessment_passed", reason: "Undo" });
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "stage_undo"), eq(auditEvents.target_id, id)));
    expect(audit?.detail).toMatchObject({ cancelledEmails: 1 });
    // A second undo finds nothing to take back.
    await undo(admin, id).expect(409);
  });

  it("refuses an undo once the window has passed (409), and a super admin may undo anyone's move", async () => {
    const late = await applicant(t, "reviewing");
    await move(admin, late, "assessment_invited").expect(200);
    t.advance(61_000);
    admin = await login(t, "undo_admin");
    superAdmin = await login(t, "undo_super");
    const refused = await undo(admin, late);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The time to undo this move has passed: move her back instead, with a reason");
    expect(await stageOf(t, late)).toBe("assessment_invited");

    const mine = await applicant(t, "reviewing");
    await move(admin, mine, "not_eligible").expect(200);
    await undo(superAdmin, mine).expect(200);
    expect(await stageOf(t, mine)).toBe("reviewing");
    expect(await queuedFor(t, mine)).toHaveLength(0);
  });

  it("undoes a whole bulk invitation: every move taken back and every invitation cancelled", async () => {
    admin = await login(t, "undo_admin");
    const ids = await Promise.all(Array.from({ length: 5 }, () => applicant(t, "reviewing")));
    const before = t.now().getTime();
    const invited = await request(t.app).post("/api/admin/applications/bulk").set(bearer(admin)).send({ action: "invite", ids });
    const after = t.now().getTime();
    expect(invited.body).toEqual({ done: 5, refused: [], undoUntil: expect.any(String) });
    // Undo of the whole stands until the first move's window ends: 60 s from the action's start, never later than
    // any of its moves' own windows (their emails wait at least so long).
    const until = new Date(invited.body.undoUntil as string).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 60_000);
    expect(until).toBeLessThanOrEqual(after + 60_000);
    for (const id of ids) {
      const [held] = await queuedFor(t, id);
      expect(held?.kind).toBe("assessment_invitation");
      expect(held!.next_attempt_at.getTime()).toBeGreaterThanOrEqual(until);
    }
    const undone = await request(t.app).post("/api/admin/applications/bulk").set(bearer(admin)).send({ action: "undo", ids });
    expect(undone.body).toEqual({ done: 5, refused: [], undoUntil: null });
    for (const id of ids) {
      expect(await stageOf(t, id)).toBe("reviewing");
      expect(await queuedFor(t, id)).toHaveLength(0);
    }
  });

  it("puts a waitlisted woman back at her place in the order when her offer is undone", async () => {
    admin = await login(t, "undo_admin");
    const first = await applicant(t, "waitlisted", { waitlist_rank: Date.UTC(2018, 0, 1) });
    const second = await applicant(t, "waitlisted", { waitlist_rank: Date.UTC(2018, 0, 2) });
    await move(admin, first, "offered").expect(200);
    expect((await request(t.app).get(`/api/admin/applications/${second}`).set(bearer(admin))).body.waitlistPosition).toBe(1);
    await undo(admin, first).expect(200);
    expect((await request(t.app).get(`/api/admin/applications/${first}`).set(bearer(admin))).body.waitlistPosition).toBe(1);
    expect((await request(t.app).get(`/api/admin/applications/${second}`).set(bearer(admin))).body.waitlistPosition).toBe(2);
  });
});
