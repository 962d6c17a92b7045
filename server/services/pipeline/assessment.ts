/**
 * The assessment step (ADR 0101): the kit's progress (sent, received, result in), recorded by staff or, for "sent",
 * by her on her page; and the review (a scorecard: the result against the pilot's criteria, a recommendation and a
 * required reason) that a pass or a not-eligible decision out of `assessment_invited` needs first (./moves.ts asks
 * `reviewedSinceInvited`). Each runs inside the quota lock like a move, is audited, and brings her reminders in line.
 */
import { and, asc, desc, eq, gte, isNull } from "drizzle-orm";
import type { AssessmentView, Review, ReviewRequest } from "#core/contracts/assessment";
import { furthestKitStep, isKitStep, type KitStep, type ReviewRecommendation } from "#core/pipeline/assessment";
import { applications, applicationStageHistory, assessmentReviews, assessmentSteps } from "../../db/schema";
import { type Actor, recordAudit } from "../audit";
import { ServiceError } from "../errors";
import { remindersOf, syncReminders } from "../reminders";
import type { Tx } from "./tx";

type Reader = Pick<Tx, "select">;

/** When she last entered `assessment_invited` by a move (an undo back into it is no new invitation); epoch when unknown. */
async function invitedAt(tx: Reader, applicationId: string): Promise<Date> {
  const [row] = await tx
    .select({ at: applicationStageHistory.at })
    .from(applicationStageHistory)
    .where(
      and(
        eq(applicationStageHistory.application_id, applicationId),
        eq(applicationStageHistory.to_stage, "assessment_invited"),
        isNull(applicationStageHistory.undo_of),
        isNull(applicationStageHistory.undone_at),
      ),
    )
    .orderBy(desc(applicationStageHistory.at))
    .limit(1);
  return row?.at ?? new Date(0);
}

/** Whether a review was written since she was last moved into `assessment_invited`. */
export async function reviewedSinceInvited(tx: Reader, applicationId: string): Promise<boolean> {
  const since = await invitedAt(tx, applicationId);
  const [review] = await tx
    .select({ id: assessmentReviews.id })
    .from(assessmentReviews)
    .where(and(eq(assessmentReviews.application_id, applicationId), gte(assessmentReviews.created_at, since)))
    .limit(1);
  return review !== undefined;
}

const toReview = (row: typeof assessmentReviews.$inferSelect): Review => ({
  id: row.id,
  meetsCriteria: row.meets_criteria,
  recommendation: row.recommendation as ReviewRecommendation,
  reason: row.reason,
  by: row.reviewer_username,
  at: row.created_at.toISOString(),
});

/** The kit's steps, the reviews and her reminders, as the record page shows them. */
export async function assessmentView(tx: Reader, applicationId: string): Promise<AssessmentView> {
  const [app] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
  if (!app) throw new ServiceError("not_found", "Application not found");
  const [steps, reviews, reminders, reviewed] = await Promise.all([
    tx.select().from(assessmentSteps).where(eq(assessmentSteps.application_id, applicationId)).orderBy(asc(assessmentSteps.at), asc(assessmentSteps.id)),
    tx.select().from(assessmentReviews).where(eq(assessmentReviews.application_id, applicationId)).orderBy(asc(assessmentReviews.created_at), asc(assessmentReviews.id)),
    remindersOf(tx, applicationId),
    reviewedSinceInvited(tx, applicationId),
  ]);
  const kitSteps = steps.filter((s) => isKitStep(s.status));
  return {
    steps: kitSteps.map((s) => ({ id: s.id, status: s.status as KitStep, by: s.actor_username, at: s.at.toISOString() })),
    kit: furthestKitStep(kitSteps.map((s) => s.status)),
    reviews: reviews.map(toReview),
    reviewed,
    reminders,
  };
}

/** The furthest kit step of her application (her page's words); null before any. */
export async function kitProgressOf(tx: Reader, applicationId: string): Promise<KitStep | null> {
  const steps = await tx.select({ status: assessmentSteps.status }).from(assessmentSteps).where(eq(assessmentSteps.application_id, applicationId));
  return furthestKitStep(steps.map((s) => s.status));
}

/** Her application locked, refused unless she is at `assessment_invited`. */
async function invitedLocked(tx: Tx, applicationId: string, what: string): Promise<void> {
  const [app] = await tx.select({ stage: applications.stage }).from(applications).where(eq(applications.id, applicationId)).for("update");
  if (!app) throw new ServiceError("not_found", "Application not found");
  if (app.stage !== "assessment_invited") throw new ServiceError("conflict", `${what} only while she is invited to the assessment`);
}

function audit(tx: Tx, action: "assessment_step" | "assessment_review", applicationId: string, actor: Actor, clientAddress: string | null, at: Date, detail: Record<string, unknown>) {
  return recordAudit(tx, at, { actor, action, targetType: "application", targetId: applicationId, clientAddress, detail });
}

/** A step of the kit's progress recorded by staff (audited). */
export async function recordStepLocked(tx: Tx, now: Date, applicationId: string, status: KitStep, actor: Actor, clientAddress: string | null): Promise<void> {
  await invitedLocked(tx, applicationId, "The kit's progress can be recorded");
  await tx.insert(assessmentSteps).values({ application_id: applicationId, status, actor_id: actor.id, actor_username: actor.username, at: now });
  await audit(tx, "assessment_step", applicationId, actor, clientAddress, now, { status });
  await syncReminders(tx, applicationId, now);
}

/**
 * She says on her page that she has sent her kit: a kit_sent step without an actor, once (a second press changes
 * nothing). Answers whether it was written; false when she is not at the assessment step or said so already.
 */
export async function kitSentByApplicantLocked(tx: Tx, now: Date, applicationId: string): Promise<boolean> {
  const [app] = await tx.select({ stage: applications.stage }).from(applications).where(eq(applications.id, applicationId)).for("update");
  if (!app || app.stage !== "assessment_invited") return false;
  const [already] = await tx
    .select({ id: assessmentSteps.id })
    .from(assessmentSteps)
    .where(and(eq(assessmentSteps.application_id, applicationId), eq(assessmentSteps.status, "kit_sent")))
    .limit(1);
  if (already) return false;
  await tx.insert(assessmentSteps).values({ application_id: applicationId, status: "kit_sent", actor_id: null, actor_username: null, at: now });
  await syncReminders(tx, applicationId, now);
  return true;
}

/** A review of her assessment (audited without its reason, which is staff's own words about her health). */
export async function reviewLocked(tx: Tx, now: Date, applicationId: string, input: ReviewRequest, actor: Actor, clientAddress: string | null): Promise<Review> {
  await invitedLocked(tx, applicationId, "A review can be recorded");
  const [row] = await tx
    .insert(assessmentReviews)
    .values({
      application_id: applicationId,
      meets_criteria: input.meetsCriteria,
      recommendation: input.recommendation,
      reason: input.reason,
      reviewer_id: actor.id,
      reviewer_username: actor.username,
      created_at: now,
    })
    .returning();
  if (!row) throw new Error("the review was not written");
  await audit(tx, "assessment_review", applicationId, actor, clientAddress, now, { meetsCriteria: input.meetsCriteria, recommendation: input.recommendation });
  return toReview(row);
}
