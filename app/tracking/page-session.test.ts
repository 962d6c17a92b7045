import { describe, expect, it } from "vitest";
import { createPageSessions } from "./page-session";

function setup() {
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let nextId = 1;
  const engaged: [string, number][] = [];
  const times: [string, number][] = [];
  const sessions = createPageSessions({
    now: () => now,
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
    onEngaged: (view, seconds) => engaged.push([view.path, seconds]),
    onTimeOnPage: (view, seconds) => times.push([view.path, seconds]),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of timers) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.callback();
      }
    }
  };
  return { sessions, advance, engaged, times };
}

describe("page clock", () => {
  it("fires the engaged-user event at 30 s, once", () => {
    const { sessions, advance, engaged } = setup();
    sessions.begin("/");
    advance(29_999);
    expect(engaged).toEqual([]);
    advance(1);
    expect(engaged).toEqual([["/", 30]]);
    advance(60_000);
    expect(engaged).toHaveLength(1);
  });

  it("does not fire engaged-user for a page left before 30 s", () => {
    const { sessions, advance, engaged } = setup();
    sessions.begin("/");
    advance(20_000);
    sessions.begin("/apply");
    advance(20_000);
    expect(engaged).toEqual([]);
    advance(10_000);
    expect(engaged).toEqual([["/apply", 30]]);
  });

  it("reports time on page on leaving only when over 10 s, and only once per view", () => {
    const { sessions, advance, times } = setup();
    sessions.begin("/");
    advance(10_000);
    sessions.leave();
    expect(times).toEqual([]);
    advance(2_000);
    sessions.leave();
    sessions.leave();
    sessions.end();
    expect(times).toEqual([["/", 12]]);
  });

  it("reports time on page when moving to another page", () => {
    const { sessions, advance, times } = setup();
    sessions.begin("/about");
    advance(15_400);
    sessions.begin("/apply");
    advance(3_000);
    sessions.end();
    expect(times).toEqual([["/about", 15]]);
  });
});
