/**
 * GET /api/openapi.json: an OpenAPI 3.1 description of the staff admin's list calls, generated from
 * the same Zod schemas the server validates with (core/admin-lists.ts).
 */
import { Router } from "express";
import { z } from "zod";
import {
  applicationListQuerySchema,
  auditListQuerySchema,
  contactListQuerySchema,
  exportOptionsSchema,
  applicationFiltersSchema,
  contactFiltersSchema,
  auditFiltersSchema,
} from "#core/admin-lists";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function queryParameters(schema: z.ZodType): Record<string, unknown>[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

const error = { $ref: "#/components/schemas/Error" };
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { description: String(code), content: { "application/json": { schema: error } } }]));
const page = (item: string) => ({
  type: "object",
  required: ["rows", "nextCursor", "total"],
  properties: {
    rows: { type: "array", items: { $ref: `#/components/schemas/${item}` } },
    nextCursor: { type: ["string", "null"], description: "Cursor of the next page; null on the last page." },
    total: { type: ["integer", "null"], description: "Filtered row count (exact), sent with the first page only." },
  },
});
const json = (schema: unknown, description = "OK") => ({ "200": { description, content: { "application/json": { schema } } } });
const csv = { "200": { description: "CSV file (UTF-8 with BOM), streamed", content: { "text/csv": { schema: { type: "string" } } } } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };

function listPaths(base: string, item: string, list: z.ZodType, filters: z.ZodType, stats: string, tag: string) {
  return {
    [base]: { get: { tags: [tag], summary: `One page of ${tag.toLowerCase()}`, parameters: queryParameters(list), responses: { ...json(page(item)), ...errors(400, 401, 403) } } },
    [`${base}/stats`]: { get: { tags: [tag], summary: "Aggregates over the filtered rows", parameters: queryParameters(filters), responses: { ...json({ $ref: `#/components/schemas/${stats}` }), ...errors(400, 401, 403) } } },
    [`${base}/export`]: {
      get: {
        tags: [tag],
        summary: "The filtered, sorted rows as CSV (audited)",
        parameters: [...queryParameters(filters), ...queryParameters(exportOptionsSchema)],
        responses: { ...csv, ...errors(400, 401, 403) },
      },
    },
    [`${base}/{id}`]: {
      get: {
        tags: [tag],
        summary: "One record, its other submissions from the same email address and its audit history (audited view)",
        parameters: [idParam],
        responses: { ...json({ type: "object" }), ...errors(400, 401, 403, 404) },
      },
    },
  };
}

const str = { type: "string" };
const nullable = { type: ["string", "null"] };

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Ovella staff admin lists", version: "1.0.0" },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: { type: "object", required: ["message"], properties: { message: str, errors: { type: "object" } } },
        Application: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" }, firstName: str, lastName: str, email: str, age: { type: "integer" }, state: str,
            phone: nullable, zipCode: nullable, interestLevel: str, interestLevelOther: nullable, formSource: str,
            marketing_consent: { type: "boolean" }, submitted_at: { type: "string", format: "date-time" },
            traffic_source: nullable, utm_source: nullable, utm_medium: nullable, utm_campaign: nullable, referrer_url: nullable,
            landing_path: nullable, browser_language: nullable, timezone: nullable, event_id: nullable, tracking_consent: nullable,
            repeat: { type: "boolean", description: "The same email address applied before this application." },
          },
        },
        ContactMessage: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" }, firstName: str, lastName: str, email: str, phone: nullable, reason: str,
            subject: str, message: str, submitted_at: { type: "string", format: "date-time" },
          },
        },
        AuditEvent: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" }, at: { type: "string", format: "date-time" }, actor_username: nullable, action: str,
            target_type: nullable, target_id: nullable, client_address: nullable, detail: { type: ["object", "null"] },
          },
        },
        Count: { type: "object", properties: { label: str, count: { type: "integer" } } },
        ApplicationStats: {
          type: "object",
          properties: {
            total: { type: "integer" }, overall: { type: "integer" }, averageAge: { type: ["number", "null"] },
            topStates: { type: "array", items: { $ref: "#/components/schemas/Count" } },
            bySource: { type: "array", items: { $ref: "#/components/schemas/Count" } },
            byCampaign: { type: "array", items: { $ref: "#/components/schemas/Count" } },
          },
        },
        ContactStats: { type: "object", properties: { total: { type: "integer" }, overall: { type: "integer" }, thisWeek: { type: "integer" } } },
      },
    },
    security: [{ bearer: [] }],
    paths: {
      ...listPaths("/api/admin/applications", "Application", applicationListQuerySchema, applicationFiltersSchema, "ApplicationStats", "Applications"),
      ...listPaths("/api/admin/contact", "ContactMessage", contactListQuerySchema, contactFiltersSchema, "ContactStats", "Contact messages"),
      "/api/admin/audit": {
        get: { tags: ["Audit log"], summary: "One page of audit events, newest first (super admins)", parameters: queryParameters(auditListQuerySchema), responses: { ...json(page("AuditEvent")), ...errors(400, 401, 403) } },
      },
      "/api/admin/audit/export": {
        get: { tags: ["Audit log"], summary: "The filtered audit events as CSV (super admins; audited)", parameters: [...queryParameters(auditFiltersSchema), ...queryParameters(exportOptionsSchema)], responses: { ...csv, ...errors(400, 401, 403) } },
      },
      "/api/applications": { get: { tags: ["Applications"], summary: "Every application, newest first (streamed JSON array)", responses: { ...json({ type: "array", items: { $ref: "#/components/schemas/Application" } }), ...errors(401, 403) } } },
      "/api/contact": { get: { tags: ["Contact messages"], summary: "Every contact message, newest first (streamed JSON array)", responses: { ...json({ type: "array", items: { $ref: "#/components/schemas/ContactMessage" } }), ...errors(401, 403) } } },
    },
  };
}

export function openApiRouter(): Router {
  const router = Router();
  const document = openApiDocument();
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
