/** Runs the offer expiry and the reminders at start and then every minute; stop() waits for a run in progress. */
import type { Logger } from "../../logger";
import { backgroundLoop, type BackgroundLoop, errorKind } from "../background-loop";

export const EXPIRY_INTERVAL_MS = 60_000;

interface OfferTurn {
  ran: boolean;
  expired: number;
  reminded: number;
}

export type OfferExpirySchedule = BackgroundLoop<OfferTurn>;

/** The offer-expiry loop, not started (the composition root starts it once the server listens). */
export function offerExpirySchedule(options: {
  run: () => Promise<OfferTurn>;
  logger: Logger;
  intervalMs?: number;
}): OfferExpirySchedule {
  return backgroundLoop({
    name: "offer-expiry",
    logger: options.logger,
    turn: () => options.run(),
    firstDelayMs: 0,
    nextDelayMs: () => options.intervalMs ?? EXPIRY_INTERVAL_MS,
    onResult: (result) => {
      if (result.expired > 0) options.logger.info({ expired: result.expired }, "offers expired");
      if (result.reminded > 0) options.logger.info({ reminded: result.reminded }, "offers reminded");
    },
    // The next run tries again.
    onFailure: (err) => options.logger.error({ err: { type: errorKind(err) } }, "offer expiry failed"),
  });
}
