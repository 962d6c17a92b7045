/**
 * The pilot's selection on both engines: every move of the stage table (allowed → 200, forbidden → 409
 * changing nothing), the contract's shapes and refusals, the reason an ineligible applicant's move
 * needs, notes and owners, the place count under parallel offers (one instance and, on PostgreSQL, two
 * instances over two pools), offer answers by link, and expiry with automatic promotion exactly once.
 * The clock is the app's own (advanced explicitly): no test sleeps.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Express } from "express";
import { ALLOWED_MOVES, isMoveBack, STAGES, type Stage } from "#core/pipeline/stages";
import { readEnv } from "../../server/config/env";
import { openDatabase } from "../../server/db/client";
import { applicationOffers, applications, applicationStageHistory, emailOutbox } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { composeRoot, type Root } from "../../server/root";
import { createTestDatabase, TEST_ENGINES, type TestDatabase, type TestEngine } from "../../testing/database";
import type { TestApp } from "../../testing/app";
import { bearer, insertUser, login, insertApplicant, offerTokenIn, recordReview } from "../../testing/fixtures";

const DAY = 24 * 3600_000;
const STAFF_ALERTS = "team@ovella.example";

interface Instance {
  root: Root;
  app: Express;
  close(): Promise<void>;
}

interface World {
  database: TestDatabase;
  /** The clock every instance reads. */
  advance(ms: number): void;
  instance(database?: TestDatabase["db"] extends never ? never : Parameters<typeof composeRoot>[0]["database"]): Promise<Instance>;
  admin: string;
  user: string;
  superAdmin: string;
}

async function createWorld(engine: TestEngine, capacity: number): Promise<World> {
  const database = await createTestDatabase(engine);
  let offset = 0;
  const env = readEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_POST_LIMIT: "1000",
    PILOT_CAPACITY: String(capacity),
    OFFER_DAYS: "7",
    STAFF_NOTIFY_TO: STAFF_ALERTS,
  });
  const instance = async (db = database as Parameters<typeof composeRoot>[0]["database"]): Promise<Instance> => {
    const root = await composeRoot({ env, database: db, logger: createLogger("silent"), now: () => new Date(Date.now() + offset) });
    return { root, app: root.app, close: async () => undefined };
  };
  const first = await instance();
  const asTestApp: TestApp = { app: first.app, database, env, now: () => new Date(Date.now() + offset), advance: () => undefined, close: async () => undefined };
  await insertUser(asTestApp, "pipe_admin", "admin");
  await insertUser(asTestApp, "pipe_user", "user");
  await insertUser(asTestApp, "pipe_super", "super_admin");
  const token = (username: string) => login(asTestApp, username);
  return {
    database,
    advance: (ms) => {
      offset += ms;
    },
    instance,
    admin: await token("pipe_admin"),
    user: await token("pipe_user"),
    superAdmin: await token("pipe_super"),
  };
}

/** An application stored straight into a stage (eligible unless told otherwise). */
const applicant = (world: World, stage: Stage = "new", overrides: Partial<typeof applications.$inferInsert> = {}) =>
  insertApplicant(world, { first: "Ava", last: "Tester" }, stage, overrides);

const stageOf = async (world: World, id: string) =>
  (await world.database.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, id)))[0]?.stage;
const historyOf = (world: World, id: string) =>
  world.database.db.select().from(applicationStageHistory).where(eq(applicationStageHistory.application_id, id));
const emailsOf = (world: World, id: string, kind?: string) =>
  world.database.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.application_id, id), eq(emailOutbox.kind, kind)) : eq(emailOutbox.application_id, id));

/** Waitlisted in January 2020, on day `n`: ahead of every other test's applicants. */
const waitlistedOn = (n: number) => ({ waitlist_rank: Date.UTC(2020, 0, n), submitted_at: new Date(Date.UTC(2020, 0, n)) });
const waitlistUp = (app: Express, id: string, token: string) =>
  request(app).post(`/api/admin/applications/${id}/waitlist-move`).set(bearer(token)).send({ direction: "up" });

