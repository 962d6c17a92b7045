/**
 * What super admins see of the outbox: each email's kind, recipients, state, attempts and last error
 * (never a body or payload), and a resend for emails that ended `failed` (audited).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { CAP_REASONS } from "./caps";
import type { OutboxStatus, OutboxSummary } from "#core/contracts/outbox";

export const OUTBOX_LIST_LIMIT = 500;

/** One listed email and the summary: their shapes are the API's contract (core/contracts/outbox.ts). */
export type { OutboxSummary } from "#core/contracts/outbox";

export function createOutboxAdminService(db: Database, now: () => Date, audit: AuditService) {
  return {
    /** The newest emails (up to OUTBOX_LIST_LIMIT) and the count in each state. */
    async list(): Promise<OutboxSummary> {
      const rows = await db
        .select({
          id: emailOutbox.id,
          kind: emailOutbox.kind,
          status: emailOutbox.status,
          recipients: emailOutbox.recipients,
          attempts: emailOutbox.attempts,
          last_error: emailOutbox.last_error,
          application_id: emailOutbox.application_id,
          contact_message_id: emailOutbox.contact_message_id,
          created_at: emailOutbox.created_at,
          next_attempt_at: emailOutbox.next_attempt_at,
          sent_at: emailOutbox.sent_at,
        })
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.created_at), desc(emailOutbox.id))
        .limit(OUTBOX_LIST_LIMIT);
      const grouped = await db
        .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
      const counts = { queued: 0, sending: 0, sent: 0, failed: 0, capped: 0 };
      for (const g of grouped) if (g.status in counts) counts[g.status as keyof typeof counts] = Number(g.n);
      const byCap = await db
        .select({ reason: emailOutbox.last_error, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "capped"))
        .groupBy(emailOutbox.last_error);
      const caps = { recipient: 0, global: 0 };
      for (const row of byCap) {
        if (row.reason === CAP_REASONS.recipient) caps.recipient += Number(row.n);
        if (row.reason === CAP_REASONS.global) caps.global += Number(row.n);
      }
      return {
        counts,
        caps,
        items: rows.map((r) => ({
          ...r,
          status: r.status as OutboxStatus,
          created_at: r.created_at.toISOString(),
          next_attempt_at: r.next_attempt_at.toISOString(),
          sent_at: r.sent_at ? r.sent_at.toISOString() : null,
        })),
      };
    },

    /** Queues a failed email again with a fresh set of attempts; refused (conflict) when it is not failed or gone. */
    async resend(id: string, by: { actor: Actor; clientAddress: string | null }): Promise<void> {
      const rows = await db
        .update(emailOutbox)
        .set({ status: "queued", attempts: 0, next_attempt_at: now(), locked_until: null })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
        .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
      const row = rows[0];
      if (!row) throw new ServiceError("conflict", "Only a failed email can be sent again");
      await audit.record({
        actor: by.actor,
        action: "outbox_resend",
        targetType: "email_outbox",
        targetId: id,
        clientAddress: by.clientAddress,
        detail: { kind: row.kind },
      });
    },
  };
}

