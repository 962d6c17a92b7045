/**
 * The webhook worker's loop (built by server/root.ts, started and stopped with the other workers): a batch
 * every `pollMs`, again while batches come back full but never faster than `ratePerSecond` deliveries a
 * second (WEBHOOK_RATE_PER_SECOND), so a burst of submissions queues its deliveries instead of taking the
 * request path's CPU (the rows are durable; the receivers get them a little later); and once an hour the
 * purge of finished deliveries older than the retention period. stop() waits for the batch in flight.
 */
import type { Logger } from "../../logger";
import { backgroundLoop, type BackgroundLoop, errorKind } from "../background-loop";
import type { DeliveryRun } from "./deliver";

export type WebhookWorkerLoop = BackgroundLoop<void>;

export interface WebhookWorkerOptions {
  /** Claims and sends one batch of at most `limit` due deliveries (default: the service's batch size). */
  run: (limit?: number) => Promise<DeliveryRun>;
  purge: () => Promise<number>;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Deliveries a second at most, over back-to-back batches. */
  ratePerSecond?: number;
  /** True while the process answers a burst of requests: one small batch per poll then (ADR 0074). */
  foregroundBusy?: () => boolean;
  /** The batch while a burst lasts (default 10). */
  burstBatchSize?: number;
  /** Waits between two full batches (tests pass a recorder). */
  pause?: (ms: number) => Promise<void>;
}

/** The webhook worker's loop, not started (the composition root starts it once the server listens). */
export function webhookWorker(options: WebhookWorkerOptions): WebhookWorkerLoop {
  const pollMs = options.pollMs ?? 1000;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  let lastPurge = 0;

  const busy = options.foregroundBusy ?? (() => false);
  const batch = async (stopped: () => boolean): Promise<boolean> => {
    const started = Date.now();
    const result = await (busy() ? options.run(options.burstBatchSize ?? 10) : options.run());
    if (result.failed > 0) options.logger.warn({ claimed: result.claimed, delivered: result.delivered, failed: result.failed }, "webhook deliveries failed");
    const full = result.claimed >= (options.batchSize ?? 50);
    // Paced: the next batch starts no sooner than this one's share of a second at the configured rate.
    if (full && options.ratePerSecond) {
      const wait = (result.claimed / options.ratePerSecond) * 1000 - (Date.now() - started);
      if (wait > 0 && !stopped()) await pause(wait);
    }
    return full;
  };
  return backgroundLoop({
    name: "webhooks",
    logger: options.logger,
    onFailure: (err) => options.logger.error({ err: { type: errorKind(err) } }, "webhook worker failed"),
    firstDelayMs: pollMs,
    nextDelayMs: () => pollMs,
    turn: async ({ stopped }) => {
      // A full batch means more are due: run again (paced, until stopped), unless visitors are waiting on
      // this process: then the next batch waits for the next poll (ADR 0074).
      let full = await batch(stopped);
      while (full && !busy()) full = stopped() ? false : await batch(stopped);
      if (Date.now() - lastPurge > 3600_000) {
        lastPurge = Date.now();
        const purged = await options.purge();
        if (purged > 0) options.logger.info({ purged }, "finished webhook deliveries purged");
      }
    },
  });
}

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorkerLoop {
  const loop = webhookWorker(options);
  loop.start();
  return loop;
}
