/** The outbox's background worker as a process runs it: transport from the environment, the sender. */
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { type Courier, createInlineCourier } from "./courier";
import { createProcessCourier } from "./courier-process";
import { createRateLimitService } from "../rate-limits";
import { createMailCaps } from "./caps";
import { createOutboxSender, type OutboxSender } from "./sender";
import { createTransportFromEnv, type MailTransport } from "./transport";
import { isTransportOutage } from "./transport-errors";

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
  const compose = { siteUrl: env.PUBLIC_SITE_URL, mailFrom: env.MAIL_FROM, unsubscribeSecret };
  // Rendering and sending run in a child process at a lower CPU priority unless MAIL_COURIER=inline (ADR 0066).
  const courier: Courier =
    env.MAIL_COURIER === "process"
      ? createProcessCourier({ transport: { SMTP_URL: env.SMTP_URL, DATA_DIR: env.DATA_DIR }, compose, logger })
      : createInlineCourier(transport, compose, isTransportOutage);
  const sender = createOutboxSender({
    db,
    courier,
    logger,
    now,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    ratePerSecond: env.MAIL_RATE_PER_SECOND,
    probeMs: env.MAIL_PROBE_SECONDS * 1000,
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
      await courier.close();
      transport.close();
    },
  };
}

export { createOutboxAdminService } from "./admin";
export { mailCapSecret } from "./caps";
export { createInlineCourier } from "./courier";
export { applicationJobs, contactJobs, type OutboxJob, outboxQueueConfig, type OutboxQueueConfig, outboxRow } from "./queue";
export { createOutboxSender } from "./sender";
export { createSmtpTransport, type MailTransport } from "./transport";
export { isTransportOutage } from "./transport-errors";
export { createUnsubscribeService, type UnsubscribeService } from "./unsubscribe";
export { resolveUnsubscribeSecret } from "./unsubscribe-token";
