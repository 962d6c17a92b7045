/**
 * The delivery worker's work (ADR 0067): claims due deliveries with `FOR UPDATE SKIP LOCKED` under a lease
 * (one instance per delivery, on PGlite and PostgreSQL alike), signs each per Standard Webhooks, checks the
 * endpoint's address (./address-guard.ts), posts it (./transport.ts) and logs the attempt. A 2xx is
 * delivered; anything else is retried on the specification's schedule (immediately, 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h) and then ends `failed`. A 410 disables the endpoint at once; an endpoint failing for
 * five days is disabled and staff get an email. Logs hold ids and codes, never a payload.
 */
import { performance } from "node:perf_hooks";
import { and, eq, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { applications, contactMessages, emailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { APPLICATION_FORM_COLUMNS, CONTACT_FORM_COLUMNS } from "../record-values";
import { type OutboxQueueConfig, outboxRow } from "../outbox";
import { AddressRefused, resolveTarget } from "./address-guard";
import { signatureHeader } from "./signing";
import { postJson, type PostResult } from "./transport";

/** Waits before the 2nd … 8th attempt (Standard Webhooks' schedule); the 1st goes at once. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
export const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;

export interface DeliverySettings {
  allowHttp: boolean;
  allowPrivate: boolean;
  /** Where the staff alert of a disabled endpoint goes. */
  outbox: OutboxQueueConfig;
  batchSize?: number;
  timeoutMs?: number;
}

export interface DeliveryRun {
  claimed: number;
  delivered: number;
  failed: number;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_type: string;
  payload: { data?: Record<string, unknown> } & Record<string, unknown>;
  application_id: string | null;
  contact_message_id: string | null;
  attempts: number;
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** The promise's value, or a rejection with `message` after `ms` (a name lookup is not bounded by the request's timeout). */
function withinTime<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  if (error instanceof AddressRefused) return error.message;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === "string" ? `${code}: ${message}` : message).slice(0, 300);
}

