import { describe, expect, it } from "vitest";
import { brand } from "#core/brand";
import { pad2, timeRemaining } from "./countdown";

const deadline = Date.parse(brand.pilot.deadline);

describe("countdown", () => {
  it("targets 2025-11-01 05:00 UTC from the brand configuration", () => {
    expect(new Date(deadline).toISOString()).toBe("2025-11-01T05:00:00.000Z");
  });

  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = deadline - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 - 400;
    expect(timeRemaining(deadline, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it("ticks down by one second", () => {
    const a = timeRemaining(deadline, deadline - 61_000);
    const b = timeRemaining(deadline, deadline - 60_000);
    expect([a.minutes, a.seconds]).toEqual([1, 1]);
    expect([b.minutes, b.seconds]).toEqual([1, 0]);
  });

  it("shows all zeros at and past the deadline", () => {
    for (const now of [deadline, deadline + 1, deadline + 86_400_000]) {
      expect(timeRemaining(deadline, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    }
  });

  it("shows every unit as two digits", () => {
    expect([0, 7, 42].map(pad2)).toEqual(["00", "07", "42"]);
  });
});
