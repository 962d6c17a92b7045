/** The outbox's background worker as a process runs it: transport from the environment, the sender. */
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { createRateLimitService } from "../rate-limits";
import { createMailCaps } from "./caps";
import { createOutboxSender, type OutboxSender } from "./sender";
import { createTransportFromEnv, type MailTransport } from "./transport";

export interface Outbox {
  sender: OutboxSender;
  transport: MailTransport;
  /** One line for the start banner: where emails go. */
  banner: string;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  env: Env;
  db: Database;
  logger: Logger;
  now: () => Date;
  /** Signs the unsubscribe links of marketing-consenting recipients. */
  unsubscribeSecret: string;
  /** Keys the HMAC that names a recipient in the per-recipient cap (ADR 0056). */
  capSecret: string;
}

export function createOutbox({ env, db, logger, now, unsubscribeSecret, capSecret }: OutboxOptions): Outbox {
  const transport = createTransportFromEnv(env);
  const sender = createOutboxSender({
    db,
    transport,
    logger,
    now,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    ratePerSecond: env.MAIL_RATE_PER_SECOND,
    probeMs: env.MAIL_PROBE_SECONDS * 1000,
    compose: { siteUrl: env.PUBLIC_SITE_URL, mailFrom: env.MAIL_FROM, unsubscribeSecret },
    caps: createMailCaps({ counters: createRateLimitService(db, now), secret: capSecret, hourlyCeiling: env.MAIL_HOURLY_CEILING }),
  });
  const banner =
    transport.kind === "smtp"
      ? `Emails are sent through ${transport.describe}`
      : `Emails are written as .eml files to ${transport.describe} (set SMTP_URL to send them)`;
  return {
    sender,
    transport,
    banner,
    async stop() {
      await sender.stop();
      transport.close();
    },
  };
}