export function createDeliveryWorker(db: Database, now: () => Date, settings: DeliverySettings) {
  const batchSize = settings.batchSize ?? 50;
  const timeoutMs = settings.timeoutMs ?? TIMEOUT_MS;

  /**
   * The payload with the record's form answers, for an endpoint switched to the full record. Read at each
   * attempt, so the delivery row itself never holds personal data, and an erased record is never sent (its
   * deliveries are removed with it).
   */
  async function withRecord(delivery: Claimed): Promise<Claimed["payload"]> {
    let record: Record<string, unknown> | undefined;
    if (delivery.application_id) {
      const [row] = await db.select().from(applications).where(eq(applications.id, delivery.application_id));
      if (row) record = Object.fromEntries(APPLICATION_FORM_COLUMNS.map((column) => [column, row[column]]));
    } else if (delivery.contact_message_id) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, delivery.contact_message_id));
      if (row) record = Object.fromEntries(CONTACT_FORM_COLUMNS.map((column) => [column, row[column]]));
    }
    return record ? { ...delivery.payload, data: { ...delivery.payload.data, record } } : delivery.payload;
  }

  async function claim(at: Date, limit: number): Promise<Claimed[]> {
    const iso = at.toISOString();
    const until = new Date(at.getTime() + LEASE_MS).toISOString();
    const result = await db.execute(sql`
      update ${webhookDeliveries}
         set status = 'sending', attempts = attempts + 1, locked_until = ${until}::timestamptz
       where id in (
         select d.id from ${webhookDeliveries} d
          where ((d.status = 'pending' and d.next_attempt_at <= ${iso}::timestamptz)
             or (d.status = 'sending' and d.locked_until <= ${iso}::timestamptz))
            and exists (select 1 from ${webhookEndpoints} e where e.id = d.endpoint_id and e.enabled)
          order by d.next_attempt_at
          limit ${limit}
          for update skip locked)
      returning id, endpoint_id, event_type, payload, application_id, contact_message_id, attempts`);
    return rowsOf<Claimed>(result);
  }

  /** Disables an endpoint still enabled and queues the staff alert, in one transaction. */
  async function disable(endpointId: string, reason: string, at: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabled_reason: reason, updated_at: at })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description });
      if (!endpoint || settings.outbox.staffTo.length === 0) return;
      const row = outboxRow(settings.outbox, {
        kind: "staff_webhook_disabled",
        recipients: settings.outbox.staffTo,
        subjectEmail: "",
        payload: { endpointId: endpoint.id, url: endpoint.url, description: endpoint.description, reason },
      });
      await tx.insert(emailOutbox).values({ ...row, subject_email: null });
    });
  }

  async function attempt(delivery: Claimed, endpoints: Map<string, typeof webhookEndpoints.$inferSelect>): Promise<boolean> {
    const at = now();
    const endpoint = endpoints.get(delivery.endpoint_id);
    const started = performance.now();
    let result: PostResult | null = null;
    let error: string | null = null;
    let refused = false;
    if (!endpoint) {
      error = "The endpoint was removed";
    } else {
      const url = new URL(endpoint.url);
      try {
        if (url.protocol !== "https:" && !(url.protocol === "http:" && settings.allowHttp)) {
          throw new AddressRefused("Refused: only https:// endpoints are called (set WEBHOOK_ALLOW_HTTP=1 to allow http://)");
        }
        const target = await withinTime(resolveTarget(url, settings.allowPrivate), timeoutMs, `The host ${url.hostname} did not resolve within ${timeoutMs / 1000} s`);
        const body = JSON.stringify(endpoint.full_record ? await withRecord(delivery) : delivery.payload);
        const timestamp = Math.floor(at.getTime() / 1000);
        const secrets = [endpoint.secret];
        if (endpoint.previous_secret && endpoint.previous_secret_until && endpoint.previous_secret_until > at) secrets.push(endpoint.previous_secret);
        result = await postJson(
          url,
          target,
          {
            "webhook-id": delivery.id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signatureHeader(secrets, delivery.id, timestamp, body),
          },
          body,
          timeoutMs,
        );
      } catch (caught) {
        refused = caught instanceof AddressRefused;
        error = describe(caught);
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = result !== null && result.status >= 200 && result.status < 300;
    if (result && !delivered) error = `The receiver answered ${result.status}`;
    await db.insert(webhookAttempts).values({
      delivery_id: delivery.id,
      attempted_at: at,
      duration_ms: durationMs,
      outcome: delivered ? "delivered" : refused ? "refused" : "failed",
      response_code: result?.status ?? null,
      response_body: result?.body ?? null,
      error,
    });
    if (delivered) {
      await db
        .update(webhookDeliveries)
        .set({ status: "delivered", delivered_at: at, locked_until: null, last_response_code: result!.status, last_error: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await db
        .update(webhookEndpoints)
        .set({ failing_since: null })
        .where(and(eq(webhookEndpoints.id, delivery.endpoint_id), sql`${webhookEndpoints.failing_since} is not null`));
      return true;
    }
    const gone = result?.status === 410;
    const last = gone || delivery.attempts >= MAX_ATTEMPTS || !endpoint;
    await db
      .update(webhookDeliveries)
      .set({
        status: last ? "failed" : "pending",
        locked_until: null,
        next_attempt_at: last ? at : new Date(at.getTime() + RETRY_DELAYS_MS[delivery.attempts - 1]!),
        last_response_code: result?.status ?? null,
        last_error: error,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!endpoint) return false;
    const [failing] = await db
      .update(webhookEndpoints)
      .set({ failing_since: sql`coalesce(${webhookEndpoints.failing_since}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ since: webhookEndpoints.failing_since });
    if (gone) await disable(endpoint.id, "The receiver answered 410 Gone", at);
    else if (failing?.since && at.getTime() - failing.since.getTime() >= DISABLE_AFTER_MS) {
      await disable(endpoint.id, "Every delivery failed for 5 days", at);
    }
    return false;
  }

  return {
    /** Claims and sends one batch of due deliveries (at most `limit`, default the batch size); resolves when each is settled. */
    async runOnce(limit: number = batchSize): Promise<DeliveryRun> {
      const claimed = await claim(now(), Math.min(limit, batchSize));
      if (claimed.length === 0) return { claimed: 0, delivered: 0, failed: 0 };
      const ids = [...new Set(claimed.map((d) => d.endpoint_id))];
      const rows = await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
      const endpoints = new Map(rows.map((row) => [row.id, row]));
      // One delivery's bookkeeping failing (its endpoint removed meanwhile) never stops the others; its lease
      // runs out and it is claimed again if it still exists.
      const outcomes = await Promise.all(claimed.map((delivery) => attempt(delivery, endpoints).catch(() => false)));
      const delivered = outcomes.filter(Boolean).length;
      return { claimed: claimed.length, delivered, failed: claimed.length - delivered };
    },

    /**
     * Removes finished deliveries (and their attempt logs) older than `days` (retention), and any delivery whose
     * endpoint is gone: one a submission queued while its endpoint was being removed (ADR 0076). Such a delivery
     * is never claimed meanwhile (the claim asks for an enabled endpoint).
     */
    async purgeFinished(days: number): Promise<number> {
      const before = new Date(now().getTime() - days * 24 * 3600_000);
      const removed = await db
        .delete(webhookDeliveries)
        .where(
          or(
            and(
              or(eq(webhookDeliveries.status, "delivered"), eq(webhookDeliveries.status, "failed")),
              lte(webhookDeliveries.created_at, before),
              or(isNull(webhookDeliveries.locked_until), lte(webhookDeliveries.locked_until, before)),
            ),
            notExists(db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return removed.length;
    },
  };
}

