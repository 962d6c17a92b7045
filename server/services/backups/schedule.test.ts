/** The backup schedule with a controlled clock: due at start, then every interval; a recent backup waits; SIGUSR2 asks for one. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger";
import { BACKUP_SIGNAL, startBackupSchedule } from "./schedule";
import type { StoredBackup } from "./store";

const HOUR = 3600_000;

/** A schedule over a fake store whose latest backup was taken at `latestAt`; `runs` records each backup it takes. */
function harness(latestAt: Date | null, listenForSignal = false) {
  let latest: StoredBackup | null = latestAt ? { name: "x", takenAt: latestAt, bytes: 1, checksumOk: true } : null;
  const runs: Date[] = [];
  const schedule = startBackupSchedule({
    everyHours: 6,
    runNow: async () => {
      const at = new Date(Date.now());
      runs.push(at);
      latest = { name: `b${runs.length}`, takenAt: at, bytes: 1, checksumOk: true };
      return latest;
    },
    latest: async () => latest,
    logger: createLogger("silent"),
    now: () => new Date(Date.now()),
    startDelayMs: 1000,
    listenForSignal,
  });
  return { runs, schedule };
}

describe("backup schedule", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-25T00:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });


  it("backs up shortly after start when there is no backup, then every BACKUP_EVERY_HOURS", async () => {
    const { runs, schedule } = harness(null);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6 * HOUR - 1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(runs).toHaveLength(2);
  });

  it("waits until the newest backup is BACKUP_EVERY_HOURS old", async () => {
    const { runs, schedule } = harness(new Date(Date.now() - 2 * HOUR));
    await vi.advanceTimersByTimeAsync(4 * HOUR - 1);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    await schedule.stop();
  });

  it("takes one when the process gets SIGUSR2, and stops listening when stopped", async () => {
    const { runs, schedule } = harness(new Date(Date.now()), true);
    process.emit(BACKUP_SIGNAL, BACKUP_SIGNAL);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await schedule.stop();
    expect(process.listenerCount(BACKUP_SIGNAL)).toBe(0);
  });
});
