/**
 * The demo seed's selection (scripts/demo/seed-pipeline.ts) on both engines: 600 applications seeded in
 * two runs into a throwaway database, then checked as the server reads them: places within
 * PILOT_CAPACITY (a second seed counts those already given), each applicant's history a chain of allowed
 * moves from `new` to her stage with times after her submission, offers that match the stages and
 * expire OFFER_DAYS after they were made, waitlist positions 1…n, and a funnel and a board with counts.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Funnel } from "#core/contracts/funnel";
import type { PipelineSummary } from "#core/contracts/pipeline";
import { canMove, isStage, type Stage, STAGES } from "#core/pipeline/stages";
import { sql } from "drizzle-orm";
import { seedDemoInto } from "../../scripts/demo/seed-demo";
import { rowsOf } from "../../server/services/pipeline/tx";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, insertUser, login } from "../../testing/fixtures";

const DAY = 86_400_000;
const CAPACITY = 20;
const OFFER_DAYS = 7;

interface Row {
  id: string;
  stage: string;
  submitted_at: Date | string;
  stage_changed_at: Date | string;
  waitlist_rank: number | null;
  eligible: boolean;
}

interface Move {
  application_id: string;
  from_stage: string;
  to_stage: string;
  at: Date | string;
}

interface Offer {
  application_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  answered_at: Date | string | null;
  outcome: string | null;
}

const ms = (value: Date | string | number | null) => new Date(value ?? 0).getTime();

describe.each(TEST_ENGINES)("the demo seed's selection (%s)", (engine) => {
  let t: TestApp;
  let token: string;
  let now: number;
  let apps: Row[];
  let history: Map<string, Move[]>;
  let offers: Offer[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertUser(t, "seed_viewer", "user");
    token = await login(t, "seed_viewer");
    now = t.now().getTime();
    await seedDemoInto(t.database.db, { applications: 300, messages: 0, seed: 11, days: 120, capacity: CAPACITY, offerDays: OFFER_DAYS }, now);
    // A second seed into the same database: its places count those the first one gave.
    await seedDemoInto(t.database.db, { applications: 300, messages: 0, seed: 12, days: 120, capacity: CAPACITY, offerDays: OFFER_DAYS }, now);
    const { db } = t.database;
    apps = rowsOf<Row>(await db.execute(sql`select "id", "stage", "submitted_at", "stage_changed_at", "waitlist_rank", "eligible" from "applications"`));
    const moves = rowsOf<Move>(
      await db.execute(sql`select "application_id", "from_stage", "to_stage", "at" from "application_stage_history" order by "application_id", "at", "id"`),
    );
    history = new Map();
    for (const move of moves) history.set(move.application_id, [...(history.get(move.application_id) ?? []), move]);
    offers = rowsOf<Offer>(await db.execute(sql`select "application_id", "created_at", "expires_at", "answered_at", "outcome" from "application_offers"`));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("spreads the applications over the stages: most new or reviewing, every stage of the table present or bounded", () => {
    expect(apps).toHaveLength(600);
    const by = Object.fromEntries(STAGES.map((stage) => [stage, apps.filter((a) => a.stage === stage).length])) as Record<Stage, number>;
    expect(apps.every((a) => isStage(a.stage))).toBe(true);
    expect(by.new + by.reviewing).toBeGreaterThan(600 * 0.4);
    expect(by.new).toBeLessThan(600 * 0.5);
    for (const stage of ["reviewing", "assessment_invited", "assessment_passed", "not_eligible", "waitlisted", "withdrawn"] as const) {
      expect(by[stage], stage).toBeGreaterThan(0);
    }
    expect(by.assessment_invited).toBeLessThan(by.reviewing);
    expect(by.enrolled + by.offered).toBeGreaterThan(0);
  });

  it("writes a review before each pass or not-eligible decision out of the assessment, as the move service asks", async () => {
    const reviews = rowsOf<{ application_id: string; created_at: Date | string; recommendation: string }>(
      await t.database.db.execute(sql`select "application_id", "created_at", "recommendation" from "assessment_reviews"`),
    );
    let decisions = 0;
    for (const [id, moves] of history) {
      for (const [i, move] of moves.entries()) {
        if (move.from_stage !== "assessment_invited" || (move.to_stage !== "assessment_passed" && move.to_stage !== "not_eligible")) continue;
        decisions++;
        const invited = moves[i - 1];
        const review = reviews.find((r) => r.application_id === id && ms(r.created_at) <= ms(move.at) && ms(r.created_at) >= ms(invited?.at ?? 0));
        expect(review?.recommendation, id).toBe(move.to_stage === "assessment_passed" ? "pass" : "not_eligible");
      }
    }
    expect(decisions).toBeGreaterThan(0);
    expect(reviews).toHaveLength(decisions);
  });

  it("gives places within the capacity: enrolled plus open offers, each open offer expiring OFFER_DAYS after it was made", () => {
    const open = offers.filter((o) => o.outcome === null);
    const enrolled = apps.filter((a) => a.stage === "enrolled");
    expect(enrolled.length + open.filter((o) => ms(o.expires_at) > now).length).toBeLessThanOrEqual(CAPACITY);
    const offered = new Set(apps.filter((a) => a.stage === "offered").map((a) => a.id));
    // Open offers are exactly those of applicants in `offered`, one each, not yet expired.
    expect(new Set(open.map((o) => o.application_id))).toEqual(offered);
    expect(open).toHaveLength(offered.size);
    for (const offer of offers) {
      expect(ms(offer.expires_at) - ms(offer.created_at)).toBe(OFFER_DAYS * DAY);
      if (offer.outcome === null) expect(ms(offer.expires_at)).toBeGreaterThan(now);
      else expect(ms(offer.answered_at ?? 0)).toBeGreaterThan(ms(offer.created_at));
      if (offer.outcome === "accepted" || offer.outcome === "declined") expect(ms(offer.answered_at ?? 0)).toBeLessThanOrEqual(ms(offer.expires_at));
      if (offer.outcome === "expired") expect(ms(offer.answered_at ?? 0)).toBeGreaterThanOrEqual(ms(offer.expires_at));
    }
    // Every applicant who reached `offered` has one offer, its outcome that of her next move.
    const outcomeOf: Partial<Record<string, string>> = { enrolled: "accepted", declined: "declined", offer_expired: "expired" };
    for (const app of apps) {
      const moves = history.get(app.id) ?? [];
      const toOffered = moves.findIndex((m) => m.to_stage === "offered");
      const mine = offers.filter((o) => o.application_id === app.id);
      if (toOffered === -1) {
        expect(mine, app.id).toHaveLength(0);
        continue;
      }
      expect(mine, app.id).toHaveLength(1);
      expect(ms(mine[0]?.created_at ?? 0)).toBe(ms(moves[toOffered]?.at ?? 0));
      const after = moves[toOffered + 1];
      expect(mine[0]?.outcome ?? null).toBe(after ? (outcomeOf[after.to_stage] ?? null) : null);
    }
  });

  it("records each applicant's path: allowed moves from new to her stage, after her submission, in time order", () => {
    for (const app of apps) {
      const moves = history.get(app.id) ?? [];
      if (app.stage === "new") {
        expect(moves, app.id).toHaveLength(0);
        expect(ms(app.stage_changed_at)).toBe(ms(app.submitted_at));
        continue;
      }
      expect(moves.length, app.id).toBeGreaterThan(0);
      let from = "new";
      let at = ms(app.submitted_at);
      for (const move of moves) {
        expect(move.from_stage).toBe(from);
        expect(isStage(move.from_stage) && isStage(move.to_stage) && canMove(move.from_stage, move.to_stage), `${move.from_stage} → ${move.to_stage}`).toBe(true);
        expect(ms(move.at)).toBeGreaterThan(at);
        at = ms(move.at);
        from = move.to_stage;
      }
      expect(moves.at(-1)?.to_stage).toBe(app.stage);
      expect(ms(app.stage_changed_at)).toBe(at);
      expect(at).toBeLessThanOrEqual(now);
    }
  });

  it("ranks the waitlist: an order value for each waitlisted applicant only, positions 1…n for the eligible as the record page shows them", async () => {
    const waitlisted = apps.filter((a) => a.stage === "waitlisted");
    expect(apps.filter((a) => a.stage !== "waitlisted").every((a) => a.waitlist_rank === null)).toBe(true);
    expect(waitlisted.every((a) => typeof a.waitlist_rank === "number")).toBe(true);
    const positions: number[] = [];
    for (const app of waitlisted) {
      const res = await request(t.app).get(`/api/admin/applications/${app.id}`).set(bearer(token));
      expect(res.status).toBe(200);
      const position = (res.body as { waitlistPosition: number | null }).waitlistPosition;
      // Only women who can be offered a place are ranked (ADR 0087).
      if (app.eligible) positions.push(Number(position));
      else expect(position).toBeNull();
    }
    expect(positions.toSorted((a, b) => a - b)).toEqual(waitlisted.filter((a) => a.eligible).map((_, i) => i + 1));
  });

  it("shows in the board and the funnel: every step of the funnel counted, the board's counts and places", async () => {
    const board = await request(t.app).get("/api/admin/pipeline").set(bearer(token));
    expect(board.status).toBe(200);
    const summary = board.body as PipelineSummary;
    expect(Object.values(summary.byStage).reduce((sum, n) => sum + n, 0)).toBe(600);
    expect(summary.taken).toBeGreaterThan(0);
    expect(summary.taken).toBeLessThanOrEqual(summary.capacity);

    const res = await request(t.app).get("/api/admin/pipeline/funnel?by=source").set(bearer(token));
    expect(res.status).toBe(200);
    const counts = (res.body as Funnel).total.steps.map((s) => s.count);
    expect(counts[0]).toBe(600);
    for (const [i, count] of counts.entries()) expect(count, `step ${i}`).toBeGreaterThan(0);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
  });
});
