/**
 * A stage move inside a transaction that already holds the quota lock (./tx.ts): checks the move
 * against the table (core/pipeline/stages.ts), the place count for an offer, and the reason an
 * ineligible applicant's forward move needs; then writes the stage, its history row, the audit event,
 * the offer (or closes it) and the applicant's email. A refused move throws before anything is written,
 * and the transaction rolls back whatever came before.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { canMove, isMoveBack, isStage, NEEDS_REASON_WHEN_INELIGIBLE, PLACE_STAGES, RETURNS_TO_PREVIOUS, type Stage, STAGE_LABELS } from "#core/pipeline/stages";
import { applicationOffers, applications, applicationStageHistory, auditEvents, users } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";
import type { SelectionEvent } from "../mail-templates";
import type { OutboxQueueConfig } from "../outbox";
import { queueApplicantEmail, queueOutcomeLetter, queueStaffSelectionAlert, type SelectionMailConfig } from "./emails";
import { queueWebhookEvent } from "../webhooks";
import { hashOfferToken, offerTokenFor } from "../offer-token";
import type { PipelineSettings } from "./settings";
import { rowsOf, type Tx } from "./tx";
import { applicantTimeZone, DAY_MS } from "#core/time";
import { REVIEW_REQUIRED_CODE, REVIEW_REQUIRED_MESSAGE, REVIEWED_DECISIONS } from "#core/pipeline/assessment";
import { offerReminderDue } from "#core/pipeline/reminders";
import { cancelConsultOnLeaving } from "../consult";
import { scheduleOfferReminder, syncReminders } from "../reminders";
import { reviewedSinceInvited } from "./assessment";


export interface MoveContext {
  tx: Tx;
  now: Date;
  settings: PipelineSettings;
  outbox: OutboxQueueConfig;
  /** Signs offer links (ADR 0104). */
  linkSecret: string;
}

/** Who asked for a move: a staff member, the applicant (her offer link), or the system (expiry, promotion). */
export type MovedBy = { kind: "staff"; actor: Actor; clientAddress?: string | null } | { kind: "applicant" } | { kind: "system" };

export interface MoveRequest {
  applicationId: string;
  to: Stage;
  reason?: string | null;
  by: MovedBy;
  /** Skip the applicant's email (the caller sends a different one). */
  quiet?: boolean;
}

export interface MoveResult {
  from: Stage;
  to: Stage;
  /** The move's history row. */
  moveId: string;
  /** The new offer's link token (a move to `offered`). */
  offerToken?: string;
}


const OFFER_OUTCOME: Partial<Record<Stage, string>> = {
  enrolled: "accepted",
  declined: "declined",
  offer_expired: "expired",
  withdrawn: "withdrawn",
};

export const placesFullMessage = (capacity: number) => `All ${capacity} places are taken or offered`;

export function forbiddenMoveMessage(from: Stage, to: Stage): string {
  return from === to
    ? `This application is already in "${STAGE_LABELS[from]}"`
    : `An application in "${STAGE_LABELS[from]}" cannot move to "${STAGE_LABELS[to]}"`;
}

const iso = (date: Date) => date.toISOString();

