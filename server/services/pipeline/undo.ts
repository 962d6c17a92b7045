/**
 * Undo of a staff stage move within MOVE_UNDO_SECONDS (ADR 0090), inside a transaction holding the quota lock: the
 * application goes back to the stage (and waitlist order) it had, the move's emails still waiting in the outbox are
 * cancelled, an offer the move made is closed and one it answered is reopened. Only the application's latest move,
 * by its author or a super admin; never a move that gave up a place, which went on to the next woman at once (staff
 * move her back instead, with a reason).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { isStage, PLACE_STAGES, type Stage, STAGE_LABELS } from "#core/pipeline/stages";
import { applicationOffers, applications, applicationStageHistory, auditEvents, emailOutbox } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";
import { syncReminders } from "../reminders";
import { queueWebhookEvent } from "../webhooks";
import type { MoveContext } from "./moves";
import type { Tx } from "./tx";

export interface UndoRequest {
  applicationId: string;
  actor: Actor;
  /** A super admin may undo anyone's move; others only their own. */
  superAdmin: boolean;
  clientAddress: string | null;
}

/** The offer outcome a staff move out of `offered` wrote, which its undo clears again. */
const ANSWERED_BY_MOVE: Partial<Record<Stage, string>> = { enrolled: "accepted", declined: "declined", withdrawn: "withdrawn", offer_expired: "expired" };

/** The application's latest move, if it is a staff move that can still be undone at `now` (else why not). */
export async function undoableMove(tx: Pick<Tx, "select">, applicationId: string, now: Date, undoSeconds: number) {
  const [last] = await tx
    .select()
    .from(applicationStageHistory)
    .where(eq(applicationStageHistory.application_id, applicationId))
    .orderBy(desc(applicationStageHistory.at), desc(applicationStageHistory.id))
    .limit(1);
  if (!last || last.undo_of !== null || last.undone_at !== null || last.actor_id === null) {
    return { move: null, why: "There is no move of yours to undo: the latest change was not a staff move, or it was undone already" } as const;
  }
  const from: Stage = isStage(last.from_stage) ? last.from_stage : "new";
  const to: Stage = isStage(last.to_stage) ? last.to_stage : "new";
  if (PLACE_STAGES.includes(from) && !PLACE_STAGES.includes(to)) {
    return { move: null, why: "This move gave up a place, which went on at once: move her back instead, with a reason" } as const;
  }
  const until = new Date(last.at.getTime() + undoSeconds * 1000);
  if (undoSeconds === 0 || until.getTime() <= now.getTime()) {
    return { move: null, why: "The time to undo this move has passed: move her back instead, with a reason" } as const;
  }
  return { move: { ...last, from, to, until }, why: null } as const;
}

export async function undoLocked(ctx: MoveContext, request: UndoRequest): Promise<{ from: Stage; to: Stage; cancelledEmails: number }> {
  const { tx, now, settings } = ctx;
  const [app] = await tx
    .select({ id: applications.id, stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, request.applicationId))
    .for("update");
  if (!app) throw new ServiceError("not_found", "Application not found");
  const { move, why } = await undoableMove(tx, app.id, now, settings.undoSeconds);
  if (!move) throw new ServiceError("conflict", why);
  if (!request.superAdmin && move.actor_id !== request.actor.id) {
    throw new ServiceError("forbidden", "Only the staff member who made this move, or a super admin, can undo it");
  }
  if (app.stage !== move.to) throw new ServiceError("conflict", `This application is no longer in "${STAGE_LABELS[move.to]}"`);

  const cancelled = await tx
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.move_id, move.id), eq(emailOutbox.status, "queued")))
    .returning({ id: emailOutbox.id });
  if (move.to === "offered") {
    await tx
      .update(applicationOffers)
      .set({ outcome: "undone", answered_at: now })
      .where(and(eq(applicationOffers.application_id, app.id), isNull(applicationOffers.outcome)));
  }
  const answered = move.from === "offered" ? ANSWERED_BY_MOVE[move.to] : undefined;
  if (answered) {
    await tx
      .update(applicationOffers)
      .set({ outcome: null, answered_at: null })
      .where(and(eq(applicationOffers.application_id, app.id), eq(applicationOffers.outcome, answered), eq(applicationOffers.answered_at, move.at)));
  }
  await tx
    .update(applications)
    .set({ stage: move.from, stage_changed_at: now, waitlist_rank: move.waitlist_rank_before })
    .where(eq(applications.id, app.id));
  await tx.update(applicationStageHistory).set({ undone_at: now }).where(eq(applicationStageHistory.id, move.id));
  await syncReminders(tx, app.id, now);
  await tx.insert(applicationStageHistory).values({
    application_id: app.id,
    from_stage: move.to,
    to_stage: move.from,
    actor_id: request.actor.id,
    actor_username: request.actor.username,
    reason: "Undo",
    at: now,
    undo_of: move.id,
  });
  await queueWebhookEvent(tx, "application.stage_changed", now, { id: app.id, from: move.to, to: move.from, changedAt: now.toISOString() }, { applicationId: app.id });
  await tx.insert(auditEvents).values({
    actor_id: request.actor.id,
    actor_username: request.actor.username,
    action: "stage_undo",
    target_type: "application",
    target_id: app.id,
    at: now,
    client_address: request.clientAddress?.slice(0, 64) ?? null,
    detail: { from: move.to, to: move.from, cancelledEmails: cancelled.length },
  });
  return { from: move.to, to: move.from, cancelledEmails: cancelled.length };
}
