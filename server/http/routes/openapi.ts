/**
 * GET /api/openapi.json: an OpenAPI 3.1 description of the staff admin's list calls, generated from
 * the same Zod schemas the server validates with and the admin takes its types from (core/contracts/lists.ts).
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
  applicationListRowSchema,
  applicationStatsSchema,
  auditEventSchema,
  contactRowSchema,
  contactStatsSchema,
  countItemSchema,
  PAGE_TOTAL_LIMIT,
} from "#core/contracts/lists";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function queryParameters(schema: z.ZodType): Record<string, unknown>[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

/** A row's JSON Schema from the same Zod schema that types the server's rows and the admin's tables. */
function rowSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown>;
  return rest;
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
    total: {
      type: ["integer", "null"],
      description: `Filtered row count (exact), sent with the first page only when it is at most ${PAGE_TOTAL_LIMIT.toLocaleString("en-US")}; null otherwise (the stats call counts any size).`,
    },
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

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Ovella staff admin lists", version: "1.0.0" },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: { type: "object", required: ["message"], properties: { message: str, errors: { type: "object" } } },
        Application: rowSchema(applicationListRowSchema),
        ContactMessage: rowSchema(contactRowSchema),
        AuditEvent: rowSchema(auditEventSchema),
        Count: rowSchema(countItemSchema),
        ApplicationStats: rowSchema(applicationStatsSchema),
        ContactStats: rowSchema(contactStatsSchema),
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
