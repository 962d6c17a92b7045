/**
 * The assessment step (ADR 0101), on both engines: staff record the kit's progress and a review (a scorecard) only
 * while she is invited; a pass or a not-eligible decision out of the assessment is refused (409, code
 * review_required) until a review is written since she was invited, on every path; she says she has sent her kit on
 * her page (safe to repeat); the history and the audit log show who and when.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#core/options";
import { REVIEW_REASON_MAX, REVIEW_REQUIRED_CODE } from "#core/pipeline/assessment";
import { applications, assessmentSteps, auditEvents } from "../../server/db/schema";
import { signPageToken } from "../../server/services/applicant-page-token";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, createStaff, insertApplicant, type StaffMember } from "../../testing/fixtures";

const SECRET = "assessment-review-secret-0123456789abcdef";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("the assessment step and its review gate (%s)", (engine) => {
  let t: App;
  let staff: Record<Role, StaffMember>;
  const as = (role: Role) => bearer(staff[role].token);
  const move = (id: string, to: string, role: Role = "coordinator", reason?: string) =>
    request(t.app).post(`/api/admin/applications/${id}/stage`).set(as(role)).send({ to, reason });
  const step = (id: string, status: unknown, role: Role = "coordinator") =>
    request(t.app).post(`/api/admin/applications/${id}/assessment`).set(as(role)).send({ status });
  const review = (id: string, body: Record<string, unknown>, role: Role = "coordinator") =>
    request(t.app).post(`/api/admin/applications/${id}/review`).set(as(role)).send(body);
  const PASS = { meetsCriteria: true, recommendation: "pass", reason: "  AMH within the range; no contraindication  " };

  /** An applicant moved into the assessment by staff (so her invitation is in the history). */
  async function invited(): Promise<string> {
    const id = await insertApplicant(t, { first: "Ada", last: "Assess" }, "reviewing");
    await move(id, "assessment_invited").expect(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { UNSUBSCRIBE_SECRET: SECRET, PILOT_CAPACITY: "5" });
    staff = await createStaff(t, "assess");
  });
  afterAll(async () => {
    await t.close();
  });

  it("records the kit's progress (selection staff only, only at the assessment), audited, in order", async () => {
    const id = await invited();
    expect((await step(id, "kit_sent", "user")).status).toBe(403);
    expect((await step(id, "lost_in_post")).status).toBe(400);
    const sent = await step(id, "kit_sent");
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kit: "kit_sent", reviewed: false, steps: [{ status: "kit_sent", by: staff.coordinator.username }] });
    const received = await step(id, "kit_received", "admin");
    expect(received.body.kit).toBe("kit_received");
    expect(received.body.steps.map((s: { status: string }) => s.status)).toEqual(["kit_sent", "kit_received"]);
    const read = await request(t.app).get(`/api/admin/applications/${id}/assessment`).set(as("user"));
    expect(read.status).toBe(200);
    expect(read.body.steps).toHaveLength(2);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "assessment_step")));
    expect(audit.map((a) => [a.actor_username, a.detail])).toEqual([
      [staff.coordinator.username, { status: "kit_sent" }],
      [staff.admin.username, { status: "kit_received" }],
    ]);
    const elsewhere = await insertApplicant(t, { first: "Ada", last: "Assess" }, "reviewing");
    const refused = await step(elsewhere, "kit_sent");
    expect(refused.status).toBe(409);
    expect((await step("00000000-0000-4000-8000-000000000000", "kit_sent")).status).toBe(404);
  });

  it("validates a review: a boolean, a known recommendation, a reason required, trimmed and bounded; only at the assessment", async () => {
    const id = await invited();
    expect((await review(id, PASS, "user")).status).toBe(403);
    const empty = await review(id, { meetsCriteria: true, recommendation: "pass", reason: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toEqual(["Give the reason for the recommendation"]);
    expect((await review(id, { ...PASS, meetsCriteria: "yes" })).body.errors.meetsCriteria).toBeDefined();
    expect((await review(id, { ...PASS, recommendation: "maybe" })).body.errors.recommendation).toBeDefined();
    expect((await review(id, { ...PASS, reason: "x".repeat(REVIEW_REASON_MAX + 1) })).status).toBe(400);
    const written = await review(id, PASS);
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ meetsCriteria: true, recommendation: "pass", reason: "AMH within the range; no contraindication", by: staff.coordinator.username });
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "assessment_review")));
    // The audit says what was decided, never the reason's words.
    expect(audit?.detail).toEqual({ meetsCriteria: true, recommendation: "pass" });
    const notInvited = await insertApplicant(t, { first: "Ada", last: "Assess" }, "reviewing");
    expect((await review(notInvited, PASS)).status).toBe(409);
  });

  it("refuses a pass or a not-eligible decision until a review exists, then lets it through; the record shows both", async () => {
    const id = await invited();
    for (const to of ["assessment_passed", "not_eligible"]) {
      const refused = await move(id, to);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: expect.stringContaining("Record a review"), code: REVIEW_REQUIRED_CODE });
    }
    // A withdrawal needs no review.
    await review(id, { meetsCriteria: false, recommendation: "not_eligible", reason: "Outside the criteria" }).expect(201);
    const passed = await move(id, "assessment_passed");
    expect(passed.status).toBe(200);
    const view = await request(t.app).get(`/api/admin/applications/${id}/assessment`).set(as("coordinator"));
    expect(view.body.reviews).toEqual([expect.objectContaining({ recommendation: "not_eligible", reason: "Outside the criteria", by: staff.coordinator.username, at: expect.any(String) })]);
  });

  it("asks for a new review after she is moved back into the assessment, on every path (bulk and API keys alike)", async () => {
    const id = await invited();
    await review(id, PASS).expect(201);
    await move(id, "assessment_passed").expect(200);
    t.advance(1000);
    await move(id, "assessment_invited", "coordinator", "The lab asked for a second sample").expect(200);
    expect((await move(id, "assessment_passed")).status).toBe(409);
    const viewed = await request(t.app).get(`/api/admin/applications/${id}/assessment`).set(as("coordinator"));
    expect(viewed.body.reviewed).toBe(false);
    // The service refuses whatever called it.
    await expect(t.services.pipeline.move({ applicationId: id, to: "not_eligible", actor: { id: staff.admin.id, username: staff.admin.username } })).rejects.toMatchObject({
      kind: "conflict",
      code: REVIEW_REQUIRED_CODE,
    });
    t.advance(1000);
    await review(id, PASS).expect(201);
    await move(id, "assessment_passed").expect(200);
  });

  it("lets her say on her page that she has sent her kit, once, audited as her page action; shown in plain words", async () => {
    const id = await invited();
    const token = signPageToken(SECRET, id, t.now());
    const before = await request(t.app).get(`/api/applicant/${token}`);
    expect(before.body.kit).toEqual({ step: null, words: expect.stringContaining("waiting for your kit") });
    const done = await t.services.applicant.act(token, "kit_sent");
    expect(done).toMatchObject({ done: "kit_sent", kit: { step: "kit_sent", words: expect.stringContaining("sent your kit") } });
    expect(await t.services.applicant.act(token, "kit_sent")).toMatchObject({ done: "kit_sent", kit: { step: "kit_sent" } });
    const rows = await t.database.db.select().from(assessmentSteps).where(eq(assessmentSteps.application_id, id));
    expect(rows.map((r) => [r.status, r.actor_username])).toEqual([["kit_sent", null]]);
    const page = await request(t.app).get(`/api/applicant/${token}`);
    expect(page.body.kit).toEqual({ step: "kit_sent", words: expect.stringContaining("sent your kit") });
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target_id, id), eq(auditEvents.action, "applicant_page_action")));
    expect(audit[0]).toMatchObject({ actor_username: null, detail: { action: "kit_sent" } });
    // The record lists her step with no staff name.
    const view = await request(t.app).get(`/api/admin/applications/${id}/assessment`).set(as("coordinator"));
    expect(view.body.steps).toEqual([expect.objectContaining({ status: "kit_sent", by: null })]);
    // Past the assessment the button does nothing.
    await t.database.db.update(applications).set({ stage: "assessment_passed" }).where(eq(applications.id, id));
    expect(await t.services.applicant.act(token, "kit_sent")).toMatchObject({ done: "nothing", kit: null });
  });
});
