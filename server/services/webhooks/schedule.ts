/**
 * The webhook worker's loop (built by server/root.ts, started and stopped with the other workers): a batch
 * every `pollMs` (at once again while batches come back full), and once an hour the purge of finished
 * deliveries older than the retention period. stop() waits for the batch in flight.
 */
import type { Logger } from "../../logger";
import type { DeliveryRun } from "./deliver";

export interface WebhookWorkerLoop {
  stop(): Promise<void>;
}

export function startWebhookWorker(options: {
  run: () => Promise<DeliveryRun>;
  purge: () => Promise<number>;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
}): WebhookWorkerLoop {
  const pollMs = options.pollMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lastPurge = 0;

  const batch = async (): Promise<boolean> => {
    const result = await options.run();
    if (result.failed > 0) options.logger.warn({ claimed: result.claimed, delivered: result.delivered, failed: result.failed }, "webhook deliveries failed");
    return result.claimed >= (options.batchSize ?? 50);
  };
  const tick = async () => {
    // A full batch means more are due: run again at once (until stopped).
    let full = await batch();
    while (full) full = stopped ? false : await batch();
    if (Date.now() - lastPurge > 3600_000) {
      lastPurge = Date.now();
      const purged = await options.purge();
      if (purged > 0) options.logger.info({ purged }, "finished webhook deliveries purged");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => {
          options.logger.error({ err: { type: err instanceof Error ? err.name : typeof err } }, "webhook worker failed");
        })
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, pollMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
