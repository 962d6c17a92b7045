/** Runs the retention purge at start and then once a day; stop() waits for a run in progress. */
import type { Logger } from "../../logger";
import type { PurgeResult } from "./retention";

export const PURGE_INTERVAL_MS = 24 * 3600_000;

export interface RetentionSchedule {
  /** Runs a purge now unless one is running; resolves with its result (undefined when skipped or failed). */
  runNow(): Promise<PurgeResult | undefined>;
  stop(): Promise<void>;
}

export function startRetentionSchedule(options: {
  run: () => Promise<PurgeResult>;
  logger: Logger;
  intervalMs?: number;
}): RetentionSchedule {
  let running: Promise<PurgeResult | undefined> | undefined;
  let stopped = false;

  const runNow = () => {
    if (stopped) return Promise.resolve(undefined);
    running ??= options
      .run()
      .then((result) => {
        if (result.ran) options.logger.info({ counts: result.counts }, "retention purge done");
        return result;
      })
      .catch((err: unknown) => {
        // The next run tries again; the error's kind and code only (its text may quote parameters).
        options.logger.error({ err: { type: err instanceof Error ? err.name : typeof err } }, "retention purge failed");
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void runNow(), options.intervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
