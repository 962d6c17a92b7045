import { describe, expect, it } from "vitest";
import { applicationsGoToWaitlist, pilotStatusOf } from "./pilot-status";

const at = (iso: string) => new Date(iso);
const places = { capacity: 3, taken: 1 };

describe("the pilot's status", () => {
  it("is open inside the window with a place free, and with no window at all", () => {
    expect(pilotStatusOf({ opensAt: at("2026-11-01T00:00:00Z"), closesAt: at("2026-12-31T00:00:00Z") }, places, at("2026-11-28T00:00:00Z"))).toBe("open");
    expect(pilotStatusOf({ opensAt: null, closesAt: null }, places, at("2026-11-28T00:00:00Z"))).toBe("open");
  });

  it("is not open before the window opens, and closed from the closing instant on", () => {
    const window = { opensAt: at("2026-12-01T00:00:00Z"), closesAt: at("2026-12-31T00:00:00Z") };
    expect(pilotStatusOf(window, places, at("2026-11-30T23:59:59Z"))).toBe("not_open");
    expect(pilotStatusOf(window, places, at("2026-12-01T00:00:00Z"))).toBe("open");
    expect(pilotStatusOf(window, places, at("2026-12-30T23:59:59Z"))).toBe("open");
    expect(pilotStatusOf(window, places, at("2026-12-31T00:00:00Z"))).toBe("closed");
  });

  it("is full when every place is taken, and closed wins over full once the window has ended", () => {
    const window = { opensAt: null, closesAt: at("2026-12-31T00:00:00Z") };
    expect(pilotStatusOf(window, { capacity: 3, taken: 3 }, at("2026-12-01T00:00:00Z"))).toBe("full");
    expect(pilotStatusOf(window, { capacity: 3, taken: 2 }, at("2026-12-01T00:00:00Z"))).toBe("open");
    expect(pilotStatusOf(window, { capacity: 3, taken: 3 }, at("2027-01-01T00:00:00Z"))).toBe("closed");
  });

  it("sends every form but an open pilot's to the waitlist", () => {
    expect(applicationsGoToWaitlist("open")).toBe(false);
    expect(["not_open", "closed", "full"].map((s) => applicationsGoToWaitlist(s as "closed"))).toEqual([true, true, true]);
  });
});
