/** Foreground first (ADR 0074): when a span of time counts as a burst of requests. */
import type { EventLoopUtilization } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createForegroundLoad, isBurst } from "./foreground";

const rule = { minRequestsPerSecond: 100, busyUtilization: 0.5 };

describe("isBurst", () => {
  it("needs both many requests and a busy event loop", () => {
    expect(isBurst(60, 500, 0.9, rule)).toBe(true); // 120 a second, 90 % busy
    expect(isBurst(40, 500, 0.9, rule)).toBe(false); // a busy loop alone: a sender draining a backlog
    expect(isBurst(500, 500, 0.2, rule)).toBe(false); // many cheap requests with CPU to spare
    expect(isBurst(50, 500, 0.5, rule)).toBe(true); // both exactly at the line
    expect(isBurst(10, 0, 1, rule)).toBe(false);
  });
});

/** A fake clock and event-loop meter: `utilization` is what the loop did since the last look. */
function fake() {
  let now = 0;
  let active = 0;
  const total = () => ({ idle: now - active, active, utilization: 0 }) as EventLoopUtilization;
  const load = createForegroundLoad({
    clock: () => now,
    utilization: (previous) => {
      const current = total();
      if (!previous) return current;
      const span = current.idle + current.active - (previous.idle + previous.active);
      return { idle: current.idle - previous.idle, active: current.active - previous.active, utilization: span ? (current.active - previous.active) / span : 0 };
    },
  });
  return { load, pass: (ms: number, busyShare: number) => ((now += ms), (active += ms * busyShare)) };
}

describe("createForegroundLoad", () => {
  it("turns busy after a span with many requests and a busy loop, and quiet again after a calm span", () => {
    const { load, pass } = fake();
    expect(load.busy()).toBe(false);
    for (let i = 0; i < 200; i++) load.arrived();
    pass(1000, 0.95);
    expect(load.busy()).toBe(true);
    // Asked again within the window: the same answer, without judging a span of no length.
    pass(100, 0);
    expect(load.busy()).toBe(true);
    pass(900, 0.1);
    for (let i = 0; i < 3; i++) load.arrived();
    expect(load.busy()).toBe(false);
  });

  it("stays quiet while the loop is busy with no requests (a sender draining its backlog)", () => {
    const { load, pass } = fake();
    pass(2000, 1);
    expect(load.busy()).toBe(false);
  });
});
