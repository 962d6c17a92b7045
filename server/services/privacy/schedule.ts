/** Runs the retention purge at start and then once a day; stop() waits for a run in progress. */
import type { Logger } from "../../logger";
import { backgroundLoop, type BackgroundLoop, errorKind } from "../background-loop";
import type { PurgeResult } from "./retention";

export const PURGE_INTERVAL_MS = 24 * 3600_000;

/** runNow(): a purge now unless one is running; resolves with its result (undefined when it failed). */
export type RetentionSchedule = BackgroundLoop<PurgeResult>;

/** The retention loop, not started (the composition root starts it once the server listens). */
export function retentionSchedule(options: { run: () => Promise<PurgeResult>; logger: Logger; intervalMs?: number }): RetentionSchedule {
  return backgroundLoop({
    name: "retention",
    logger: options.logger,
    turn: () => options.run(),
    firstDelayMs: 0,
    nextDelayMs: () => options.intervalMs ?? PURGE_INTERVAL_MS,
    onResult: (result) => {
      if (result.ran) options.logger.info({ counts: result.counts }, "retention purge done");
    },
    // The next run tries again.
    onFailure: (err) => options.logger.error({ err: { type: errorKind(err) } }, "retention purge failed"),
  });
}

export function startRetentionSchedule(options: Parameters<typeof retentionSchedule>[0]): RetentionSchedule {
  const loop = retentionSchedule(options);
  loop.start();
  return loop;
}