function move(app: Express, token: string, id: string, to: string, reason?: string) {
  return request(app)
    .post(`/api/admin/applications/${id}/stage`)
    .set(bearer(token))
    .send(reason === undefined ? { to } : { to, reason });
}

describe.each(TEST_ENGINES)("pilot selection (%s)", (engine) => {
  let world: World;
  let main: Instance;

  beforeAll(async () => {
    world = await createWorld(engine, 1000);
    main = await world.instance();
  });
  afterAll(async () => {
    await world?.database.destroy();
  });

  it("allows exactly the moves of the stage table and refuses every other with 409, changing nothing", async () => {
    for (const from of STAGES) {
      for (const to of STAGES) {
        const id = await applicant(world, from);
        // A move back needs a reason (tests/api/pipeline-undo.test.ts); stored here with no history, she may go
        // back to any stage the table lists.
        const reason = isMoveBack(from, to) ? "Taken back" : undefined;
        // A decision out of the assessment needs its review first (tests/api/assessment-review.test.ts).
        if (from === "assessment_invited" && (to === "assessment_passed" || to === "not_eligible")) await recordReview(main, world.admin, id);
        const res = await move(main.app, world.admin, id, to, reason);
        const allowed = ALLOWED_MOVES[from].includes(to);
        expect({ from, to, status: res.status }).toEqual({ from, to, status: allowed ? 200 : 409 });
        if (allowed) {
          expect(res.body.stage).toBe(to);
          expect(await stageOf(world, id)).toBe(to);
          const history = await historyOf(world, id);
          expect(history.map((h) => [h.from_stage, h.to_stage, h.actor_username])).toEqual([[from, to, "pipe_admin"]]);
        } else {
          expect(typeof res.body.message).toBe("string");
          expect(await stageOf(world, id)).toBe(from);
          expect(await historyOf(world, id)).toHaveLength(0);
          expect(await emailsOf(world, id)).toHaveLength(0);
        }
      }
    }
  }, 120_000);

  it("answers the record with stage, eligibility, waitlist position, owner and offer deadline", async () => {
    const id = await applicant(world, "new", { age: 36, state: "Texas", zipCode: "73301" });
    const res = await request(main.app).get(`/api/admin/applications/${id}`).set(bearer(world.user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      stage: "new",
      eligibility: { eligible: false, reasons: ["36: over the pilot's age limit", "Texas: outside the pilot's cities"] },
      waitlistPosition: null,
      owner: null,
      offerExpiresAt: null,
      allowedMoves: ["reviewing", "assessment_invited", "withdrawn"],
    });
    expect(res.body.record.stage).toBe("new");
    expect(res.body.record.eligible).toBe(false);
  });

  it("refuses an unknown stage (400), role user (403), and an ineligible applicant's forward move without a reason", async () => {
    const id = await applicant(world, "reviewing", { age: 40 });
    expect((await move(main.app, world.admin, id, "promoted")).status).toBe(400);
    expect((await move(main.app, world.user, id, "assessment_invited")).status).toBe(403);
    const noReason = await move(main.app, world.admin, id, "assessment_invited");
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBeDefined();
    expect(await stageOf(world, id)).toBe("reviewing");
    const withReason = await move(main.app, world.admin, id, "assessment_invited", "Turns 35 after the pilot starts; the clinic agreed");
    expect(withReason.status).toBe(200);
    expect(withReason.body.stageHistory.at(-1)).toMatchObject({ from: "reviewing", to: "assessment_invited", by: "pipe_admin" });
    // Moving an ineligible applicant out (not eligible) needs no reason.
    const other = await applicant(world, "reviewing", { age: 40 });
    expect((await move(main.app, world.admin, other, "not_eligible")).status).toBe(200);
  });

  it("queues the stage's email in the move's transaction, without form answers", async () => {
    const id = await applicant(world, "reviewing", { phone: "415-555-0101" });
    await move(main.app, world.admin, id, "assessment_invited").expect(200);
    const [invite] = await emailsOf(world, id, "assessment_invitation");
    expect(invite?.payload).toEqual({ firstName: expect.any(String), assessmentUrl: "/ovellaiq" });
    await recordReview(main, world.admin, id);
    await move(main.app, world.admin, id, "assessment_passed").expect(200);
    await move(main.app, world.admin, id, "waitlisted").expect(200);
    const [notice] = await emailsOf(world, id, "waitlist_notice");
    expect(notice?.payload).toMatchObject({ position: expect.any(Number) });
    expect(JSON.stringify([invite?.payload, notice?.payload])).not.toMatch(/94110|415-555|researching/);
  });

  it("lets a super admin (only) move a waitlisted applicant up or down, audited", async () => {
    const [a, b, c] = [
      await applicant(world, "waitlisted", waitlistedOn(1)),
      await applicant(world, "waitlisted", waitlistedOn(2)),
      await applicant(world, "waitlisted", waitlistedOn(3)),
    ];
    const position = async (id: string) => (await request(main.app).get(`/api/admin/applications/${id}`).set(bearer(world.user))).body.waitlistPosition;
    expect([await position(a), await position(b), await position(c)]).toEqual([1, 2, 3]);
    expect((await waitlistUp(main.app, c, world.admin)).status).toBe(403);
    const moved = await waitlistUp(main.app, c, world.superAdmin);
    expect(moved.status).toBe(200);
    expect(moved.body.waitlistPosition).toBe(2);
    expect([await position(a), await position(b), await position(c)]).toEqual([1, 3, 2]);
    expect((await waitlistUp(main.app, a, world.superAdmin)).body.waitlistPosition).toBe(1);
    const notWaitlisted = await applicant(world, "reviewing");
    expect((await waitlistUp(main.app, notWaitlisted, world.superAdmin)).status).toBe(409);
  });

  it("runs a bulk action per applicant: moved ones get one history row and one email, the rest are listed with why", async () => {
    // New → Assessment invited is one move.
    const ready = [await applicant(world, "reviewing"), await applicant(world, "reviewing"), await applicant(world, "new")];
    const wrongStage = await applicant(world, "assessment_passed");
    const ineligible = await applicant(world, "reviewing", { age: 50 });
    const res = await request(main.app)
      .post("/api/admin/applications/bulk")
      .set(bearer(world.admin))
      .send({ action: "invite", ids: [...ready, wrongStage, ineligible] });
    expect(res.status).toBe(200);
    expect(res.body.done).toBe(3);
    expect(res.body.refused.map((r: { id: string }) => r.id).toSorted()).toEqual([wrongStage, ineligible].toSorted());
    // Each refused one is named, so staff know whom the action left as she was.
    for (const r of res.body.refused as { name: string; message: string }[]) expect(r.name).toMatch(/^Ava\d+ Tester$/);
    for (const id of ready) {
      expect(await stageOf(world, id)).toBe("assessment_invited");
      expect(await historyOf(world, id)).toHaveLength(1);
      expect(await emailsOf(world, id, "assessment_invitation")).toHaveLength(1);
    }
    expect(await stageOf(world, wrongStage)).toBe("assessment_passed");
    expect((await request(main.app).post("/api/admin/applications/bulk").set(bearer(world.user)).send({ action: "invite", ids: ready })).status).toBe(403);
  });

  it("counts places and stages for GET /api/admin/pipeline", async () => {
    const res = await request(main.app).get("/api/admin/pipeline").set(bearer(world.user));
    expect(res.status).toBe(200);
    expect(res.body.capacity).toBe(1000);
    expect(Object.keys(res.body.byStage).toSorted()).toEqual([...STAGES].toSorted());
    const total = (await world.database.db.select({ id: applications.id }).from(applications)).length;
    expect(Object.values(res.body.byStage as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("adds and lists notes (admins), refuses them to role user, and lets an admin remove one", async () => {
    const id = await applicant(world);
    const added = await request(main.app).post(`/api/admin/applications/${id}/notes`).set(bearer(world.admin)).send({ text: "Called her, prefers LA" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ author: "pipe_admin", text: "Called her, prefers LA" });
    expect((await request(main.app).post(`/api/admin/applications/${id}/notes`).set(bearer(world.user)).send({ text: "x" })).status).toBe(403);
    expect((await request(main.app).post(`/api/admin/applications/${id}/notes`).set(bearer(world.admin)).send({ text: "  " })).status).toBe(400);
    const listed = await request(main.app).get(`/api/admin/applications/${id}/notes`).set(bearer(world.user));
    expect(listed.body.map((n: { text: string }) => n.text)).toEqual(["Called her, prefers LA"]);
    await request(main.app).delete(`/api/admin/applications/${id}/notes/${added.body.id}`).set(bearer(world.admin)).expect(204);
    expect((await request(main.app).get(`/api/admin/applications/${id}/notes`).set(bearer(world.user))).body).toEqual([]);
  });

  it("assigns an owner and filters the list by owner, stage and eligibility", async () => {
    const id = await applicant(world, "reviewing");
    const res = await request(main.app).put(`/api/admin/applications/${id}/owner`).set(bearer(world.admin)).send({ owner: "pipe_user" });
    expect(res.status).toBe(200);
    expect(res.body.owner).toBe("pipe_user");
    const mine = await request(main.app).get("/api/admin/applications?owner=pipe_user").set(bearer(world.user));
    expect(mine.body.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    const byStage = await request(main.app).get("/api/admin/applications?stage=reviewing&eligible=yes&limit=100").set(bearer(world.user));
    expect(byStage.status).toBe(200);
    expect(byStage.body.rows.every((r: { stage: string; eligible: boolean }) => r.stage === "reviewing" && r.eligible)).toBe(true);
    expect((await request(main.app).put(`/api/admin/applications/${id}/owner`).set(bearer(world.admin)).send({ owner: "nobody_here" })).status).toBe(400);
  });
});

describe.each(TEST_ENGINES)("places, offers and the waitlist (%s)", (engine) => {
  let world: World;
  let main: Instance;

  beforeAll(async () => {
    world = await createWorld(engine, 3);
    main = await world.instance();
  });
  afterAll(async () => {
    await world?.database.destroy();
  });

  it("gives the last place to exactly one of many parallel offers", async () => {
    await applicant(world, "enrolled");
    await applicant(world, "enrolled");
    const candidates = await Promise.all(Array.from({ length: 8 }, () => applicant(world, "assessment_passed")));
    const answers = await Promise.all(candidates.map((id) => move(main.app, world.admin, id, "offered")));
    expect(answers.map((r) => r.status).toSorted()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409)) expect(refused.body.message).toBe("All 3 places are taken or offered");
    const summary = await request(main.app).get("/api/admin/pipeline").set(bearer(world.admin));
    expect(summary.body).toMatchObject({ capacity: 3, taken: 3 });
    expect(summary.body.byStage.offered).toBe(1);
    // Clean up for the next test: the offered one withdraws, the rest are left as they are.
    const offered = candidates[answers.findIndex((r) => r.status === 200)] as string;
    await move(main.app, world.admin, offered, "withdrawn").expect(200);
  });

  it("answers an offer by its link: accept enrols once; a second answer and a forged link change nothing", async () => {
    const id = await applicant(world, "assessment_passed");
    const res = await move(main.app, world.admin, id, "offered").expect(200);
    expect(res.body.offerExpiresAt).toEqual(expect.any(String));
    const [offerEmail] = await emailsOf(world, id, "place_offer");
    // The outbox keeps the offer's id, never its link (ADR 0104); the courier signs the link.
    expect(offerEmail?.payload.offerPath).toBeUndefined();
    const token = await offerTokenIn(world, offerEmail?.payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pipeline = main.root.services.pipeline;
    expect(await pipeline.viewOffer(token)).toMatchObject({ state: "open" });
    expect(await stageOf(world, id)).toBe("offered");
    expect(await pipeline.answerOffer(token, "accept")).toEqual({ state: "accepted" });
    expect(await pipeline.answerOffer(token, "decline")).toEqual({ state: "already", outcome: "accepted" });
    expect(await stageOf(world, id)).toBe("enrolled");
    expect(await emailsOf(world, id, "place_confirmed")).toHaveLength(1);
    expect(await pipeline.answerOffer("A".repeat(43), "accept")).toEqual({ state: "invalid" });
    expect(await pipeline.viewOffer("../../etc")).toEqual({ state: "invalid" });
    // Gives the place back for the next test (nobody is waitlisted yet, so nobody is promoted).
    await move(main.app, world.admin, id, "withdrawn").expect(200);
  });

  it("a decline offers the place to the first eligible waitlisted applicant in the same transaction, and alerts staff", async () => {
    const ineligibleFirst = await applicant(world, "waitlisted", { age: 40, submitted_at: new Date(Date.UTC(2025, 0, 1)), waitlist_rank: Date.UTC(2025, 0, 1) });
    const firstEligible = await applicant(world, "waitlisted", { submitted_at: new Date(Date.UTC(2025, 0, 2)), waitlist_rank: Date.UTC(2025, 0, 2) });
    const second = await applicant(world, "waitlisted", { submitted_at: new Date(Date.UTC(2025, 0, 3)), waitlist_rank: Date.UTC(2025, 0, 3) });
    const id = await applicant(world, "assessment_passed");
    await move(main.app, world.admin, id, "offered").expect(200);
    const token = await offerTokenIn(world, (await emailsOf(world, id, "place_offer"))[0]?.payload);
    expect(await main.root.services.pipeline.answerOffer(token, "decline")).toEqual({ state: "declined" });
    expect(await stageOf(world, id)).toBe("declined");
    expect(await stageOf(world, ineligibleFirst)).toBe("waitlisted");
    expect(await stageOf(world, firstEligible)).toBe("offered");
    expect(await stageOf(world, second)).toBe("waitlisted");
    // One alert tells staff who declined and who the place went to (tests/api/pipeline-offers.test.ts).
    const [alert] = await emailsOf(world, id, "staff_selection_alert");
    expect(alert?.recipients).toEqual([STAFF_ALERTS]);
    expect(alert?.payload).toMatchObject({ event: "declined", placeWentTo: { applicationId: firstEligible } });
    expect(await emailsOf(world, firstEligible, "place_offer")).toHaveLength(1);
    // Only women who can be offered a place are ranked (ADR 0087): the ineligible one ahead counts for nothing.
    const detail = await request(main.app).get(`/api/admin/applications/${second}`).set(bearer(world.user));
    expect(detail.body.waitlistPosition).toBe(1);
    const kept = await request(main.app).get(`/api/admin/applications/${ineligibleFirst}`).set(bearer(world.user));
    expect(kept.body.waitlistPosition).toBeNull();
  });

  it("expires an unanswered offer once, waitlists her at the end, and promotes the next; a late accept says where she is", async () => {
    const offered = (await world.database.db.select({ id: applications.id }).from(applications).where(eq(applications.stage, "offered")))[0]?.id as string;
    const token = await offerTokenIn(world, (await emailsOf(world, offered, "place_offer"))[0]?.payload);
    world.advance(8 * DAY);
    const second = await world.instance();
    const runs = await Promise.all([main.root.services.pipeline.expireDue(), second.root.services.pipeline.expireDue()]);
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(await main.root.services.pipeline.expireDue()).toMatchObject({ expired: 0 });
    const history = await historyOf(world, offered);
    expect(history.filter((h) => h.to_stage === "offer_expired")).toHaveLength(1);
    expect(await stageOf(world, offered)).toBe("waitlisted");
    const [expiredEmail] = await emailsOf(world, offered, "offer_expired");
    expect(expiredEmail?.payload).toMatchObject({ position: expect.any(Number) });
    const offers = await world.database.db.select().from(applicationOffers).where(eq(applicationOffers.application_id, offered));
    expect(offers.map((o) => o.outcome)).toEqual(["expired"]);
    const promoted = await world.database.db.select({ id: applications.id }).from(applications).where(eq(applications.stage, "offered"));
    expect(promoted).toHaveLength(1);
    expect(promoted[0]?.id).not.toBe(offered);
    const late = await main.root.services.pipeline.answerOffer(token, "accept");
    expect(late).toEqual({ state: "expired", position: expiredEmail?.payload.position });
  });
});

describe.runIf(TEST_ENGINES.includes("postgres"))("two instances on one PostgreSQL", () => {
  let world: World;
  const extra: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    world = await createWorld("postgres", 2);
  });
  afterAll(async () => {
    for (const handle of extra) await handle.close();
    await world?.database.destroy();
  });

  it("gives the last place once when two instances (two pools) offer it at the same moment", async () => {
    const url = world.database.url as string;
    const handles = await Promise.all([openDatabase({ engine: "postgres", url, poolSize: 4 }), openDatabase({ engine: "postgres", url, poolSize: 4 })]);
    extra.push(...handles);
    const [a, b] = await Promise.all(handles.map((h) => world.instance(h)));
    await applicant(world, "enrolled");
    const candidates = await Promise.all(Array.from({ length: 10 }, () => applicant(world, "assessment_passed")));
    const answers = await Promise.all(candidates.map((id, i) => move((i % 2 ? a : b)!.app, world.admin, id, "offered")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    const offered = await world.database.db.select({ id: applications.id }).from(applications).where(eq(applications.stage, "offered"));
    expect(offered).toHaveLength(1);
  });
});

describe.each(TEST_ENGINES)("privacy tools and the selection (%s)", (engine) => {
  let world: World;
  let main: Instance;

  beforeAll(async () => {
    world = await createWorld(engine, 5);
    main = await world.instance();
  });
  afterAll(async () => {
    await world?.database.destroy();
  });

  it("finds and exports her stage history, notes and offers, and erases them with her", async () => {
    const id = await applicant(world, "assessment_passed", { email: "selected.person@example.com" });
    await move(main.app, world.admin, id, "offered").expect(200);
    await request(main.app).post(`/api/admin/applications/${id}/notes`).set(bearer(world.admin)).send({ text: "Prefers mornings" }).expect(201);
    const found = await request(main.app).post("/api/privacy/find").set(bearer(world.admin)).send({ email: "selected.person@example.com" });
    expect(found.status).toBe(200);
    expect(found.body.counts).toMatchObject({ stageHistory: 1, notes: 1, offers: 1 });
    expect(JSON.stringify(found.body.offers)).not.toContain("token_hash");
    const exported = await request(main.app).post("/api/privacy/export").set(bearer(world.admin)).send({ email: "selected.person@example.com" });
    expect(exported.body.staff_notes.map((n: { text: string }) => n.text)).toEqual(["Prefers mornings"]);
    expect(exported.body.stage_history).toHaveLength(1);
    const erased = await request(main.app)
      .post("/api/privacy/erase")
      .set(bearer(world.admin))
      .send({ email: "selected.person@example.com", confirmation: "selected.person@example.com" });
    expect(erased.status).toBe(200);
    expect(erased.body.counts).toMatchObject({ applications: 1, stageHistory: 1, notes: 1, offers: 1 });
    expect(await historyOf(world, id)).toHaveLength(0);
    expect(await world.database.db.select().from(applicationOffers).where(eq(applicationOffers.application_id, id))).toHaveLength(0);
  });
});
