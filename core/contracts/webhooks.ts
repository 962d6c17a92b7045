/**
 * Webhooks and API keys (super admins), ADR 0067 and 0068:
 *   POST/GET /api/admin/webhooks, PUT/DELETE /api/admin/webhooks/{id}, POST /api/admin/webhooks/{id}/rotate,
 *   GET /api/admin/webhooks/{id}/deliveries, POST …/deliveries/{deliveryId}/replay, POST …/replay;
 *   POST/GET /api/admin/api-keys, DELETE /api/admin/api-keys/{id};
 * and the events the endpoints receive (thin payloads: ids, timestamps, form source, stage; never a form answer).
 */
import { z } from "zod";
import { storable } from "../storable";
import { DATE_RANGE_MESSAGE, instant, isStorableInstant, nullableInstant, recordId } from "./common";

export const WEBHOOK_EVENTS = ["application.created", "contact_message.created", "application.stage_changed", "application.consult_booked", "privacy.erased"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "application.created": "New application",
  "contact_message.created": "New contact message",
  "application.stage_changed": "Application stage changed",
  "application.consult_booked": "Consult booked or moved",
  "privacy.erased": "Person erased (privacy)",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
};

const URL_MESSAGE = "Enter the endpoint's full address, for example https://crm.example.com/hooks/ovella";
const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(", ")}` }))
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);
const webhookUrl = storable(z.string({ error: URL_MESSAGE })).trim().min(1, URL_MESSAGE).max(2000, "At most 2000 characters").refine(isHttpUrl, URL_MESSAGE);
const description = storable(z.string()).trim().max(200, "At most 200 characters");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const fullRecord = z
  .boolean()
  .describe("Events about an application or a contact message also carry its form answers (personal data: a disclosure to the receiver). Default false: ids only.");

export const webhookCreateRequestSchema = z.object({
  url: webhookUrl,
  events: eventList,
  description: description.optional(),
  fullRecord: fullRecord.optional(),
});

export const webhookUpdateRequestSchema = z.object({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
  fullRecord: fullRecord.optional(),
});
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequestSchema>;

/** 201 to a create and 200 to a rotation: the secret, shown this once. */
export const webhookSecretSchema = z.object({
  id: recordId,
  secret: z.string().describe("The signing secret (whsec_ + base64), shown only in this answer."),
});
export type WebhookSecret = z.output<typeof webhookSecretSchema>;

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: recordId,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  fullRecord: z.boolean().describe("Whether events carry the record's form answers."),
  disabledReason: z.string().nullable().describe("Why the endpoint was disabled (by staff, a 410 answer, or five days of failures)."),
  failingSince: nullableInstant.describe("The first failed attempt since the last success."),
  previousSecretUntil: nullableInstant.describe("After a rotation, until when the previous secret also signs."),
  createdAt: instant,
  updatedAt: instant,
});
export type WebhookEndpointItem = z.output<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

export const webhookAttemptSchema = z.object({
  at: instant,
  outcome: z.enum(["delivered", "failed", "refused"]).describe("refused: the address was not allowed (SSRF guard); no request was made."),
  durationMs: z.number().int(),
  responseCode: z.number().int().nullable(),
  responseBody: z.string().nullable().describe("The first KiB of the receiver's answer."),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: recordId.describe("The webhook-id header of every attempt of this delivery."),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: nullableInstant,
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: instant,
  deliveredAt: nullableInstant,
  log: z.array(webhookAttemptSchema).describe("Each attempt, oldest first."),
});
export type WebhookDeliveryItem = z.output<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookReplayRequestSchema = z.object({
  since: z.iso.datetime({ offset: true, error: "Give the time as ISO 8601, for example 2026-11-26T00:00:00Z" }).refine(isStorableInstant, DATE_RANGE_MESSAGE),
});
export const webhookReplayAnswerSchema = z.object({ queued: z.number().int().describe("Deliveries queued again.") });

/** Only on an endpoint switched to the full record: the record's form answers as stored, read when the event is sent. */
const fullRecordData = z.record(z.string(), z.unknown()).optional().describe("Only when the endpoint carries the full record: the record's form answers.");

/** The versioned JSON body every event is sent as (Standard Webhooks: type, timestamp, data). */
const envelope = <T extends WebhookEvent, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), version: z.literal(1), timestamp: instant, data });

export const webhookPayloadSchemas = {
  "application.created": envelope(
    "application.created",
    z.object({ id: recordId, formSource: z.string(), stage: z.string(), submittedAt: instant, record: fullRecordData }),
  ).describe("A new application. Pull the record with an API key of scope applications:read."),
  "contact_message.created": envelope("contact_message.created", z.object({ id: recordId, submittedAt: instant, record: fullRecordData })).describe(
    "A new contact message. Pull it with an API key of scope contact:read.",
  ),
  "application.stage_changed": envelope(
    "application.stage_changed",
    z.object({ id: recordId, from: z.string(), to: z.string(), changedAt: instant, record: fullRecordData }),
  ).describe("An application moved to another stage of the pilot's selection."),
  "application.consult_booked": envelope(
    "application.consult_booked",
    z.object({ id: recordId, stage: z.string(), consultStart: instant, at: instant }),
  ).describe("The applicant booked her consult, or she or staff moved it (consultStart is the time now booked)."),
  "privacy.erased": envelope(
    "privacy.erased",
    z.object({
      subjectHmac: z
        .string()
        .describe("Hex HMAC-SHA256 of the erased address (trimmed, lower-cased), keyed with the bytes of this endpoint's signing secret after whsec_."),
      applicationIds: z.array(recordId),
      contactMessageIds: z.array(recordId),
      erasedAt: instant,
    }),
  ).describe("Everything about one person was erased: erase your copy of these records."),
} as const;

export const API_KEY_SCOPES = ["applications:read", "contact:read", "applications:write-stage"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "applications:read": "Read applications",
  "contact:read": "Read contact messages",
  "applications:write-stage": "Move applications between stages",
};

export const apiKeyCreateRequestSchema = z.object({
  name: storable(z.string({ error: "Name the key" })).trim().min(1, "Name the key").max(100, "At most 100 characters"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes must be among ${API_KEY_SCOPES.join(", ")}` }))
    .min(1, "Choose at least one scope")
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});

export const apiKeyCreatedSchema = z.object({
  id: recordId,
  key: z.string().describe("The key, shown only in this answer; send it as Authorization: Bearer <key>."),
});
export type ApiKeyCreated = z.output<typeof apiKeyCreatedSchema>;

export const apiKeySchema = z.object({
  id: recordId,
  name: z.string(),
  prefix: z.string().describe("The key's first characters, to tell keys apart."),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.string().nullable(),
  createdAt: instant,
  lastUsedAt: nullableInstant,
});
export type ApiKeyItem = z.output<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);
