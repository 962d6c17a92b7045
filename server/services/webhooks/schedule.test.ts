/** The webhook worker's pace: back-to-back full batches never exceed WEBHOOK_RATE_PER_SECOND. */
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { startWebhookWorker } from "./schedule";

const quiet = createLogger("silent");

/** Runs the loop until `batches` batches were claimed, with the given sizes; returns the pauses it asked for. */
async function pausesFor(sizes: number[], ratePerSecond?: number, foregroundBusy?: () => boolean): Promise<number[]> {
  const pauses: number[] = [];
  let call = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const worker = startWebhookWorker({
    run: async () => {
      const claimed = sizes[call++] ?? 0;
      if (call >= sizes.length) finish();
      return { claimed, delivered: claimed, failed: 0 };
    },
    purge: async () => 0,
    logger: quiet,
    pollMs: 1,
    batchSize: 50,
    ratePerSecond,
    foregroundBusy,
    pause: async (ms) => {
      pauses.push(ms);
    },
  });
  await done;
  await worker.stop();
  return pauses;
}

describe("webhook worker pace", () => {
  it("waits after each full batch for that batch's share of a second at the configured rate", async () => {
    const pauses = await pausesFor([50, 50, 10], 100);
    // Two full batches of 50 at 100 a second: about half a second after each (less the batch's own time).
    expect(pauses).toHaveLength(2);
    for (const ms of pauses) {
      expect(ms).toBeGreaterThan(450);
      expect(ms).toBeLessThanOrEqual(500);
    }
  });

  it("does not wait after a batch that was not full (nothing more is due), nor without a rate", async () => {
    expect(await pausesFor([10], 100)).toEqual([]);
    expect(await pausesFor([50, 50, 0])).toEqual([]);
  });

  it("sends one small batch per poll while the process answers a burst of requests (ADR 0074)", async () => {
    const claims: number[] = [];
    const limits: (number | undefined)[] = [];
    let busy = true;
    const worker = startWebhookWorker({
      run: async (limit) => {
        claims.push(Date.now());
        limits.push(limit);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { claimed: 50, delivered: 50, failed: 0 };
      },
      purge: async () => 0,
      logger: quiet,
      pollMs: 200,
      batchSize: 50,
      foregroundBusy: () => busy,
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Every batch is full (more are due), yet while busy only one batch runs per poll of 200 ms.
    expect(claims.length).toBeGreaterThanOrEqual(1);
    expect(claims.length).toBeLessThanOrEqual(4);
    // ...and a small one: 10 deliveries, not the batch size.
    expect(limits.every((limit) => limit === 10)).toBe(true);
    busy = false;
    const quietFrom = claims.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await worker.stop();
    // Once quiet, full batches run back to back (no rate set): many more in the same time.
    // (a 5 ms batch: dozens in 600 ms against at most three polls).
    expect(claims.length - quietFrom).toBeGreaterThan(10);
    expect(limits.slice(quietFrom + 1).every((limit) => limit === undefined)).toBe(true);
  });
});
