/** The outbox as the process starts it: transport from the environment, the unsubscribe secret, the sender. */
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { createOutboxSender, type OutboxSender } from "./sender";
import { createTransportFromEnv, type MailTransport } from "./transport";
import { resolveUnsubscribeSecret } from "./unsubscribe-token";

export interface Outbox {
  sender: OutboxSender;
  transport: MailTransport;
  unsubscribeSecret: string;
  /** One line for the start banner: where emails go. */
  banner: string;
  stop(): Promise<void>;
}

export async function createOutbox(env: Env, db: Database, logger: Logger, now: () => Date): Promise<Outbox> {
  const transport = createTransportFromEnv(env);
  const secret = await resolveUnsubscribeSecret(db, env.UNSUBSCRIBE_SECRET);
  const sender = createOutboxSender({
    db,
    transport,
    logger,
    now,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    ratePerSecond: env.MAIL_RATE_PER_SECOND,
    probeMs: env.MAIL_PROBE_SECONDS * 1000,
    compose: { siteUrl: env.PUBLIC_SITE_URL, mailFrom: env.MAIL_FROM, unsubscribeSecret: secret },
  });
  const banner =
    transport.kind === "smtp"
      ? `Emails are sent through ${transport.describe}`
      : `Emails are written as .eml files to ${transport.describe} (set SMTP_URL to send them)`;
  return {
    sender,
    transport,
    unsubscribeSecret: secret,
    banner,
    async stop() {
      await sender.stop();
      transport.close();
    },
  };
}
