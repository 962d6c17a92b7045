/**
 * The selection's funnel (ADR 0069): the steps an applicant passes on her way to a place, which stages
 * count as having reached each step, and the stages in which a long wait means someone should act.
 * Plain data: the server's counting and the admin's table both read it.
 */
import { FORWARD_MOVES, type Stage, STAGES } from "./stages";

export const FUNNEL_STEPS = ["applied", "invited", "passed", "offered", "enrolled"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  applied: "Applied",
  invited: "Invited to the assessment",
  passed: "Passed the assessment",
  offered: "Offered a place",
  enrolled: "Enrolled",
};

/**
 * The furthest funnel step (its index in FUNNEL_STEPS) that reaching a stage proves. A declined or
 * expired offer was an offer; not_eligible, waitlisted and withdrawn prove nothing beyond applying
 * (they can be reached from early stages), so an applicant's step is the furthest over every stage
 * she ever entered.
 */
export const STAGE_FUNNEL_LEVEL: Readonly<Record<Stage, number>> = {
  new: 0,
  reviewing: 0,
  assessment_invited: 1,
  assessment_passed: 2,
  not_eligible: 0,
  offered: 3,
  enrolled: 4,
  declined: 3,
  offer_expired: 3,
  waitlisted: 0,
  withdrawn: 0,
};

/** Stages that prove more than applying (the history rows the funnel reads). */
export const ADVANCED_STAGES: readonly Stage[] = STAGES.filter((stage) => STAGE_FUNNEL_LEVEL[stage] > 0);

/**
 * Stages an applicant can be in after a stage of a further step (not_eligible after an invitation,
 * waitlisted after a pass or an offer, withdrawn after anything): only for these does the funnel read
 * the history; anywhere else the current stage is the furthest step. Computed from the stage table's forward
 * moves: a move back corrects a mistake (ADR 0090), so after one the current stage is her furthest step.
 */
export const STAGES_AFTER_FURTHER_STEPS: readonly Stage[] = STAGES.filter((stage) => {
  const before = new Set<Stage>();
  const walk = (to: Stage) => {
    for (const from of STAGES) {
      if (FORWARD_MOVES[from].includes(to) && !before.has(from)) {
        before.add(from);
        walk(from);
      }
    }
  };
  walk(stage);
  return [...before].some((from) => STAGE_FUNNEL_LEVEL[from] > STAGE_FUNNEL_LEVEL[stage]);
});

/**
 * Stages that wait for staff: an applicant here longer than PIPELINE_STUCK_DAYS is listed as stuck.
 * `offered` ends by itself (the offer expires after OFFER_DAYS) and `waitlisted` waits for a place,
 * so neither is listed; the final stages and `enrolled` are not waits.
 */
export const STUCK_STAGES = ["new", "reviewing", "assessment_invited", "assessment_passed"] as const satisfies readonly Stage[];

/** How the funnel may be split: the query's `by` value and the application's column it reads. */
export const FUNNEL_GROUPS = ["source", "utm_campaign", "form_source"] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];

export const FUNNEL_GROUP_LABELS: Record<FunnelGroup, string> = {
  source: "Traffic source",
  utm_campaign: "UTM campaign",
  form_source: "Form source",
};

export const FUNNEL_DAYS_DEFAULT = 90;
export const FUNNEL_DAYS_MAX = 365;
/** Groups listed one by one; the rest are summed in one "other" row. */
export const FUNNEL_GROUPS_MAX = 50;
/** The median time before moving on is taken over this many latest moves out of each stage. */
export const LEAVE_SAMPLE = 1000;
/** Stuck applicants listed (oldest wait first); the count covers them all. */
export const STUCK_LIST_MAX = 100;
