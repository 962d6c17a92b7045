/**
 * Webhooks (ADR 0067): endpoints managed by super admins (every change audited), the deliveries queued with
 * each event (./events.ts), the worker's batch (./deliver.ts) and replays. Secrets are answered only by
 * create and rotate, never listed.
 */
import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { WebhookDeliveryItem, WebhookEndpointItem, WebhookEvent, WebhookSecret } from "#core/contracts/webhooks";
import type { Database } from "../../db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { addressRefusal, hostOf } from "./address-guard";
import { createDeliveryWorker, type DeliverySettings, ROTATION_OVERLAP_MS } from "./deliver";
import { newWebhookSecret } from "./signing";

export interface WebhookServiceOptions {
  db: Database;
  now: () => Date;
  audit: AuditService;
  settings: DeliverySettings;
}

export interface Caller {
  actor: Actor;
  clientAddress: string | null;
}

export interface EndpointInput {
  url: string;
  events: WebhookEvent[];
  description?: string;
  fullRecord?: boolean;
}

export interface EndpointChange {
  url?: string;
  events?: WebhookEvent[];
  description?: string;
  enabled?: boolean;
  fullRecord?: boolean;
}

const NOT_FOUND = "Webhook endpoint not found";
const refuse = (message: string) => new ServiceError("invalid", message, { url: [message] });
const DELIVERIES_LISTED = 100;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointItem(row: EndpointRow): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    fullRecord: row.full_record,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since?.toISOString() ?? null,
    previousSecretUntil: row.previous_secret_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function createWebhookService({ db, now, audit, settings }: WebhookServiceOptions) {
  const worker = createDeliveryWorker(db, now, settings);

  /** https only (http with WEBHOOK_ALLOW_HTTP=1); an address literal must be public (unless WEBHOOK_ALLOW_PRIVATE=1). */
  function checkUrl(text: string): string {
    const url = new URL(text);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && settings.allowHttp)) {
      throw refuse("The address must start with https://");
    }
    if (url.username || url.password) throw refuse("The address must not carry a user name or password");
    const host = hostOf(url);
    if (!settings.allowPrivate && (host === "localhost" || host.endsWith(".localhost") || /^[\d.]+$/.test(host) || host.includes(":"))) {
      const refusal = host.includes("localhost") ? "a loopback name" : addressRefusal(host);
      if (refusal) throw refuse(`This address is not reachable from the internet (${refusal})`);
    }
    return url.toString();
  }

  async function endpointOf(id: string): Promise<EndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new ServiceError("not_found", NOT_FOUND);
    return row;
  }

  async function record(caller: Caller, action: "webhook_create" | "webhook_update" | "webhook_rotate" | "webhook_delete" | "webhook_replay", id: string, detail: Record<string, unknown>) {
    await audit.record({ actor: caller.actor, action, targetType: "webhook_endpoint", targetId: id, clientAddress: caller.clientAddress, detail });
  }

  return {
    async create(input: EndpointInput, caller: Caller): Promise<WebhookSecret> {
      const url = checkUrl(input.url);
      const secret = newWebhookSecret();
      const at = now();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ url, description: input.description ?? "", events: input.events, full_record: input.fullRecord ?? false, secret, created_at: at, updated_at: at })
        .returning({ id: webhookEndpoints.id });
      if (!row) throw new Error("webhook endpoint insert returned no row");
      await record(caller, "webhook_create", row.id, { url, events: input.events, fullRecord: input.fullRecord ?? false });
      return { id: row.id, secret };
    },

    async list(): Promise<WebhookEndpointItem[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.created_at, webhookEndpoints.id);
      return rows.map(endpointItem);
    },

    async update(id: string, change: EndpointChange, caller: Caller): Promise<WebhookEndpointItem> {
      const fields = (Object.keys(change) as (keyof EndpointChange)[]).filter((key) => change[key] !== undefined);
      if (fields.length === 0) throw new ServiceError("invalid", "Nothing to change");
      const current = await endpointOf(id);
      const url = change.url === undefined ? undefined : checkUrl(change.url);
      const enabling = change.enabled === true && !current.enabled;
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...(url === undefined ? {} : { url }),
          ...(change.events === undefined ? {} : { events: change.events }),
          ...(change.description === undefined ? {} : { description: change.description }),
          ...(change.fullRecord === undefined ? {} : { full_record: change.fullRecord }),
          ...(change.enabled === undefined ? {} : { enabled: change.enabled, disabled_reason: change.enabled ? null : "Disabled by staff" }),
          ...(enabling ? { failing_since: null } : {}),
          updated_at: now(),
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      if (!row) throw new ServiceError("not_found", NOT_FOUND);
      // The audit event holds the new values and, under `previous`, what they replaced (a full-record switch reads
      // as {fullRecord: true, previous: {fullRecord: false}}).
      const before = endpointItem(current);
      const previous = Object.fromEntries(fields.map((key) => [key, before[key]]));
      await record(caller, "webhook_update", id, { ...change, ...(url ? { url } : {}), previous });
      return endpointItem(row);
    },

    /** A new secret; the previous one keeps signing beside it for 24 hours. */
    async rotate(id: string, caller: Caller): Promise<WebhookSecret> {
      const current = await endpointOf(id);
      const secret = newWebhookSecret();
      const at = now();
      await db
        .update(webhookEndpoints)
        .set({ secret, previous_secret: current.secret, previous_secret_until: new Date(at.getTime() + ROTATION_OVERLAP_MS), updated_at: at })
        .where(eq(webhookEndpoints.id, id));
      await record(caller, "webhook_rotate", id, {});
      return { id, secret };
    },

    /** Removes an endpoint with its deliveries and their attempt logs (no foreign key does it: ADR 0076). */
    async remove(id: string, caller: Caller): Promise<void> {
      const rows = await db.transaction(async (tx) => {
        const removed = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
        if (removed.length > 0) await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, id));
        return removed;
      });
      if (rows.length === 0) throw new ServiceError("not_found", NOT_FOUND);
      await record(caller, "webhook_delete", id, { url: rows[0]!.url });
    },

    /** The newest deliveries of an endpoint with each attempt, oldest attempt first. */
    async deliveries(id: string): Promise<WebhookDeliveryItem[]> {
      await endpointOf(id);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpoint_id, id))
        .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
        .limit(DELIVERIES_LISTED);
      const attempts =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(webhookAttempts)
              .where(inArray(webhookAttempts.delivery_id, rows.map((r) => r.id)))
              .orderBy(webhookAttempts.attempted_at, webhookAttempts.id);
      return rows.map((row) => ({
        id: row.id,
        eventType: row.event_type as WebhookEvent,
        status: row.status as WebhookDeliveryItem["status"],
        attempts: row.attempts,
        nextAttemptAt: row.status === "pending" ? row.next_attempt_at.toISOString() : null,
        lastResponseCode: row.last_response_code,
        lastError: row.last_error,
        createdAt: row.created_at.toISOString(),
        deliveredAt: row.delivered_at?.toISOString() ?? null,
        log: attempts
          .filter((a) => a.delivery_id === row.id)
          .map((a) => ({
            at: a.attempted_at.toISOString(),
            outcome: a.outcome as "delivered" | "failed" | "refused",
            durationMs: a.duration_ms,
            responseCode: a.response_code,
            responseBody: a.response_body,
            error: a.error,
          })),
      }));
    },

    /** Sends one delivery again (same webhook-id, a fresh retry schedule); refused while it is being sent. */
    async replay(endpointId: string, deliveryId: string, caller: Caller): Promise<void> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: "pending", attempts: 0, next_attempt_at: now(), locked_until: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpoint_id, endpointId), ne(webhookDeliveries.status, "sending")))
        .returning({ id: webhookDeliveries.id });
      if (rows.length === 0) {
        const [exists] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpoint_id, endpointId)));
        if (!exists) throw new ServiceError("not_found", "Delivery not found");
        throw new ServiceError("conflict", "This delivery is being sent right now");
      }
      await record(caller, "webhook_replay", endpointId, { delivery: deliveryId });
    },

    /** Queues again every failed delivery of the endpoint created since `since`. */
    async replayFailedSince(endpointId: string, since: Date, caller: Caller): Promise<number> {
      await endpointOf(endpointId);
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: "pending", attempts: 0, next_attempt_at: now(), locked_until: null })
        .where(and(eq(webhookDeliveries.endpoint_id, endpointId), eq(webhookDeliveries.status, "failed"), gte(webhookDeliveries.created_at, since)))
        .returning({ id: webhookDeliveries.id });
      await record(caller, "webhook_replay", endpointId, { since: since.toISOString(), queued: rows.length });
      return rows.length;
    },

    /** One batch of due deliveries (the worker's loop, and tests). */
    deliverDue: (limit?: number) => worker.runOnce(limit),
    purgeFinished: (days: number) => worker.purgeFinished(days),
    /** Deliveries waiting (pending or being sent), for the operator view. */
    async backlog(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(inArray(webhookDeliveries.status, ["pending", "sending"]));
      return row?.n ?? 0;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

export { queueErasureEvents, queueWebhookEvent, submissionDeliveriesCte } from "./events";
export { webhookWorker, type WebhookWorkerLoop } from "./schedule";
