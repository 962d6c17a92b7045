/** Runs the offer expiry at start and then every minute; stop() waits for a run in progress. */
import type { Logger } from "../../logger";

export const EXPIRY_INTERVAL_MS = 60_000;

export interface OfferExpirySchedule {
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startOfferExpirySchedule(options: {
  run: () => Promise<{ ran: boolean; expired: number }>;
  logger: Logger;
  intervalMs?: number;
}): OfferExpirySchedule {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runNow = () => {
    if (stopped) return Promise.resolve();
    running ??= options
      .run()
      .then((result) => {
        if (result.expired > 0) options.logger.info({ expired: result.expired }, "offers expired");
      })
      .catch((err: unknown) => {
        // The next run tries again; the error's kind only (its text may quote parameters).
        options.logger.error({ err: { type: err instanceof Error ? err.name : typeof err } }, "offer expiry failed");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), options.intervalMs ?? EXPIRY_INTERVAL_MS);
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
