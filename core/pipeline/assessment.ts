/**
 * The assessment step (ADR 0101): the kit's progress, its words for staff and for her, and the review (a scorecard)
 * that must exist before a pass or a not-eligible decision leaves `assessment_invited`. One place for the words and
 * the order; the server, the record page and her page read them from here.
 */
import type { Stage } from "./stages";

/** The kit's steps in their order: she (or staff) sent it, the lab received it, the result is in. */
export const KIT_STEPS = ["kit_sent", "kit_received", "result_in"] as const;
export type KitStep = (typeof KIT_STEPS)[number];

export const isKitStep = (value: unknown): value is KitStep => typeof value === "string" && (KIT_STEPS as readonly string[]).includes(value);

/** What staff read for a step (the record page, the history). */
export const KIT_STEP_LABELS: Record<KitStep, string> = {
  kit_sent: "Kit sent",
  kit_received: "Kit received",
  result_in: "Result in",
};

/** The furthest step reached (steps may be recorded more than once, or out of order by staff). */
export function furthestKitStep(steps: readonly string[]): KitStep | null {
  let furthest = -1;
  for (const step of steps) furthest = Math.max(furthest, KIT_STEPS.indexOf(step as KitStep));
  return furthest < 0 ? null : (KIT_STEPS[furthest] ?? null);
}

/** A review's recommendation: the decision it supports. */
export const REVIEW_RECOMMENDATIONS = ["pass", "not_eligible"] as const;
export type ReviewRecommendation = (typeof REVIEW_RECOMMENDATIONS)[number];

export const REVIEW_RECOMMENDATION_LABELS: Record<ReviewRecommendation, string> = {
  pass: "Pass",
  not_eligible: "Not eligible",
};

export const REVIEW_REASON_MAX = 2000;

/** The decisions out of `assessment_invited` that need a review first. */
export const REVIEWED_DECISIONS: readonly Stage[] = ["assessment_passed", "not_eligible"];

/** The error code of a move the review gate refuses (the body's `code`, beside its message). */
export const REVIEW_REQUIRED_CODE = "review_required";

export const REVIEW_REQUIRED_MESSAGE = "Record a review of her assessment (the criteria, a recommendation and a reason) before this decision";
