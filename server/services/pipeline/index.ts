/**
 * The pilot's selection (ADR 0059–0061): stage moves with their history and emails, the place count,
 * the waitlist, offers and their answers, the expiry of unanswered offers, notes and owners. Every
 * change runs in one transaction that first locks the quota row (./tx.ts), so the place count is
 * checked at the moment an offer is written, on every engine and across instances.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BulkActionRequest, BulkActionResult, PipelineSummary, StageHistoryEntry } from "#core/contracts/pipeline";
import { eligibilityOf } from "#core/pipeline/eligibility";
import { ALLOWED_MOVES, isStage, type Stage, STAGES } from "#core/pipeline/stages";
import { applicantTimeZone } from "#core/time";
import { isLanguage, type Language } from "#core/i18n/languages";
import type { DatabaseHandle } from "../../db/client";
import { applicationOffers, applications, applicationStageHistory, auditEvents } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";
import type { OutboxQueueConfig } from "../outbox";
import { alertStaff, expireOffer, freesPlace, type MoveContext, moveLocked, waitlistPosition } from "./moves";
import { createCachedFunnel } from "./funnel";
import { createNotes } from "./notes";
import { hashOfferToken, isOfferTokenShape } from "../offer-token";
import { createOfferHandling } from "./offers";
import { undoableMove, undoLocked } from "./undo";
import { createOwners } from "./owners";
import { createPilotSettings, liveSettings } from "./pilot";
import type { PipelineSettings } from "./settings";
import { lockQuota, rowsOf, type Tx } from "./tx";
import { promoteNext } from "./moves";
import { tellGrownNumbers } from "./waitlist";
import { assessmentView, kitProgressOf, kitSentByApplicantLocked, recordStepLocked, reviewLocked } from "./assessment";
import type { AssessmentView, Review, ReviewRequest } from "#core/contracts/assessment";
import type { KitStep } from "#core/pipeline/assessment";

export { pipelineSettingsFromEnv, type PipelineSettings } from "./settings";


/** What the record page shows about the selection (core/contracts/pipeline.ts, pipelineDetailShape). */
export interface PipelineDetail {
  stage: Stage;
  eligibility: { eligible: boolean; reasons: string[] };
  waitlistPosition: number | null;
  owner: string | null;
  offerExpiresAt: string | null;
  allowedMoves: Stage[];
  /** Until when the latest move (a staff move) can be undone; null when it cannot. */
  undoUntil: string | null;
  stageHistory: StageHistoryEntry[];
}

/** The offer page's view of a link (GET: read only). */
export type OfferView =
  | { state: "open"; firstName: string; expiresAt: string; timeZone: string }
  | { state: "accepted" | "declined" | "invalid" | "replaced" }
  | { state: "closed"; position: number | null }
  | { state: "expired"; expiresAt: string; timeZone: string };

/** What a POST of an answer did. */
export type OfferAnswerResult =
  | { state: "accepted" | "declined" | "invalid" | "replaced" }
  | { state: "already"; outcome: "accepted" | "declined" | "closed" }
  | { state: "expired"; position: number | null };

export interface PipelineServiceOptions {
  database: Pick<DatabaseHandle, "db" | "engine">;
  now: () => Date;
  settings: PipelineSettings;
  outbox: OutboxQueueConfig;
  /** Signs offer links (the link secret; ADR 0104). */
  linkSecret: string;
}

/** Key of the advisory lock one expiring instance holds (the quota lock makes the work exactly-once anyway). */
const EXPIRY_LOCK_KEY = 727_361_008;
const EXPIRY_BATCH = 100;

/** The offer a link names, if any (a token of the wrong shape is never looked up). */
async function findOffer(tx: Pick<Tx, "select">, token: unknown) {
  if (!isOfferTokenShape(token)) return undefined;
  const [offer] = await tx
    .select({
      id: applicationOffers.id,
      applicationId: applicationOffers.application_id,
      expiresAt: applicationOffers.expires_at,
      outcome: applicationOffers.outcome,
    })
    .from(applicationOffers)
    .where(eq(applicationOffers.token_hash, hashOfferToken(token)));
  return offer;
}

