/** The selection's settings, read from the validated environment at start. */
import type { Env } from "../../config/env";

export interface PipelineSettings {
  /** Places in the pilot (PILOT_CAPACITY). */
  capacity: number;
  /** Days an offer waits for an answer (OFFER_DAYS). */
  offerDays: number;
  /** Hours before the deadline at which an unanswered offer is reminded; 0 for none (OFFER_REMINDER_HOURS). */
  reminderHours: number;
  /** Seconds a staff move can be undone, its emails held that long; 0 for none (MOVE_UNDO_SECONDS). */
  undoSeconds: number;
  /** What the assessment invitation says to do (a live setting, ADR 0091; empty for the standard text). */
  assessmentInstructions: string;
  /** The enrollment window's first values (PILOT_ENROLLMENT_OPENS_AT, _CLOSES_AT); null: no such end. */
  enrollmentOpensAt: Date | null;
  enrollmentClosesAt: Date | null;
  /** Where the assessment invitation points (ASSESSMENT_URL). */
  assessmentUrl: string;
  /** Days in one open stage after which an applicant counts as stuck (PIPELINE_STUCK_DAYS). */
  stuckDays: number;
}

type PipelineEnv = Pick<
  Env,
  "PILOT_CAPACITY" | "PILOT_ENROLLMENT_OPENS_AT" | "PILOT_ENROLLMENT_CLOSES_AT" | "OFFER_DAYS" | "OFFER_REMINDER_HOURS" | "MOVE_UNDO_SECONDS" | "ASSESSMENT_URL" | "PIPELINE_STUCK_DAYS"
>;

export function pipelineSettingsFromEnv(env: PipelineEnv): PipelineSettings {
  return {
    capacity: env.PILOT_CAPACITY,
    enrollmentOpensAt: env.PILOT_ENROLLMENT_OPENS_AT ? new Date(env.PILOT_ENROLLMENT_OPENS_AT) : null,
    enrollmentClosesAt: env.PILOT_ENROLLMENT_CLOSES_AT ? new Date(env.PILOT_ENROLLMENT_CLOSES_AT) : null,
    offerDays: env.OFFER_DAYS,
    reminderHours: env.OFFER_REMINDER_HOURS,
    undoSeconds: env.MOVE_UNDO_SECONDS,
    assessmentInstructions: "",
    assessmentUrl: env.ASSESSMENT_URL,
    stuckDays: env.PIPELINE_STUCK_DAYS,
  };
}
