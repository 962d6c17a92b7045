/**
 * Queues webhook deliveries inside the caller's transaction (the outbox pattern, ADR 0008 and 0067): one row
 * per enabled endpoint that subscribed to the event, written by one INSERT … SELECT, so a committed record
 * always has its deliveries and a rolled-back one none. Payloads are thin: type, ids, timestamps, form
 * source, stage; never a form answer. The public submissions queue theirs in their own statement
 * (../submissions.ts, `submissionDeliveriesCte`).
 */
import { and, eq, sql } from "drizzle-orm";
import type { WebhookEvent } from "#core/contracts/webhooks";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { subjectHmac } from "./signing";

type Executor = Pick<Database, "execute" | "select" | "insert">;

export interface DeliveryLinks {
  applicationId?: string;
  contactMessageId?: string;
}

/** The versioned envelope of every event (Standard Webhooks: type, timestamp, data). */
export function envelope(type: WebhookEvent, at: Date, data: Record<string, unknown>) {
  return { type, version: 1, timestamp: at.toISOString(), data };
}

export async function queueWebhookEvent(
  tx: Executor,
  type: WebhookEvent,
  at: Date,
  data: Record<string, unknown>,
  links: DeliveryLinks = {},
): Promise<void> {
  const payload = JSON.stringify(envelope(type, at, data));
  await tx.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_type, payload, application_id, contact_message_id, next_attempt_at, created_at)
    select e.id, ${type}, ${payload}::jsonb, ${links.applicationId ?? null}::uuid, ${links.contactMessageId ?? null}::uuid,
           ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from ${webhookEndpoints} e
     where e.enabled and ${type} = any(e.events)`);
}

/**
 * `privacy.erased` for each subscribed endpoint, with the address as an HMAC keyed by that endpoint's own
 * secret (so only that receiver can match it) and the ids removed.
 */
export async function queueErasureEvents(
  tx: Executor,
  input: { email: string; applicationIds: string[]; contactMessageIds: string[]; at: Date },
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`'privacy.erased' = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return;
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpoint_id: endpoint.id,
      event_type: "privacy.erased",
      payload: envelope("privacy.erased", input.at, {
        subjectHmac: subjectHmac(endpoint.secret, input.email),
        applicationIds: input.applicationIds,
        contactMessageIds: input.contactMessageIds,
        erasedAt: input.at.toISOString(),
      }),
      next_attempt_at: input.at,
      created_at: input.at,
    })),
  );
}

/**
 * The CTE a submission statement adds to queue its `*.created` deliveries, reading the inserted record from
 * `rec` (id, submitted_at as ISO text, and for applications form_source).
 */
export function submissionDeliveriesCte(kind: "application" | "contact"): string {
  const type: WebhookEvent = kind === "application" ? "application.created" : "contact_message.created";
  const data =
    kind === "application"
      ? "jsonb_build_object('id', rec.id, 'formSource', rec.form_source, 'stage', 'new', 'submittedAt', rec.submitted_at)"
      : "jsonb_build_object('id', rec.id, 'submittedAt', rec.submitted_at)";
  const column = kind === "application" ? "application_id" : "contact_message_id";
  return `hooks as (
  insert into webhook_deliveries (endpoint_id, event_type, payload, ${column})
  select e.id, '${type}', jsonb_build_object('type', '${type}', 'version', 1, 'timestamp', rec.submitted_at, 'data', ${data}), rec.id
    from rec, webhook_endpoints e
   where e.enabled and '${type}' = any(e.events)
)`;
}