/** An answer to an offer found by its link or by her application, inside the quota lock. Safe to repeat. */
async function answerLocked(
  ctx: MoveContext,
  offer: { applicationId: string; expiresAt: Date; outcome: string | null } | undefined,
  answer: "accept" | "decline",
): Promise<OfferAnswerResult> {
  if (!offer) return { state: "invalid" };
  if (offer.outcome === "accepted" || offer.outcome === "declined") return { state: "already", outcome: offer.outcome };
  if (offer.outcome === "replaced") return { state: "replaced" };
  if (offer.outcome === "expired") return { state: "expired", position: await waitlistPosition(ctx.tx, offer.applicationId) };
  if (offer.outcome) return { state: "already", outcome: "closed" };
  if (offer.expiresAt.getTime() <= ctx.now.getTime()) {
    return { state: "expired", position: await expireOffer(ctx, offer.applicationId) };
  }
  const to: Stage = answer === "accept" ? "enrolled" : "declined";
  await moveLocked(ctx, { applicationId: offer.applicationId, to, by: { kind: "applicant" } });
  if (to === "declined") await alertStaff(ctx, offer.applicationId, "declined", await promoteNext(ctx, "declined"));
  else await alertStaff(ctx, offer.applicationId, "accepted");
  return { state: answer === "accept" ? "accepted" : "declined" };
}

