/**
 * Reminders about her next step (ADR 0102): the kinds, their words for staff, and the one rule that says which
 * reminders her state calls for and when each is due. The service (server/services/reminders) makes the stored
 * reminders match this rule whenever her state changes, and checks it again before sending one.
 */
import { DAY_MS, HOUR_MS } from "../time";
import type { Stage } from "./stages";

export const REMINDER_KINDS = ["kit_not_sent", "consult_not_booked", "consult_tomorrow", "offer_deadline"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The kinds this rule schedules (the offer's deadline reminder is the offers' own, ADR 0088). */
export type ScheduledKind = Exclude<ReminderKind, "offer_deadline">;

export const REMINDER_STATUSES = ["scheduled", "sent", "cancelled"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  kit_not_sent: "Kit not sent",
  consult_not_booked: "Consult not booked",
  consult_tomorrow: "Consult tomorrow",
  offer_deadline: "Offer deadline",
};

export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  scheduled: "Scheduled",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** Why a reminder was cancelled: she did what it asked, her stage moved on, reminders were turned off, or staff. */
export const CANCEL_REASONS = ["she_acted", "stage_changed", "reminders_off", "staff"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  she_acted: "she acted",
  stage_changed: "her stage changed",
  reminders_off: "reminders turned off",
  staff: "cancelled by staff",
};

/** Days before "kit not sent" and "consult not booked" when the pilot's setting is null (0 turns one off). */
export const DEFAULT_KIT_REMINDER_DAYS = 5;
export const DEFAULT_CONSULT_REMINDER_DAYS = 3;
export const REMINDER_DAYS_MAX = 60;

/**
 * When the reminder of an open offer is due (ADR 0088): OFFER_REMINDER_HOURS before its deadline, but never before
 * halfway through it, so a short offer is not reminded the moment it is made.
 */
export function offerReminderDue(createdAt: Date, expiresAt: Date, leadHours: number): Date {
  const halfway = createdAt.getTime() + (expiresAt.getTime() - createdAt.getTime()) / 2;
  return new Date(Math.max(expiresAt.getTime() - leadHours * HOUR_MS, halfway));
}

/** How long before her consult "consult tomorrow" is due. */
export const CONSULT_TOMORROW_LEAD_MS = 24 * HOUR_MS;

/** The stages from which she may book a consult when staff invited her to (passing the assessment lets her anyway). */
const INVITED_TO_BOOK: readonly Stage[] = ["new", "reviewing", "assessment_invited", "assessment_passed"];

/** What the rule reads of her. */
export interface ReminderState {
  stage: Stage;
  /** When she entered her stage. */
  stageChangedAt: Date;
  /** Her choice on her page (applications.reminder_emails). */
  remindersOn: boolean;
  /** Whether a kit_sent step exists (by her or by staff). */
  kitSent: boolean;
  /** Staff let her book before passing. */
  consultInvitedAt: Date | null;
  /** Her live booking's start, if any. */
  consultStartsAt: Date | null;
}

export interface ReminderDays {
  kit: number;
  consult: number;
}

/** One reminder her state calls for: due when, and since when it is called for (a sent or staff-cancelled one since then is not made again). */
export interface WantedReminder {
  kind: ScheduledKind;
  dueAt: Date;
  since: Date;
  /** Due already when first called for: kept when it was planned before, never made now (consult tomorrow only). */
  late?: boolean;
}

/** The days in force: the setting, or the default when it is null. */
export function reminderDays(settings: { kit_reminder_days: number | null; consult_reminder_days: number | null } | undefined): ReminderDays {
  return {
    kit: settings?.kit_reminder_days ?? DEFAULT_KIT_REMINDER_DAYS,
    consult: settings?.consult_reminder_days ?? DEFAULT_CONSULT_REMINDER_DAYS,
  };
}

/**
 * The reminders her state calls for now: "kit not sent" N days after she was invited, while no kit_sent step exists;
 * "consult not booked" N days after she could book (passed, or invited to book), while she has no live booking;
 * "consult tomorrow" 24 hours before her booked consult, when that moment is still to come (or was already planned).
 */
export function wantedReminders(state: ReminderState, days: ReminderDays, now: Date): WantedReminder[] {
  if (!state.remindersOn) return [];
  const wanted: WantedReminder[] = [];
  if (state.stage === "assessment_invited" && !state.kitSent && days.kit > 0) {
    wanted.push({ kind: "kit_not_sent", dueAt: new Date(state.stageChangedAt.getTime() + days.kit * DAY_MS), since: state.stageChangedAt });
  }
  const mayBookSince =
    state.stage === "assessment_passed"
      ? earliest(state.stageChangedAt, state.consultInvitedAt)
      : state.consultInvitedAt && INVITED_TO_BOOK.includes(state.stage)
        ? state.consultInvitedAt
        : null;
  if (mayBookSince && !state.consultStartsAt && days.consult > 0) {
    wanted.push({ kind: "consult_not_booked", dueAt: new Date(mayBookSince.getTime() + days.consult * DAY_MS), since: mayBookSince });
  }
  if (state.consultStartsAt && (mayBookSince || state.stage === "offered" || state.stage === "enrolled")) {
    const dueAt = new Date(state.consultStartsAt.getTime() - CONSULT_TOMORROW_LEAD_MS);
    if (state.consultStartsAt.getTime() > now.getTime()) {
      wanted.push({ kind: "consult_tomorrow", dueAt, since: dueAt, ...(dueAt.getTime() <= now.getTime() ? { late: true } : {}) });
    }
  }
  return wanted;
}

function earliest(a: Date, b: Date | null): Date {
  return b && b.getTime() < a.getTime() ? b : a;
}

/** Why a scheduled reminder her state no longer calls for is cancelled. */
export function cancelReasonFor(kind: ScheduledKind, state: ReminderState, days: ReminderDays): CancelReason {
  if (!state.remindersOn) return "reminders_off";
  if (kind === "kit_not_sent") {
    if (state.stage !== "assessment_invited") return "stage_changed";
    return state.kitSent ? "she_acted" : "reminders_off";
  }
  if (kind === "consult_not_booked") {
    if (state.consultStartsAt) return "she_acted";
    return days.consult === 0 ? "reminders_off" : "stage_changed";
  }
  return state.consultStartsAt ? "stage_changed" : "she_acted";
}
