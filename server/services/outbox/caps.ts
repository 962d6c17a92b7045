/**
 * The caps on emails to the people a form names (ADR 0056). A public form sends its confirmation or
 * acknowledgement to whatever address was typed, so without a cap it is a way to send our branded email
 * to anyone, as often as one likes. Two caps, checked by the sender just before an email goes out:
 *
 * - per recipient: at most one such email per address per day, whatever client address asked for it.
 *   The counter is keyed on an HMAC of the normalised address (never the address in clear);
 * - global: at most `hourlyCeiling` such emails per hour from every instance together.
 *
 * Counters live in the shared `rate_limits` table (fixed windows; every instance enforces one limit).
 * A capped email is not sent and ends `capped` with the cap named in `last_error`; the submission it
 * belongs to was stored and answered 201 long before (losing a lead is worse than one email fewer).
 * Staff alerts are not capped: they go to our own mailboxes.
 */
import { createHmac } from "node:crypto";
import type { RateLimitService } from "../rate-limits";

export const RECIPIENT_WINDOW_MS = 24 * 3600_000;
export const GLOBAL_WINDOW_MS = 3600_000;

/** `last_error` of a capped email: which cap held it back (the Outbox tab counts by these). */
export const CAP_REASONS = {
  recipient: "capped: one email per recipient address per day",
  global: "capped: hourly ceiling of emails to people reached",
} as const;
export type CapKind = keyof typeof CAP_REASONS;

export interface MailCaps {
  /**
   * Counts email `emailId` to `address` against both caps: the cap that holds it back, or null to send it.
   * An email admitted before (a retry, one held by a transport outage) is admitted again without counting.
   */
  admit(emailId: string, address: string): Promise<CapKind | null>;
}

export interface MailCapsOptions {
  counters: Pick<RateLimitService, "increment" | "decrement">;
  /** Key of the HMAC that names a recipient in the counters. */
  secret: string;
  hourlyCeiling: number;
}

/** "  Maya@Example.COM " and "maya@example.com" are one recipient. */
export function normaliseRecipient(address: string): string {
  return address.trim().toLowerCase();
}

/** The counter key of one recipient: an HMAC of the normalised address, never the address. */
export function recipientCounterKey(secret: string, address: string): string {
  return `mail:recipient:${createHmac("sha256", secret).update(normaliseRecipient(address), "utf8").digest("base64url")}`;
}

/** The cap's own key, derived from the privacy hash secret: its HMACs match no other hash we keep. */
export function mailCapSecret(hashSecret: string): string {
  return createHmac("sha256", hashSecret).update("ovella outbox recipient cap", "utf8").digest("hex");
}

export const GLOBAL_COUNTER_KEY = "mail:people:hour";

export function createMailCaps({ counters, secret, hourlyCeiling }: MailCapsOptions): MailCaps {
  return {
    async admit(emailId, address) {
      const seen = await counters.increment(`mail:admitted:${emailId}`, RECIPIENT_WINDOW_MS);
      if (seen.hits > 1) return null;
      const recipientKey = recipientCounterKey(secret, address);
      const recipient = await counters.increment(recipientKey, RECIPIENT_WINDOW_MS);
      if (recipient.hits > 1) return "recipient";
      const global = await counters.increment(GLOBAL_COUNTER_KEY, GLOBAL_WINDOW_MS);
      if (global.hits > hourlyCeiling) {
        // Nothing went to this address: its daily email is still to come.
        await counters.decrement(recipientKey);
        return "global";
      }
      return null;
    },
  };
}
