/** The rule of her reminders (ADR 0102): which ones her state calls for, when each is due, and why one is cancelled. */
import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../time";
import { cancelReasonFor, reminderDays, type ReminderState, wantedReminders } from "./reminders";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const INVITED = new Date("2026-03-09T18:00:00.000Z");
const DAYS = { kit: 5, consult: 3 };
const base: ReminderState = {
  stage: "assessment_invited",
  stageChangedAt: INVITED,
  remindersOn: true,
  kitSent: false,
  consultInvitedAt: null,
  consultStartsAt: null,
};
const kinds = (state: ReminderState, days = DAYS) => wantedReminders(state, days, NOW).map((w) => w.kind);

describe("the reminders her state calls for", () => {
  it("asks for 'kit not sent' N days after the invitation until a kit_sent step exists", () => {
    expect(wantedReminders(base, DAYS, NOW)).toEqual([{ kind: "kit_not_sent", dueAt: new Date(INVITED.getTime() + 5 * DAY_MS), since: INVITED }]);
    expect(kinds({ ...base, kitSent: true })).toEqual([]);
    expect(kinds(base, { kit: 0, consult: 3 })).toEqual([]);
    expect(kinds({ ...base, stage: "reviewing" })).toEqual([]);
  });

  it("asks for 'consult not booked' once she may book (passed, or invited to book) and has no booking", () => {
    const passed = { ...base, stage: "assessment_passed" as const };
    expect(wantedReminders(passed, DAYS, NOW)).toEqual([{ kind: "consult_not_booked", dueAt: new Date(INVITED.getTime() + 3 * DAY_MS), since: INVITED }]);
    const early = new Date("2026-03-01T00:00:00.000Z");
    expect(wantedReminders({ ...base, stage: "reviewing", consultInvitedAt: early }, DAYS, NOW).map((w) => w.dueAt)).toEqual([new Date(early.getTime() + 3 * DAY_MS)]);
    expect(kinds({ ...base, stage: "withdrawn", consultInvitedAt: early })).toEqual([]);
    expect(kinds({ ...passed, consultStartsAt: new Date(NOW.getTime() + 3 * DAY_MS) })).toEqual(["consult_tomorrow"]);
  });

  it("asks for 'consult tomorrow' 24 hours before a booked consult, never made when that moment has passed", () => {
    const startsAt = new Date(NOW.getTime() + 2 * DAY_MS);
    const booked = { ...base, stage: "assessment_passed" as const, consultStartsAt: startsAt };
    expect(wantedReminders(booked, DAYS, NOW)).toEqual([{ kind: "consult_tomorrow", dueAt: new Date(startsAt.getTime() - DAY_MS), since: new Date(startsAt.getTime() - DAY_MS) }]);
    const soon = { ...booked, consultStartsAt: new Date(NOW.getTime() + 3 * HOUR_MS) };
    expect(wantedReminders(soon, DAYS, NOW)[0]).toMatchObject({ kind: "consult_tomorrow", late: true });
    expect(kinds({ ...booked, consultStartsAt: new Date(NOW.getTime() - HOUR_MS) })).toEqual([]);
  });

  it("asks for none when she turned reminders off", () => {
    expect(kinds({ ...base, remindersOn: false })).toEqual([]);
  });

  it("says why one is cancelled", () => {
    expect(cancelReasonFor("kit_not_sent", { ...base, kitSent: true }, DAYS)).toBe("she_acted");
    expect(cancelReasonFor("kit_not_sent", { ...base, stage: "assessment_passed" }, DAYS)).toBe("stage_changed");
    expect(cancelReasonFor("kit_not_sent", { ...base, remindersOn: false }, DAYS)).toBe("reminders_off");
    expect(cancelReasonFor("consult_not_booked", { ...base, consultStartsAt: NOW }, DAYS)).toBe("she_acted");
    expect(cancelReasonFor("consult_tomorrow", base, DAYS)).toBe("she_acted");
  });

  it("reads the days of the pilot's settings, null meaning the default", () => {
    expect(reminderDays(undefined)).toEqual({ kit: 5, consult: 3 });
    expect(reminderDays({ kit_reminder_days: 0, consult_reminder_days: null })).toEqual({ kit: 0, consult: 3 });
  });
});
