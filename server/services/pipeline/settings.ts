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
  /** Where the assessment invitation points (ASSESSMENT_URL). */
  assessmentUrl: string;
  /** Days in one open stage after which an applicant counts as stuck (PIPELINE_STUCK_DAYS). */
  stuckDays: number;
}

export function pipelineSettingsFromEnv(env: Pick<Env, "PILOT_CAPACITY" | "OFFER_DAYS" | "OFFER_REMINDER_HOURS" | "MOVE_UNDO_SECONDS" | "ASSESSMENT_URL" | "PIPELINE_STUCK_DAYS">): PipelineSettings {
  return { capacity: env.PILOT_CAPACITY, offerDays: env.OFFER_DAYS, reminderHours: env.OFFER_REMINDER_HOURS, undoSeconds: env.MOVE_UNDO_SECONDS, assessmentUrl: env.ASSESSMENT_URL, stuckDays: env.PIPELINE_STUCK_DAYS };
}
