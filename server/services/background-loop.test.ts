/** The one loop of the background workers: its first and next turns, one turn at a time, failures, stop. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { backgroundLoop } from "./background-loop";

const quiet = createLogger("silent");

describe("background loop", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs the first turn after its delay, then each next one after the delay the turn asks for", async () => {
    const reasons: string[] = [];
    const loop = backgroundLoop({
      name: "test",
      logger: quiet,
      turn: async ({ reason }) => reasons.push(reason),
      firstDelayMs: 100,
      nextDelayMs: (count) => (count === 3 ? null : 50),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(reasons).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reasons).toEqual(["timer"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(reasons).toEqual(["timer", "timer", "timer"]);
    // The third turn asked for no next one.
    await vi.advanceTimersByTimeAsync(1000);
    expect(reasons).toHaveLength(3);
    await loop.stop();
  });

  it("runs the first turn at once when its delay is 0, and runNow joins a turn in flight", async () => {
    let turns = 0;
    const gate = Promise.withResolvers<void>();
    const loop = backgroundLoop({
      name: "test",
      logger: quiet,
      turn: async () => {
        turns++;
        await gate.promise;
        return turns;
      },
      firstDelayMs: 0,
      nextDelayMs: () => 1000,
    });
    loop.start();
    expect(turns).toBe(1);
    const joined = loop.runNow();
    expect(turns).toBe(1);
    gate.resolve();
    expect(await joined).toBe(1);
    await loop.stop();
  });

  it("logs a failed turn and goes on; stop() waits for the turn in flight and plans nothing more", async () => {
    const failures: unknown[] = [];
    let turns = 0;
    const gate = Promise.withResolvers<void>();
    const loop = backgroundLoop({
      name: "test",
      logger: quiet,
      turn: async () => {
        turns++;
        if (turns === 1) throw new Error("away");
        if (turns === 2) await gate.promise;
      },
      firstDelayMs: 0,
      nextDelayMs: () => 10,
      onFailure: (error) => failures.push(error),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(failures).toHaveLength(1);
    expect(turns).toBe(2);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns).toBe(2);
    expect(await loop.runNow()).toBeUndefined();
  });
});
