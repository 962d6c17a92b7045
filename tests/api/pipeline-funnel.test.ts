/**
 * The selection's funnel and waits on both engines (core/pipeline/funnel.ts, ADR 0069): applicants with
 * sources, campaigns and form sources moved through the stages with the real stage call; the counts at
 * each step (whoever ever reached it, including rows stored straight into a stage), the rates, the
 * split by each group, the zero-filled daily series and its window; then the stuck list, the medians
 * of time in stage from old history rows, and PIPELINE_STUCK_DAYS.
 */
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Funnel, type FunnelRow, funnelSchema, type Stuck, stuckSchema } from "#core/contracts/funnel";
import { ADVANCED_STAGES, STAGES_AFTER_FURTHER_STEPS, STUCK_STAGES } from "#core/pipeline/funnel";
import type { Stage } from "#core/pipeline/stages";
import { readEnv } from "../../server/config/env";
import { applications, applicationStageHistory } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, insertUser, login, recordReview } from "../../testing/fixtures";

const DAY = 86_400_000;

let serial = 0;
async function applicant(t: TestApp, values: Partial<typeof applications.$inferInsert> = {}): Promise<string> {
  serial++;
  const [row] = await t.database.db
    .insert(applications)
    .values({
      firstName: `Fay${serial}`,
      lastName: "Funnel",
      email: `fay${serial}@example.com`,
      age: 29,
      state: "California",
      zipCode: "94110",
      interestLevel: "Actively researching",
      formSource: "main page",
      ...values,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

/** Moves through the stages with the stage call, each step answered 200 (a decision out of the assessment reviewed first). */
async function walk(t: TestApp, token: string, id: string, stages: Stage[]): Promise<void> {
  for (const [i, to] of stages.entries()) {
    if (stages[i - 1] === "assessment_invited" && (to === "assessment_passed" || to === "not_eligible")) {
      await recordReview(t, token, id, to === "assessment_passed" ? "pass" : "not_eligible");
    }
    const res = await request(t.app).post(`/api/admin/applications/${id}/stage`).set(bearer(token)).send({ to });
    expect(res.status, `${to}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

const counts = (row: FunnelRow | undefined) => row?.steps.map((s) => s.count);
const rates = (row: FunnelRow | undefined) => row?.steps.map((s) => (s.rate === null ? null : Math.round(s.rate * 1000) / 1000));
const groupOf = (funnel: Funnel, group: string | null) => funnel.groups.find((g) => g.group === group && !g.other);

const TO_ENROLLED: Stage[] = ["reviewing", "assessment_invited", "assessment_passed", "offered", "enrolled"];

describe.each(TEST_ENGINES)("the funnel (%s)", (engine) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let today: number;
  const day = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertUser(t, "funnel_admin", "admin");
    await insertUser(t, "funnel_user", "user");
    admin = await login(t, "funnel_admin");
    user = await login(t, "funnel_user");
    const now = t.now();
    today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const at = (daysAgo: number) => new Date(today - daysAgo * DAY + 12 * 3600_000);
    const facebook = { traffic_source: "facebook_ads", utm_campaign: "spring", formSource: "main page" };
    const google = { traffic_source: "google_ads", utm_campaign: "autumn", formSource: "tiktok" };

    // facebook/spring: 4 applied, 3 invited, 2 passed, 2 offered (one by promotion, below), 1 enrolled.
    const f = [
      await applicant(t, { ...facebook, submitted_at: at(0) }),
      await applicant(t, { ...facebook, submitted_at: at(0) }),
      await applicant(t, { ...facebook, submitted_at: at(1) }),
      await applicant(t, { ...facebook, submitted_at: at(1) }),
    ];
    await walk(t, admin, f[0]!, TO_ENROLLED);
    await walk(t, admin, f[1]!, ["reviewing", "assessment_invited", "assessment_passed", "waitlisted"]);
    await walk(t, admin, f[2]!, ["reviewing", "assessment_invited", "not_eligible"]);
    await walk(t, admin, f[3]!, ["reviewing", "withdrawn"]);
    // google/autumn: one offered from the waitlist, then declined (she reached "offered"; the history
    // proves no invitation, yet the step after it counts her everywhere before); one only applied.
    // Her decline offers the place to the first waitlisted applicant: facebook's second, automatically.
    const g = [await applicant(t, { ...google, submitted_at: at(89) }), await applicant(t, { ...google, submitted_at: at(90) })];
    await walk(t, admin, g[0]!, ["reviewing", "waitlisted", "offered", "declined"]);
    // Stored straight into a stage (an import, the demo seed): no history, the stage itself counts.
    await applicant(t, { traffic_source: "organic", formSource: "tiktok", stage: "assessment_passed", submitted_at: at(2) });
    // No source, no campaign; enrolled then withdrawn still counts as enrolled.
    const n = await applicant(t, { submitted_at: at(200) });
    await walk(t, admin, n, [...TO_ENROLLED, "withdrawn"]);
  });
  afterAll(() => t.close());

  it("counts whoever ever reached each step, with rates, in total and by traffic source", async () => {
    const res = await request(t.app).get("/api/admin/pipeline/funnel").set(bearer(user));
    expect(res.status).toBe(200);
    const funnel = funnelSchema.parse(res.body);
    expect(funnel.by).toBe("source");
    expect(counts(funnel.total)).toEqual([8, 6, 5, 4, 2]);
    expect(rates(funnel.total)).toEqual([null, 0.75, 0.833, 0.8, 0.5]);
    expect(funnel.total.overall).toBeCloseTo(2 / 8);
    expect(counts(groupOf(funnel, "facebook_ads"))).toEqual([4, 3, 2, 2, 1]);
    expect(rates(groupOf(funnel, "facebook_ads"))).toEqual([null, 0.75, 0.667, 1, 0.5]);
    expect(groupOf(funnel, "facebook_ads")?.overall).toBeCloseTo(0.25);
    expect(counts(groupOf(funnel, "google_ads"))).toEqual([2, 1, 1, 1, 0]);
    expect(groupOf(funnel, "google_ads")?.overall).toBe(0);
    expect(counts(groupOf(funnel, "organic"))).toEqual([1, 1, 1, 0, 0]);
    expect(rates(groupOf(funnel, "organic"))).toEqual([null, 1, 1, 0, null]);
    expect(counts(groupOf(funnel, null))).toEqual([1, 1, 1, 1, 1]);
    // Largest group first; the groups add up to the total.
    expect(funnel.groups[0]?.group).toBe("facebook_ads");
    expect(funnel.groups.reduce((sum, g) => sum + (g.steps[0]?.count ?? 0), 0)).toBe(8);
    expect(funnel.groups.some((g) => g.other)).toBe(false);
  });

  it("splits by UTM campaign and by form source", async () => {
    const byCampaign = (await request(t.app).get("/api/admin/pipeline/funnel?by=utm_campaign").set(bearer(user))).body as Funnel;
    expect(byCampaign.by).toBe("utm_campaign");
    expect(counts(groupOf(byCampaign, "spring"))).toEqual([4, 3, 2, 2, 1]);
    expect(counts(groupOf(byCampaign, "autumn"))).toEqual([2, 1, 1, 1, 0]);
    expect(counts(groupOf(byCampaign, null))).toEqual([2, 2, 2, 1, 1]);
    const byForm = (await request(t.app).get("/api/admin/pipeline/funnel?by=form_source").set(bearer(user))).body as Funnel;
    expect(counts(groupOf(byForm, "main page"))).toEqual([5, 4, 3, 3, 2]);
    expect(counts(groupOf(byForm, "tiktok"))).toEqual([3, 2, 2, 1, 0]);
    expect(counts(byForm.total)).toEqual(counts(byCampaign.total));
  });

  it("counts applications per UTC day over the window, days without any as 0", async () => {
    const funnel = (await request(t.app).get("/api/admin/pipeline/funnel").set(bearer(user))).body as Funnel;
    expect(funnel.daily).toHaveLength(90);
    expect(funnel.daily[0]).toEqual({ date: day(89), count: 1 });
    expect(funnel.daily.at(-1)).toEqual({ date: day(0), count: 2 });
    expect(funnel.daily.at(-2)).toEqual({ date: day(1), count: 2 });
    expect(funnel.daily.at(-3)).toEqual({ date: day(2), count: 1 });
    expect(funnel.daily.reduce((sum, d) => sum + d.count, 0)).toBe(6);
    const dates = funnel.daily.map((d) => d.date);
    expect(new Set(dates).size).toBe(90);
    expect(dates.toSorted()).toEqual(dates);

    const week = (await request(t.app).get("/api/admin/pipeline/funnel?days=7").set(bearer(user))).body as Funnel;
    expect(week.daily.map((d) => d.count)).toEqual([0, 0, 0, 0, 1, 2, 2]);
    const year = (await request(t.app).get("/api/admin/pipeline/funnel?days=365").set(bearer(user))).body as Funnel;
    expect(year.daily.reduce((sum, d) => sum + d.count, 0)).toBe(8);
  });

  it("lists the 50 largest groups and sums the rest in one other row", async () => {
    await t.database.db.insert(applications).values(
      Array.from({ length: 50 }, (_, i) => ({
        firstName: `Cam${i}`,
        lastName: "Funnel",
        email: `cam${i}@example.com`,
        age: 29,
        state: "California",
        zipCode: "94110",
        interestLevel: "Actively researching",
        formSource: "main page",
        utm_campaign: `c${String(i).padStart(2, "0")}`,
        submitted_at: new Date(today - 200 * DAY),
      })),
    );
    // Counted now: the split by campaign was counted (and cached, ADR 0075) by an earlier test.
    const funnel = funnelSchema.parse((await request(t.app).get("/api/admin/pipeline/funnel?by=utm_campaign&fresh=1").set(bearer(user))).body);
    expect(funnel.groups).toHaveLength(51);
    expect(funnel.groups.slice(0, 3).map((g) => g.group)).toEqual(["spring", null, "autumn"]);
    expect(funnel.groups[49]?.group).toBe("c46");
    expect(funnel.groups[50]).toMatchObject({ group: null, other: true });
    expect(counts(funnel.groups[50])).toEqual([3, 0, 0, 0, 0]);
    expect(counts(funnel.total)).toEqual([58, 6, 5, 4, 2]);
    expect(funnel.groups.reduce((sum, g) => sum + (g.steps[0]?.count ?? 0), 0)).toBe(58);
  });

  it("refuses an unknown split or window with 400", async () => {
    for (const query of ["by=country", "days=0", "days=366", "days=1.5", "days=many", "by=source&by=utm_campaign"]) {
      const res = await request(t.app).get(`/api/admin/pipeline/funnel?${query}`).set(bearer(user));
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
  });
});

describe.each(TEST_ENGINES)("time in stage and stuck applicants (%s)", (engine) => {
  let t: TestApp;
  let user: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { PIPELINE_STUCK_DAYS: "5" });
    await insertUser(t, "stuck_user", "user");
    user = await login(t, "stuck_user");
    const now = t.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const history = (applicationId: string, from: Stage, to: Stage, daysAgo: number) =>
      t.database.db.insert(applicationStageHistory).values({ application_id: applicationId, from_stage: from, to_stage: to, actor_username: "someone", at: ago(daysAgo) });
    // Invited 6 days ago after 12 days in review (and 2 days new): stuck.
    ids.invited = await applicant(t, { firstName: "Iris", lastName: "Invited", stage: "assessment_invited", stage_changed_at: ago(6), submitted_at: ago(20) });
    await history(ids.invited, "new", "reviewing", 18);
    await history(ids.invited, "reviewing", "assessment_invited", 6);
    // In review for 10 days after 2 days new: stuck, the longest wait.
    ids.reviewing = await applicant(t, { firstName: "Rita", lastName: "Reviewing", stage: "reviewing", stage_changed_at: ago(10), submitted_at: ago(12), owner: null });
    await history(ids.reviewing, "new", "reviewing", 10);
    // New for one day: not stuck. Waitlisted for 30 days: waits for a place, never listed.
    ids.fresh = await applicant(t, { firstName: "Nina", lastName: "New", stage: "new", stage_changed_at: ago(1), submitted_at: ago(1) });
    ids.waiting = await applicant(t, { firstName: "Wren", lastName: "Waitlisted", stage: "waitlisted", waitlist_rank: 1, stage_changed_at: ago(30), submitted_at: ago(40) });
  });
  afterAll(() => t.close());

  it("lists the applicants waiting longer than PIPELINE_STUCK_DAYS, longest first, with medians per stage", async () => {
    const res = await request(t.app).get("/api/admin/pipeline/stuck").set(bearer(user));
    expect(res.status).toBe(200);
    const stuck = stuckSchema.parse(res.body);
    expect(stuck.stuckDays).toBe(5);
    expect(stuck.total).toBe(2);
    expect(stuck.applicants.map((a) => [a.id, a.name, a.stage, a.days])).toEqual([
      [ids.reviewing, "Rita Reviewing", "reviewing", 10],
      [ids.invited, "Iris Invited", "assessment_invited", 6],
    ]);
    expect(stuck.stages).toEqual([
      { stage: "new", count: 1, stuck: 0, medianDaysNow: 1, medianDaysToLeave: 2 },
      { stage: "reviewing", count: 1, stuck: 1, medianDaysNow: 10, medianDaysToLeave: 12 },
      { stage: "assessment_invited", count: 1, stuck: 1, medianDaysNow: 6, medianDaysToLeave: null },
      { stage: "assessment_passed", count: 0, stuck: 0, medianDaysNow: null, medianDaysToLeave: null },
    ]);
  });

  it("follows the clock: a week later the new applicant is stuck too", async () => {
    t.advance(7 * DAY);
    // A week outlives the session: sign in again.
    user = await login(t, "stuck_user");
    const stuck = (await request(t.app).get("/api/admin/pipeline/stuck").set(bearer(user))).body as Stuck;
    expect(stuck.total).toBe(3);
    expect(stuck.applicants.at(-1)).toMatchObject({ id: ids.fresh, stage: "new", days: 8 });
    expect(stuck.applicants.some((a) => a.id === ids.waiting)).toBe(false);
  });
});

describe("the funnel's indexes", () => {
  it("are partial on the same stage lists the queries use (else the queries stay right but read the tables)", () => {
    const migration = readFileSync(new URL("../../drizzle/0010_funnel.sql", import.meta.url), "utf8");
    const lists = [...migration.matchAll(/WHERE "(\w+)" IN \(([^)]*)\)/g)].map((m) => [m[1], m[2]?.replaceAll("'", "").split(",")]);
    expect(lists).toEqual([
      ["stage", [...STAGES_AFTER_FURTHER_STEPS]],
      ["stage", [...STUCK_STAGES]],
      ["to_stage", [...ADVANCED_STAGES]],
    ]);
    expect(STAGES_AFTER_FURTHER_STEPS).toEqual(["not_eligible", "waitlisted", "withdrawn"]);
  });
});

describe("PIPELINE_STUCK_DAYS", () => {
  it("defaults to 7 and takes a whole number of days from 1 to 365", () => {
    expect(readEnv({ NODE_ENV: "test" }).PIPELINE_STUCK_DAYS).toBe(7);
    expect(readEnv({ NODE_ENV: "test", PIPELINE_STUCK_DAYS: "14" }).PIPELINE_STUCK_DAYS).toBe(14);
    for (const value of ["0", "366", "2.5", "soon"]) {
      expect(() => readEnv({ NODE_ENV: "test", PIPELINE_STUCK_DAYS: value }), value).toThrow(/PIPELINE_STUCK_DAYS: must be a whole number of days from 1 to 365/);
    }
  });
});
