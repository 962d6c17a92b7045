import { describe, expect, it } from "vitest";
import type { ConsultAvailability } from "../contracts/consult";
import { consultAvailabilityRequestSchema } from "../contracts/consult";
import { DEFAULT_AVAILABILITY } from "./availability";
import { freeSlots, offeredSlotAt } from "./slots";

const hours = (over: Partial<ConsultAvailability> = {}): ConsultAvailability => ({ ...DEFAULT_AVAILABILITY, minNoticeHours: 0, maxDaysAhead: 365, ...over });
const starts = (slots: { start: string }[]) => slots.map((s) => s.start);
// Thursday, March 5, 2026, 08:00 in Los Angeles (16:00 UTC).
const NOW = new Date("2026-03-05T16:00:00Z");

describe("freeSlots", () => {
  it("cuts the weekday hours of the clinic's zone into slots, weekends closed", () => {
    const slots = freeSlots(hours({ weekly: [{ day: "friday", start: "09:00", end: "11:00" }] }), { now: NOW, from: "2026-03-05", to: "2026-03-08", booked: [] });
    expect(starts(slots)).toEqual(["2026-03-06T17:00:00.000Z", "2026-03-06T17:30:00.000Z", "2026-03-06T18:00:00.000Z", "2026-03-06T18:30:00.000Z"]);
    expect(slots[0]?.end).toBe("2026-03-06T17:30:00.000Z");
  });

  it("reads the hours on each side of the clocks' change in the clinic's zone", () => {
    const week = hours({ weekly: [{ day: "friday", start: "09:00", end: "09:30" }, { day: "monday", start: "09:00", end: "09:30" }] });
    // 09:00 is 17:00 UTC before the spring change (PST) and 16:00 UTC after it (PDT).
    expect(starts(freeSlots(week, { now: NOW, from: "2026-03-06", to: "2026-03-09", booked: [] }))).toEqual(["2026-03-06T17:00:00.000Z", "2026-03-09T16:00:00.000Z"]);
  });

  it("gives the day of the spring change its real hours: 01:00–04:00 is two hours long", () => {
    const spring = hours({ weekly: [], slotMinutes: 60, exceptions: [{ date: "2026-03-08", start: "01:00", end: "04:00" }] });
    expect(starts(freeSlots(spring, { now: NOW, from: "2026-03-08", to: "2026-03-08", booked: [] }))).toEqual(["2026-03-08T09:00:00.000Z", "2026-03-08T10:00:00.000Z"]);
  });

  it("gives the day of the autumn change its real hours: 01:00–03:00 is three hours long", () => {
    const autumn = hours({ weekly: [], slotMinutes: 60, exceptions: [{ date: "2026-11-01", start: "01:00", end: "03:00" }] });
    expect(starts(freeSlots(autumn, { now: NOW, from: "2026-11-01", to: "2026-11-01", booked: [] }))).toEqual([
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T09:00:00.000Z",
      "2026-11-01T10:00:00.000Z",
    ]);
  });

  it("keeps the buffer free after each slot", () => {
    const buffered = hours({ weekly: [{ day: "friday", start: "09:00", end: "11:00" }], slotMinutes: 45, bufferMinutes: 15 });
    expect(starts(freeSlots(buffered, { now: NOW, from: "2026-03-06", to: "2026-03-06", booked: [] }))).toEqual(["2026-03-06T17:00:00.000Z", "2026-03-06T18:00:00.000Z"]);
  });

  it("offers nothing sooner than the minimum notice, nor further than the days ahead", () => {
    const week = hours({ minNoticeHours: 25, maxDaysAhead: 3 });
    const slots = freeSlots(week, { now: NOW, from: "2026-03-05", to: "2026-03-31", booked: [] });
    // 25 h after Thursday 08:00 is Friday 09:00; three days ahead ends on Sunday, so Friday is the only day.
    expect(slots[0]?.start).toBe("2026-03-06T17:00:00.000Z");
    expect(slots.at(-1)?.start).toBe("2026-03-07T00:30:00.000Z");
    expect(slots).toHaveLength(16);
  });

  it("closes a day with an exception without hours and replaces a day's hours with one that has them", () => {
    const week = hours({
      weekly: [{ day: "friday", start: "09:00", end: "10:00" }, { day: "monday", start: "09:00", end: "10:00" }],
      exceptions: [{ date: "2026-03-06" }, { date: "2026-03-09", start: "13:00", end: "13:30" }],
    });
    expect(starts(freeSlots(week, { now: NOW, from: "2026-03-05", to: "2026-03-10", booked: [] }))).toEqual(["2026-03-09T20:00:00.000Z"]);
  });

  it("leaves out the slots a live booking overlaps", () => {
    const week = hours({ weekly: [{ day: "friday", start: "09:00", end: "10:30" }] });
    const booked = [{ start: new Date("2026-03-06T17:30:00Z"), end: new Date("2026-03-06T18:00:00Z") }];
    expect(starts(freeSlots(week, { now: NOW, from: "2026-03-06", to: "2026-03-06", booked }))).toEqual(["2026-03-06T17:00:00.000Z", "2026-03-06T18:00:00.000Z"]);
    expect(offeredSlotAt(week, { now: NOW, booked }, new Date("2026-03-06T17:30:00Z"))).toBeUndefined();
    expect(offeredSlotAt(week, { now: NOW, booked }, new Date("2026-03-06T18:00:00Z"))).toEqual({ start: "2026-03-06T18:00:00.000Z", end: "2026-03-06T18:30:00.000Z" });
    expect(offeredSlotAt(week, { now: NOW, booked }, new Date("2026-03-06T18:10:00Z"))).toBeUndefined();
  });

  it("never starts before today in the clinic's zone, whatever `from` says", () => {
    expect(freeSlots(hours(), { now: NOW, from: "2026-01-01", to: "2026-03-05", booked: [] }).every((s) => s.start >= NOW.toISOString())).toBe(true);
  });
});

describe("the availability contract", () => {
  it("refuses hours that end before they start, a half-given exception and an unknown zone, on their fields", () => {
    const result = consultAvailabilityRequestSchema.safeParse({
      timeZone: "Mars/Olympus",
      weekly: [{ day: "monday", start: "17:00", end: "09:00" }],
      exceptions: [{ date: "2026-12-24", start: "09:00" }],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join(".")).toSorted();
    expect(paths).toEqual(["exceptions.0.end", "timeZone", "weekly.0.end"]);
  });
});
