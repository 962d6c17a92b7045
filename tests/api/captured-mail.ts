/**
 * Sends what the outbox holds through the product's own sender and courier into a list (no SMTP, no files): for tests
 * that read the emails as the courier renders them, each in the language of its record.
 */
import type { SendMailOptions } from "nodemailer/lib/mailer";
import type { Database } from "../../server/db/client";
import { createLogger } from "../../server/logger";
import { createInlineCourier } from "../../server/services/outbox/courier";
import { createOutboxSender } from "../../server/services/outbox/sender";
import type { MailTransport } from "../../server/services/outbox/transport";
import { isTransportOutage } from "../../server/services/outbox/transport-errors";

export interface CapturedMail {
  /** Every email sent so far. */
  sent: SendMailOptions[];
  /** Sends every email the outbox holds now. */
  deliverAll(): Promise<void>;
  /** The emails sent to an address. */
  to(address: string): SendMailOptions[];
}

export function capturedMail(db: Database, config: { siteUrl: string; mailFrom: string; unsubscribeSecret: string }): CapturedMail {
  const sent: SendMailOptions[] = [];
  const capture: MailTransport = {
    kind: "files",
    describe: "captured",
    send: async (_id, mail) => {
      sent.push(mail);
      return { rejected: 0 };
    },
    close: () => undefined,
  };
  return {
    sent,
    async deliverAll() {
      const sender = createOutboxSender({
        db,
        courier: createInlineCourier(capture, config, isTransportOutage),
        logger: createLogger("silent"),
        maxAttempts: 3,
        random: () => 0.5,
      });
      await sender.runOnce();
    },
    to: (address) => sent.filter((mail) => (mail.to as string[]).includes(address)),
  };
}