export function createPipelineService({ database, now, settings, outbox, linkSecret }: PipelineServiceOptions) {
  const { db } = database;
  const pilotSettings = createPilotSettings({ db, now, settings, outbox });

  function locked<T>(work: (ctx: MoveContext) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const live = liveSettings(await lockQuota(tx), settings);
      return work({ tx, now: now(), settings: live, outbox, linkSecret });
    });
  }

  async function detail(id: string): Promise<PipelineDetail> {
    const [app] = await db
      .select({ stage: applications.stage, owner: applications.owner, age: applications.age, state: applications.state, zipCode: applications.zipCode })
      .from(applications)
      .where(eq(applications.id, id));
    if (!app) throw new ServiceError("not_found", "Application not found");
    const stage: Stage = isStage(app.stage) ? app.stage : "new";
    const [history, [offer], position, undoable] = await Promise.all([
      db.select().from(applicationStageHistory).where(eq(applicationStageHistory.application_id, id)).orderBy(asc(applicationStageHistory.at), asc(applicationStageHistory.id)),
      db
        .select({ expiresAt: applicationOffers.expires_at })
        .from(applicationOffers)
        .where(and(eq(applicationOffers.application_id, id), isNull(applicationOffers.outcome))),
      stage === "waitlisted" ? waitlistPosition(db, id) : Promise.resolve(null),
      undoableMove(db, id, now(), settings.undoSeconds),
    ]);
    return {
      stage,
      eligibility: eligibilityOf(app),
      waitlistPosition: position,
      owner: app.owner,
      offerExpiresAt: stage === "offered" && offer ? offer.expiresAt.toISOString() : null,
      allowedMoves: [...ALLOWED_MOVES[stage]],
      undoUntil: undoable.move ? undoable.move.until.toISOString() : null,
      stageHistory: history.map((h) => ({
        id: h.id,
        from: isStage(h.from_stage) ? h.from_stage : "new",
        to: isStage(h.to_stage) ? h.to_stage : "new",
        by: h.actor_username,
        reason: h.reason,
        at: h.at.toISOString(),
      })),
    };
  }

  return {
    settings,
    /** Her place on the waitlist (1 = next), or null when she is not on it or has no number (ADR 0087). */
    waitlistPosition: (applicationId: string) => waitlistPosition(db, applicationId),
    /** The pilot's live settings: capacity, enrollment window, assessment instructions (./pilot.ts). */
    pilot: pilotSettings,
    detail,
    notes: createNotes(db, now),
    funnel: createCachedFunnel(database, now, settings),
    owners: createOwners(db, now),
    /** Staff resend an offer or move its deadline; the reminder before the deadline (./offers.ts). */
    offers: createOfferHandling({ database, now, settings, outbox, linkSecret }),

    /**
     * The assessment step (./assessment.ts, ADR 0101): the kit's progress, the reviews a pass or not-eligible decision
     * needs, and her reminders, for the record page; each change under the quota lock like a move.
     */
    assessment: {
      view: (applicationId: string): Promise<AssessmentView> => assessmentView(db, applicationId),
      /** The kit's furthest step (her page's words). */
      progress: (applicationId: string): Promise<KitStep | null> => kitProgressOf(db, applicationId),
      async recordStep(applicationId: string, status: KitStep, actor: Actor, clientAddress: string | null): Promise<AssessmentView> {
        await locked((ctx) => recordStepLocked(ctx.tx, ctx.now, applicationId, status, actor, clientAddress));
        return assessmentView(db, applicationId);
      },
      review: (applicationId: string, input: ReviewRequest, actor: Actor, clientAddress: string | null): Promise<Review> =>
        locked((ctx) => reviewLocked(ctx.tx, ctx.now, applicationId, input, actor, clientAddress)),
      /** She says on her page she has sent her kit; false when nothing changed (not at the step, or said already). */
      kitSentByApplicant: (applicationId: string): Promise<boolean> => locked((ctx) => kitSentByApplicantLocked(ctx.tx, ctx.now, applicationId)),
    },

    /** A staff member's move (403 for role `user` is the HTTP layer's); answers the record's new state. */
    async move(input: { applicationId: string; to: Stage; reason?: string | null; actor: Actor; clientAddress?: string | null }): Promise<PipelineDetail> {
      await locked(async (ctx) => {
        const moved = await moveLocked(ctx, {
          applicationId: input.applicationId,
          to: input.to,
          reason: input.reason,
          by: { kind: "staff", actor: input.actor, clientAddress: input.clientAddress },
        });
        if (freesPlace(moved)) {
          const place = await promoteNext(ctx, moved.to === "declined" ? "declined" : "withdrawn");
          await alertStaff(ctx, input.applicationId, "place_freed", place);
        }
      });
      return detail(input.applicationId);
    },

    /**
     * Takes back the application's latest staff move within MOVE_UNDO_SECONDS, by its author or a super admin
     * (./undo.ts); answers the record's new state.
     */
    async undo(input: { applicationId: string; actor: Actor; superAdmin: boolean; clientAddress: string | null }): Promise<PipelineDetail> {
      await locked((ctx) => undoLocked(ctx, input));
      return detail(input.applicationId);
    },

    /**
     * One action on many applications: each in its own transaction (one history row, one email, the same
     * place rule), so a refused one leaves the others done; the answer lists the refused with why.
     */
    async bulk(input: BulkActionRequest, actor: Actor & { role?: string }, clientAddress: string | null): Promise<BulkActionResult> {
      const ids = [...new Set(input.ids)];
      if (input.action === "assign_owner") {
        if (input.owner === undefined) throw new ServiceError("invalid", "Choose an owner", { owner: ["Choose an owner"] });
        const done = await createOwners(db, now).assign(ids, input.owner, actor, clientAddress);
        return { done, refused: [], undoUntil: null };
      }
      const to: Stage = input.action === "invite" ? "assessment_invited" : "waitlisted";
      const refusedIds: { id: string; message: string }[] = [];
      let done = 0;
      // Each move's emails wait from its own time; the first one's window ends first, and with it the Undo of the whole.
      const started = now();
      for (const id of ids) {
        try {
          if (input.action === "undo") {
            await locked((ctx) => undoLocked(ctx, { applicationId: id, actor, superAdmin: actor.role === "super_admin", clientAddress }));
          } else {
            await locked((ctx) => moveLocked(ctx, { applicationId: id, to, reason: input.reason, by: { kind: "staff", actor, clientAddress } }));
          }
          done++;
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          refusedIds.push({ id, message: error.message });
        }
      }
      // Staff read who was left as she was: each refused application with her name.
      const names = refusedIds.length
        ? new Map(
            (
              await db
                .select({ id: applications.id, firstName: applications.firstName, lastName: applications.lastName })
                .from(applications)
                .where(inArray(applications.id, refusedIds.map((r) => r.id)))
            ).map((row) => [row.id, `${row.firstName} ${row.lastName}`]),
          )
        : new Map<string, string>();
      const refused: BulkActionResult["refused"] = refusedIds.map((r) => ({ ...r, name: names.get(r.id) ?? null }));
      const undoable = input.action !== "undo" && done > 0 && settings.undoSeconds > 0;
      return { done, refused, undoUntil: undoable ? new Date(started.getTime() + settings.undoSeconds * 1000).toISOString() : null };
    },

    /**
     * A super admin moves a waitlisted applicant one place up or down: her order value is swapped with
     * her neighbour's (audited). At the top or bottom already: nothing changes.
     */
    async moveOnWaitlist(applicationId: string, direction: "up" | "down", actor: Actor, clientAddress: string | null): Promise<PipelineDetail> {
      await locked(async ({ tx, now: at }) => {
        const [me] = await tx
          .select({ id: applications.id, stage: applications.stage, rank: applications.waitlist_rank, eligible: applications.eligible })
          .from(applications)
          .where(eq(applications.id, applicationId))
          .for("update");
        if (!me) throw new ServiceError("not_found", "Application not found");
        if (me.stage !== "waitlisted" || me.rank === null) throw new ServiceError("conflict", "This application is not on the waitlist");
        const rank = me.rank;
        const [neighbour] = await tx
          .select({ id: applications.id, rank: applications.waitlist_rank })
          .from(applications)
          .where(
            and(
              eq(applications.stage, "waitlisted"),
              // A ranked woman trades places with the ranked neighbour: her number changes by one (ADR 0087).
              me.eligible ? eq(applications.eligible, true) : undefined,
              direction === "up"
                ? sql`(${applications.waitlist_rank}, ${applications.id}) < (${rank}, ${me.id})`
                : sql`(${applications.waitlist_rank}, ${applications.id}) > (${rank}, ${me.id})`,
            ),
          )
          .orderBy(direction === "up" ? sql`${applications.waitlist_rank} desc, ${applications.id} desc` : sql`${applications.waitlist_rank} asc, ${applications.id} asc`)
          .limit(1)
          .for("update");
        if (!neighbour || neighbour.rank === null) return;
        const pair = [me.id, neighbour.id];
        const before = await Promise.all(pair.map((id) => waitlistPosition(tx, id)));
        // Equal values (same instant) are told apart by id: nudge so the order really flips.
        const [mine, theirs] = neighbour.rank === rank ? (direction === "up" ? [rank - 1, rank] : [rank + 1, rank]) : [neighbour.rank, rank];
        await tx.update(applications).set({ waitlist_rank: mine }).where(eq(applications.id, me.id));
        await tx.update(applications).set({ waitlist_rank: theirs }).where(eq(applications.id, neighbour.id));
        // The one whose number grew is told her new one: a number she was told stays true (ADR 0087).
        await tellGrownNumbers({ tx, now: at, settings, outbox, linkSecret }, pair, before);
        await tx.insert(auditEvents).values({
          actor_id: actor.id,
          actor_username: actor.username,
          action: "waitlist_reorder",
          target_type: "application",
          target_id: me.id,
          at,
          client_address: clientAddress?.slice(0, 64) ?? null,
          detail: { direction },
        });
      });
      return detail(applicationId);
    },

    /** Places and the count in each stage (every stage listed, zeros included). */
    async summary(): Promise<PipelineSummary> {
      const [groups, pilot] = await Promise.all([
        db.select({ stage: applications.stage, n: sql<number>`count(*)::int` }).from(applications).groupBy(applications.stage),
        pilotSettings.read(),
      ]);
      const byStage: Record<string, number> = Object.fromEntries(STAGES.map((s) => [s, 0]));
      for (const g of groups) byStage[g.stage] = Number(g.n);
      return { capacity: pilot.capacity, taken: pilot.taken, byStage };
    },

    /** The offer page on GET: what the link is about, changing nothing (mail scanners open every link). */
    async viewOffer(token: unknown): Promise<OfferView> {
      const offer = await findOffer(db, token);
      if (!offer) return { state: "invalid" };
      if (offer.outcome === "accepted" || offer.outcome === "declined" || offer.outcome === "replaced") return { state: offer.outcome };
      if (offer.outcome) return { state: "closed", position: await waitlistPosition(db, offer.applicationId) };
      const [app] = await db
        .select({ firstName: applications.firstName, timezone: applications.timezone })
        .from(applications)
        .where(eq(applications.id, offer.applicationId));
      if (!app) return { state: "invalid" };
      const deadline = { expiresAt: offer.expiresAt.toISOString(), timeZone: applicantTimeZone(app.timezone) };
      if (offer.expiresAt.getTime() <= now().getTime()) return { state: "expired", ...deadline };
      return { state: "open", firstName: app.firstName, ...deadline };
    },

    /** The language of the application an offer link names (ADR 0112), or null for a link that names none. */
    async offerLanguage(token: unknown): Promise<Language | null> {
      const offer = await findOffer(db, token);
      if (!offer) return null;
      const [app] = await db.select({ language: applications.preferred_language }).from(applications).where(eq(applications.id, offer.applicationId));
      return app && isLanguage(app.language) ? app.language : null;
    },

    /**
     * The applicant's answer (POST): accept → enrolled, decline → declined and the place offered to the
     * next eligible waitlisted applicant, in one transaction. Safe to repeat: a second answer changes nothing.
     */
    async answerOffer(token: unknown, answer: "accept" | "decline"): Promise<OfferAnswerResult> {
      if (!isOfferTokenShape(token)) return { state: "invalid" };
      return locked(async (ctx) => answerLocked(ctx, await findOffer(ctx.tx, token), answer));
    },

    /** Her answer from her own page (ADR 0098): the open offer of her application, answered as through its link. */
    answerOpenOfferOf(applicationId: string, answer: "accept" | "decline"): Promise<OfferAnswerResult> {
      return locked(async (ctx) => {
        const [offer] = await ctx.tx
          .select({ id: applicationOffers.id, applicationId: applicationOffers.application_id, expiresAt: applicationOffers.expires_at, outcome: applicationOffers.outcome })
          .from(applicationOffers)
          .where(and(eq(applicationOffers.application_id, applicationId), isNull(applicationOffers.outcome)));
        return answerLocked(ctx, offer, answer);
      });
    },

    /**
     * She withdraws herself from her own page (ADR 0098): withdrawn by the applicant, a place she held offered to the next
     * eligible woman, and staff told in one alert. 409 when her stage cannot be left so (already ended).
     */
    async withdrawByApplicant(applicationId: string): Promise<void> {
      await locked(async (ctx) => {
        const moved = await moveLocked(ctx, { applicationId, to: "withdrawn", by: { kind: "applicant" }, reason: "Withdrawn by the applicant on her page" });
        await alertStaff(ctx, applicationId, "withdrawn", freesPlace(moved) ? await promoteNext(ctx, "withdrawn") : undefined);
      });
    },

    /**
     * Expires the offers past their deadline (each: offer_expired, waitlisted, email, next applicant
     * offered). On PostgreSQL one instance at a time runs it (advisory lock); the quota lock and the
     * offer's state make each expiry happen once whatever runs it.
     */
    async expireDue(): Promise<{ ran: boolean; expired: number }> {
      return db.transaction(async (tx) => {
        if (database.engine === "postgres") {
          const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY}) as "locked"`);
          if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return { ran: false, expired: 0 };
        }
        const live = liveSettings(await lockQuota(tx), settings);
        const ctx: MoveContext = { tx, now: now(), settings: live, outbox, linkSecret };
        const due = await tx
          .select({ applicationId: applicationOffers.application_id })
          .from(applicationOffers)
          .innerJoin(applications, eq(applications.id, applicationOffers.application_id))
          .where(and(isNull(applicationOffers.outcome), sql`${applicationOffers.expires_at} <= ${ctx.now.toISOString()}::timestamptz`, eq(applications.stage, "offered")))
          .orderBy(applicationOffers.expires_at)
          .limit(EXPIRY_BATCH);
        for (const offer of due) await expireOffer(ctx, offer.applicationId);
        return { ran: true, expired: due.length };
      });
    },
  };
}

export type PipelineService = ReturnType<typeof createPipelineService>;

export { offerExpirySchedule } from "./schedule";
