/** The email outbox (super admins): GET /api/outbox, POST /api/outbox/{id}/resend. */
import { z } from "zod";
import { instant, nullableInstant, recordId } from "./common";

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "capped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One email as staff see it: its state and attempts, never its body. */
export const outboxItemSchema = z.object({
  id: recordId,
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  recipients: z.array(z.string()),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  application_id: recordId.nullable(),
  contact_message_id: recordId.nullable(),
  created_at: instant,
  next_attempt_at: instant,
  sent_at: nullableInstant,
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

export const outboxSummarySchema = z.object({
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    capped: z.number().int().describe("Emails to people held back by a cap, not sent."),
  }),
  caps: z
    .object({
      recipient: z.number().int().describe("Held back: the address already had its one email today."),
      global: z.number().int().describe("Held back: the hourly ceiling of emails to people was reached."),
    })
    .describe("Capped emails still in the outbox, by the cap that held them back."),
  items: z.array(outboxItemSchema),
});
export type OutboxSummary = z.output<typeof outboxSummarySchema>;

/** 202 to a resend: the email is queued again. */
export const outboxResendSchema = z.object({ id: recordId, status: z.literal("queued") });
export type OutboxResend = z.output<typeof outboxResendSchema>;