/** Places taken: enrolled, plus offers still open and not past their deadline. */
export async function placesTaken(tx: Tx, now: Date): Promise<number> {
  const result = await tx.execute(sql`select
      (select count(*) from "applications" where "stage" = 'enrolled')::int
    + (select count(*) from "application_offers" where "outcome" is null and "expires_at" > ${iso(now)}::timestamptz)::int as "n"`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Her position on the waitlist (1 = next), or null when she is not on it or cannot be offered a place:
 * only women waitlisted and eligible are ranked, as promotion offers places to them alone (ADR 0087).
 */
export async function waitlistPosition(tx: Pick<Tx, "execute">, applicationId: string): Promise<number | null> {
  const result = await tx.execute(sql`select count(*)::int as "n" from "applications" w, "applications" me
    where me."id" = ${applicationId} and me."stage" = 'waitlisted' and me."eligible" and w."stage" = 'waitlisted' and w."eligible"
      and (w."waitlist_rank", w."id") <= (me."waitlist_rank", me."id")`);
  const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  return n > 0 ? n : null;
}

function actorOf(by: MovedBy): { id: string | null; username: string | null } {
  if (by.kind === "staff") return { id: by.actor.id, username: by.actor.username };
  return { id: null, username: by.kind === "system" ? "system" : null };
}

export async function moveLocked(ctx: MoveContext, request: MoveRequest): Promise<MoveResult> {
  const { tx, now, settings } = ctx;
  const { applicationId, to, by } = request;
  const reason = request.reason?.trim() ? request.reason.trim() : null;
  const [app] = await tx
    .select({
      id: applications.id,
      email: applications.email,
      firstName: applications.firstName,
      stage: applications.stage,
      eligible: applications.eligible,
      timezone: applications.timezone,
      state: applications.state,
      zipCode: applications.zipCode,
      marketingConsent: applications.marketing_consent,
      waitlistRank: applications.waitlist_rank,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for("update");
  if (!app) throw new ServiceError("not_found", "Application not found");
  const from: Stage = isStage(app.stage) ? app.stage : "new";
  if (!canMove(from, to)) throw new ServiceError("conflict", forbiddenMoveMessage(from, to));
  const back = isMoveBack(from, to);
  if (by.kind === "staff" && back && !reason) {
    const message = "A move back needs a reason";
    throw new ServiceError("invalid", message, { reason: [message] });
  }
  if (back && RETURNS_TO_PREVIOUS.includes(from)) {
    const previous = await stageBefore(tx, app.id, from);
    if (previous && previous !== to) {
      throw new ServiceError("conflict", `She was in "${STAGE_LABELS[previous]}" before "${STAGE_LABELS[from]}": she can go back only there`);
    }
  }
  if (by.kind === "staff" && !app.eligible && NEEDS_REASON_WHEN_INELIGIBLE.includes(to) && !reason) {
    const message = "This applicant does not meet the pilot's criteria: give a reason for this move";
    throw new ServiceError("invalid", message, { reason: [message] });
  }
  // A pass or a not-eligible decision out of the assessment needs a review written since she was invited (ADR 0101).
  if (from === "assessment_invited" && REVIEWED_DECISIONS.includes(to) && !(await reviewedSinceInvited(tx, app.id))) {
    throw new ServiceError("conflict", REVIEW_REQUIRED_MESSAGE, undefined, REVIEW_REQUIRED_CODE);
  }
  // Into a place from outside one (an offer, or back to a place she had): only while one is free.
  if (PLACE_STAGES.includes(to) && !PLACE_STAGES.includes(from) && (await placesTaken(tx, now)) >= settings.capacity) {
    throw new ServiceError("conflict", placesFullMessage(settings.capacity));
  }

  // On the waitlist at its end, whoever she is and wherever she comes from: nobody is put ahead of a
  // woman already told her number (ADR 0087).
  const rank = to === "waitlisted" ? now.getTime() : null;
  await tx.update(applications).set({ stage: to, stage_changed_at: now, waitlist_rank: rank }).where(eq(applications.id, app.id));
  const actor = actorOf(by);
  const [history] = await tx
    .insert(applicationStageHistory)
    .values({
      application_id: app.id,
      from_stage: from,
      to_stage: to,
      actor_id: actor.id,
      actor_username: actor.username,
      reason,
      at: now,
      waitlist_rank_before: app.waitlistRank,
    })
    .returning({ id: applicationStageHistory.id });
  if (!history) throw new Error("the stage history row was not written");
  // A staff move's emails wait for its undo window (ADR 0090).
  const mail: SelectionMailConfig =
    by.kind === "staff" && settings.undoSeconds > 0
      ? { ...ctx.outbox, hold: { moveId: history.id, until: new Date(now.getTime() + settings.undoSeconds * 1000) } }
      : ctx.outbox;
  await queueWebhookEvent(tx, "application.stage_changed", now, { id: app.id, from, to, changedAt: now.toISOString() }, { applicationId: app.id });
  await tx.insert(auditEvents).values({
    actor_id: actor.id,
    actor_username: actor.username,
    action: "stage_move",
    target_type: "application",
    target_id: app.id,
    at: now,
    client_address: by.kind === "staff" && by.clientAddress ? by.clientAddress.slice(0, 64) : null,
    detail: { from, to, by: by.kind, withReason: reason !== null },
  });

  const outcome = OFFER_OUTCOME[to];
  if (from === "offered" && outcome) {
    await tx
      .update(applicationOffers)
      .set({ outcome, answered_at: now })
      .where(and(eq(applicationOffers.application_id, app.id), isNull(applicationOffers.outcome)));
  }

  // A consult she booked ends with her application (ADR 0100): she gets the cancel invite.
  if (to === "withdrawn" || to === "not_eligible") await cancelConsultOnLeaving(tx, { applicationId: app.id, outbox: ctx.outbox, at: now });

  const result: MoveResult = { from, to, moveId: history.id };
  // A move back is quiet unless it gives her a place (the offer, the confirmation).
  const quiet = request.quiet === true || (back && !PLACE_STAGES.includes(to));
  const recipient = { id: app.id, email: app.email };
  const firstName = app.firstName;
  if (to === "offered") {
    const offerId = randomUUID();
    const token = offerTokenFor(ctx.linkSecret, offerId);
    const expiresAt = new Date(now.getTime() + settings.offerDays * DAY_MS);
    await tx.insert(applicationOffers).values({ id: offerId, application_id: app.id, token_hash: hashOfferToken(token), created_at: now, expires_at: expiresAt });
    result.offerToken = token;
    if (settings.reminderHours > 0) await scheduleOfferReminder(tx, app.id, offerReminderDue(now, expiresAt, settings.reminderHours), now, now);
    if (!quiet) {
      await queueApplicantEmail(tx, mail, "place_offer", recipient, {
        firstName,
        offerId,
        expiresAt: iso(expiresAt),
        timeZone: applicantTimeZone(app.timezone),
      });
    }
  } else if (!quiet) {
    if (to === "assessment_invited") {
      await queueApplicantEmail(tx, mail, "assessment_invitation", recipient, {
        firstName,
        assessmentUrl: settings.assessmentUrl,
        ...(settings.assessmentInstructions ? { instructions: settings.assessmentInstructions } : {}),
      });
    } else if (to === "assessment_passed") {
      await queueApplicantEmail(tx, mail, "assessment_passed_notice", recipient, { firstName });
    } else if (to === "enrolled") {
      await queueApplicantEmail(tx, mail, "place_confirmed", recipient, { firstName });
    } else if (to === "waitlisted") {
      const placesFull = (await placesTaken(tx, now)) >= settings.capacity;
      await queueApplicantEmail(tx, mail, "waitlist_notice", recipient, { firstName, position: await waitlistPosition(tx, app.id), placesFull });
    } else if (to === "not_eligible" || (to === "withdrawn" && by.kind === "staff")) {
      await queueOutcomeLetter(tx, mail, to, recipient, { ...app, firstName });
    }
  }
  // Her reminders follow her stage (ADR 0102), once the offer (if any) exists.
  await syncReminders(tx, app.id, now);
  return result;
}

/** The stage she was in before she entered `stage` the last time (her history), or null when it is not recorded. */
async function stageBefore(tx: Tx, applicationId: string, stage: Stage): Promise<Stage | null> {
  const [entry] = await tx
    .select({ from: applicationStageHistory.from_stage })
    .from(applicationStageHistory)
    .where(and(eq(applicationStageHistory.application_id, applicationId), eq(applicationStageHistory.to_stage, stage), isNull(applicationStageHistory.undone_at)))
    .orderBy(desc(applicationStageHistory.at), desc(applicationStageHistory.id))
    .limit(1);
  return entry && isStage(entry.from) ? entry.from : null;
}

/** Whether a move gave a place back (an offer or an enrolment ended otherwise than by expiry, handled apart). */
export const freesPlace = (move: MoveResult) => PLACE_STAGES.includes(move.from) && !PLACE_STAGES.includes(move.to) && move.to !== "offer_expired";

/** A woman the selection names to staff. */
export interface Named {
  applicationId: string;
  firstName: string;
  lastName: string;
}

/**
 * What became of a place given back: offered to the next eligible woman, open because nobody eligible waits, or
 * none was free after all (every place still taken, for example after the capacity was lowered).
 */
export type PlaceOutcome = { kind: "offered"; to: Named } | { kind: "nobody_waiting" } | { kind: "no_place" };

/** Offers a freed place to the first eligible applicant on the waitlist, when a place is free. */
export async function promoteNext(
  ctx: MoveContext,
  cause: "declined" | "expired" | "withdrawn",
  /** The applicant whose offer just expired (now at the waitlist's end) is never offered her own place back. */
  except?: string,
): Promise<PlaceOutcome> {
  const { tx, now, settings } = ctx;
  if ((await placesTaken(tx, now)) >= settings.capacity) return { kind: "no_place" };
  const [next] = await tx
    .select({ id: applications.id, firstName: applications.firstName, lastName: applications.lastName })
    .from(applications)
    .where(
      and(eq(applications.stage, "waitlisted"), eq(applications.eligible, true), except ? sql`${applications.id} <> ${except}` : undefined),
    )
    .orderBy(applications.waitlist_rank, applications.id)
    .limit(1);
  if (!next) return { kind: "nobody_waiting" };
  await moveLocked(ctx, { applicationId: next.id, to: "offered", by: { kind: "system" }, reason: `A place came free (${cause})` });
  return { kind: "offered", to: { applicationId: next.id, firstName: next.firstName, lastName: next.lastName } };
}

/**
 * Tells staff what happened to an applicant's offer or place (ADR 0088): one alert per event, saying what became
 * of the place when one came free.
 */
export async function alertStaff(ctx: MoveContext, applicationId: string, event: SelectionEvent, place?: PlaceOutcome): Promise<void> {
  // Her owner hears it too, when she is active staff with a work address (owners are usernames, ADR 0089).
  const [app] = await ctx.tx
    .select({ email: applications.email, firstName: applications.firstName, lastName: applications.lastName, ownerEmail: users.email })
    .from(applications)
    .leftJoin(users, and(eq(users.username, applications.owner), eq(users.is_active, true)))
    .where(eq(applications.id, applicationId));
  if (!app) return;
  const placeWentTo = place === undefined || place.kind === "no_place" ? undefined : place.kind === "offered" ? place.to : null;
  await queueStaffSelectionAlert(
    ctx.tx,
    ctx.outbox,
    { id: applicationId, email: app.email },
    {
      applicationId,
      firstName: app.firstName,
      lastName: app.lastName,
      event,
      ...(placeWentTo === undefined ? {} : { placeWentTo }),
    },
    app.ownerEmail,
  );
}

/**
 * An offer past its deadline: offered → offer_expired → waitlisted (at the waitlist's end), one email
 * telling her so with her position, the place offered to the next eligible applicant, and staff told.
 */
export async function expireOffer(ctx: MoveContext, applicationId: string): Promise<number | null> {
  await moveLocked(ctx, { applicationId, to: "offer_expired", by: { kind: "system" }, reason: "No answer before the deadline" });
  await moveLocked(ctx, { applicationId, to: "waitlisted", by: { kind: "system" }, quiet: true });
  // The place goes on first, so the position she is told is the one she holds after it.
  const place = await promoteNext(ctx, "expired", applicationId);
  const position = await waitlistPosition(ctx.tx, applicationId);
  const [app] = await ctx.tx
    .select({ email: applications.email, firstName: applications.firstName })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (app) await queueApplicantEmail(ctx.tx, ctx.outbox, "offer_expired", { id: applicationId, email: app.email }, { firstName: app.firstName, position });
  await alertStaff(ctx, applicationId, "expired", place);
  return position;
}
