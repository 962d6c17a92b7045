/** Free heap memory given back in quiet spells: when the trims come, what a request does, a failing trim, the addon. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadHeapTrim, startIdleTrim, type IdleTrim } from "./idle-trim";
import { createLogger } from "./logger";

const quiet = createLogger("silent");

const MB = 1024 * 1024;

/** A fake heap: each trim gives back the next of `releases` (MB), and the times of the trims are kept. */
function fakeHeap(releases: number[]) {
  let resident = 500 * MB;
  const at: number[] = [];
  const started = Date.now();
  return {
    at,
    rss: () => resident,
    trim: () => {
      at.push((Date.now() - started) / 1000);
      resident -= (releases.shift() ?? 0) * MB;
      return true;
    },
  };
}

describe("idle trim", () => {
  let idle: IdleTrim | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    idle?.stop();
    vi.useRealTimers();
  });

  it("trims after 10 s of quiet, then every 5 s while the trims give memory back, then waits twice as long each time, up to a minute", async () => {
    const heap = fakeHeap([20, 5, 0.5]);
    idle = startIdleTrim({ trim: heap.trim, rss: heap.rss, logger: quiet });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(heap.at).toEqual([]);
    await vi.advanceTimersByTimeAsync(210_001);
    expect(heap.at).toEqual([10, 15, 20, 30, 50, 90, 150, 210]);
  });

  it("counts a span of a few requests (health checks) as quiet, and starts over after a busy one", async () => {
    const heap = fakeHeap([20, 20, 20, 20, 20, 20, 20, 20]);
    idle = startIdleTrim({ trim: heap.trim, rss: heap.rss, logger: quiet });
    for (let second = 1; second <= 10; second++) {
      if (second % 2 === 0) idle.activity();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(heap.at).toEqual([10]);
    // A burst: six requests in one span, then quiet again from the next span on.
    for (let i = 0; i < 6; i++) idle.activity();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(heap.at).toEqual([10]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(heap.at).toEqual([10]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heap.at).toEqual([10, 25]);
  });

  it("logs a failing trim by its kind and tries again a minute later", async () => {
    const warned: unknown[] = [];
    const logger = createLogger("silent");
    vi.spyOn(logger, "warn").mockImplementation(((...args: unknown[]) => void warned.push(args)) as typeof logger.warn);
    const at: number[] = [];
    const started = Date.now();
    idle = startIdleTrim({
      trim: () => {
        at.push((Date.now() - started) / 1000);
        if (at.length === 1) throw new TypeError("no heap");
        return false;
      },
      logger,
    });
    await vi.advanceTimersByTimeAsync(70_000);
    expect(at).toEqual([10, 70]);
    expect(warned).toEqual([[{ kind: "TypeError" }, "memory trim failed"]]);
  });

  it("stops trimming when stopped", async () => {
    const heap = fakeHeap([]);
    idle = startIdleTrim({ trim: heap.trim, rss: heap.rss, logger: quiet });
    idle.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(heap.at).toEqual([]);
  });
});

describe("the malloc-trim addon", () => {
  // The project's machines build it at `npm ci` (Linux, glibc, a C compiler): a build that broke would only show as
  // an idle server holding more, so it is checked here.
  const glibc = process.platform === "linux" && Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);
  it.runIf(glibc)("is built and gives back free heap pages without failing", () => {
    const trim = loadHeapTrim();
    expect(trim).toBeTypeOf("function");
    expect(typeof trim?.()).toBe("boolean");
  });
});
