import { describe, expect, it } from "vitest";
import { translator } from "#core/i18n/catalogue";
import { SITE_EN } from "#core/i18n/site-en";
import { SITE_ES } from "#core/i18n/site-es";
import { pad2, startCountdownClock, timeRemaining } from "./countdown.widget";
import { countdownText as countdownTextIn } from "./pilot-words";

const english = translator("en", SITE_EN);
const spanish = translator("es", SITE_ES);
const countdownText = (kind: "closes" | "opens", done: boolean, deadlineMs: number) => countdownTextIn(english, kind, done, deadlineMs);

/** The pilot's closing instant as a super admin might set it (the live setting, ADR 0091). */
const deadline = Date.parse("2025-11-01T05:00:00Z");

describe("countdown", () => {
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

  it("says the window is open with its deadline in Pacific time, and closed with the waitlist once past", () => {
    expect(countdownText("closes", false, deadline)).toEqual({
      heading: "Pilot enrollment closes in",
      note: "Deadline: October 31, 2025 at 10:00 PM Pacific time.",
    });
    const closed = countdownText("closes", true, deadline);
    expect(closed.heading).toBe("The pilot enrollment window has closed");
    expect(closed.note).toMatch(/^The deadline was October 31, 2025 at 10:00 PM Pacific time\. .*priority waitlist/);
  });

  it("counts to the opening of a window not open yet, and says it is open once reached", () => {
    expect(countdownText("opens", false, deadline)).toEqual({
      heading: "Pilot enrollment opens in",
      note: "Enrollment opens October 31, 2025 at 10:00 PM Pacific time. Apply now to join the priority waitlist and hear first.",
    });
    expect(countdownText("opens", true, deadline).heading).toBe("Pilot enrollment is open");
  });

  it("says it in Spanish on a Spanish page, the instant as es-US writes it", () => {
    expect(countdownTextIn(spanish, "closes", false, deadline)).toEqual({
      heading: "La inscripción al piloto cierra en",
      note: "Fecha límite: 31 de octubre de 2025 a las 10:00 p.m., hora del Pacífico.",
    });
  });
});

function fakeClock(startMs: number) {
  let now = startMs;
  let tick: (() => void) | undefined;
  let cleared = false;
  return {
    clock: {
      now: () => now,
      setInterval: (fn: () => void) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => {
        cleared = true;
        tick = undefined;
      },
    },
    advance(ms: number) {
      for (let step = 0; step < ms / 1000; step += 1) {
        now += 1000;
        tick?.();
      }
    },
    get running() {
      return tick !== undefined && !cleared;
    },
  };
}

describe("countdown clock (mocked browser clock)", () => {
  it("takes over from a server-rendered zero with the browser's own time at once, then ticks every second", () => {
    const serverNow = deadline + 5_000; // the server's clock says the window has closed
    expect(timeRemaining(deadline, serverNow).done).toBe(true);
    const browser = fakeClock(deadline - 90_000); // the browser's clock says 90 s are left
    const seen: number[] = [];
    startCountdownClock(deadline, (now) => seen.push(now), browser.clock);
    expect(seen).toHaveLength(1);
    expect(timeRemaining(deadline, seen[0] as number)).toMatchObject({ minutes: 1, seconds: 30, done: false });
    browser.advance(3000);
    expect(seen.map((now) => timeRemaining(deadline, now).seconds)).toEqual([30, 29, 28, 27]);
    expect(browser.running).toBe(true);
  });

  it("replaces a server answer ahead of the browser's clock within the first tick", () => {
    const browser = fakeClock(deadline - 3_600_000);
    let shown = timeRemaining(deadline, deadline - 7_200_000);
    expect(shown.hours).toBe(2);
    startCountdownClock(deadline, (now) => (shown = timeRemaining(deadline, now)), browser.clock);
    expect(shown).toMatchObject({ hours: 1, minutes: 0, seconds: 0 });
  });

  it("stops at the deadline, showing zeros", () => {
    const browser = fakeClock(deadline - 2_000);
    let shown = timeRemaining(deadline, deadline - 2_000);
    startCountdownClock(deadline, (now) => (shown = timeRemaining(deadline, now)), browser.clock);
    browser.advance(3000);
    expect(shown.done).toBe(true);
    expect(browser.running).toBe(false);
  });

  it("does not start ticking when the browser's clock is already past the deadline", () => {
    const browser = fakeClock(deadline + 60_000);
    const seen: number[] = [];
    startCountdownClock(deadline, (now) => seen.push(now), browser.clock);
    expect(seen).toHaveLength(1);
    expect(browser.running).toBe(false);
  });
});
