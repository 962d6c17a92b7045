/**
 * The staff admin's server-side lists under /api/admin:
 *   GET applications | contact            one keyset page (filters, sort, cursor)
 *   GET applications/stats | contact/stats aggregates over the filtered rows
 *   GET applications/export | contact/export  the filtered, sorted rows as a streamed CSV (audited)
 *   GET applications/:id | contact/:id    one record with its duplicates and history (audited view)
 *   GET audit, GET audit/export           the audit log (super admins only; the export is audited)
 */
import { pipeline } from "node:stream/promises";
import { type Request, type Response, Router } from "express";
import type { z } from "zod";
import {
  applicationFiltersSchema,
  applicationListQuerySchema,
  auditFiltersSchema,
  auditListQuerySchema,
  contactFiltersSchema,
  contactListQuerySchema,
  exportOptionsSchema,
} from "#core/admin-lists";
import { facts } from "#core/brand";
import type { AuditEntry } from "../../services/audit";
import {
  APPLICATION_CSV_COLUMNS,
  AUDIT_CSV_COLUMNS,
  CONTACT_CSV_COLUMNS,
  type CsvColumn,
  csvStream,
} from "../../services/lists/csv-export";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { primed } from "../streaming";
import { isUuid, type RouteContext } from "./context";

/** The query string as flat strings; empty values count as absent, repeated keys are refused. */
export function queryInput(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value !== "string") throw new HttpError(400, "Validation failed", { [key]: ["Give this parameter once"] });
    if (value !== "") out[key] = value;
  }
  return out;
}

function parse<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseOr400(schema, queryInput(req));
}

/** Names of the filters in use (never their values: those can be personal data). */
function filterNames(query: Record<string, unknown>, ignore: string[]): string[] {
  return Object.keys(query).filter((k) => !ignore.includes(k) && query[k] !== undefined);
}

const PAGE_KEYS = ["sort", "dir", "limit", "cursor", "tz"];

function dateInZone(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

interface ExportSpec<T> {
  req: Request;
  res: Response;
  ctx: RouteContext;
  fileKind: string;
  batches: AsyncGenerator<T[]>;
  columns: readonly CsvColumn<T>[];
  timeZone: string;
  audit: Omit<AuditEntry, "actor" | "clientAddress" | "action">;
}

/** Streams a CSV download and records the export (with its row count) before the response ends. */
async function sendCsv<T>({ req, res, ctx, fileKind, batches, columns, timeZone, audit }: ExportSpec<T>): Promise<void> {
  const source = await primed(batches);
  const { stream, rowCount } = csvStream(source, columns, timeZone);
  const fileName = `${facts.exportPrefix}-${fileKind}-${dateInZone(timeZone, ctx.deps.now())}.csv`;
  res.status(200);
  res.set({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "X-Content-Type-Options": "nosniff",
    // Sent as is: compressing a million-row file costs more server time than it saves on a staff network.
    "Cache-Control": "no-store, no-transform",
  });
  let completed = true;
  try {
    // The response ends only after the audit event is written, so a finished download is always recorded.
    await pipeline(stream, res, { end: false });
  } catch (error) {
    completed = false;
    req.log?.warn({ failure: error instanceof Error ? error.name : "unknown" }, "export ended early");
  }
  const rows = await rowCount.catch(() => null);
  try {
    await ctx.services.audit.record({
      ...audit,
      actor: getSession(req).user,
      action: "export",
      clientAddress: clientAddress(req),
      detail: { ...audit.detail, rowCount: rows, completed: completed && rows !== null },
    });
    res.end();
  } catch (error) {
    // Unrecorded exports must not look complete: the download is cut off instead of ended.
    res.destroy();
    throw error;
  }
}

export function adminListsRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const lists = services.lists;
  const router = Router();
  const session = requireSession(services.sessions);
  const staff = [session, requireRole(...ROLES_THAT_VIEW)];
  const superAdmin = [session, requireRole(...ROLES_THAT_MANAGE_USERS)];

  const auditView = (req: Request, entry: Omit<AuditEntry, "actor" | "clientAddress" | "action">) =>
    services.audit.record({ ...entry, actor: getSession(req).user, action: "view", clientAddress: clientAddress(req) });

  // Applications
  router.get("/applications", ...staff, async (req, res) => {
    const query = parse(applicationListQuerySchema, req);
    const page = await lists.applications.page(query);
    if (!query.cursor) {
      await auditView(req, { targetType: "applications", detail: { filters: filterNames(query, PAGE_KEYS), sort: query.sort } });
    }
    res.json(page);
  });

  router.get("/applications/stats", ...staff, async (req, res) => {
    res.json(await lists.applications.stats(parse(applicationFiltersSchema, req)));
  });

  router.get("/applications/export", ...staff, async (req, res) => {
    const input = queryInput(req);
    const filters = parseOr400(applicationFiltersSchema, input);
    const { tz } = parseOr400(exportOptionsSchema, input);
    await sendCsv({
      req, res, ctx,
      fileKind: "applications",
      batches: lists.applications.batches(filters),
      columns: APPLICATION_CSV_COLUMNS,
      timeZone: tz,
      audit: { targetType: "applications", detail: { filters: filterNames(filters, PAGE_KEYS), sort: filters.sort, dir: filters.dir } },
    });
  });

  router.get("/applications/:id", ...staff, async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid application id");
    const detail = await lists.applications.record(id);
    await auditView(req, { targetType: "application", targetId: id });
    const history = await lists.auditLog.history("application", id);
    res.json({ ...detail, history });
  });

  // Contact messages
  router.get("/contact", ...staff, async (req, res) => {
    const query = parse(contactListQuerySchema, req);
    const page = await lists.contactMessages.page(query);
    if (!query.cursor) {
      await auditView(req, { targetType: "contact_messages", detail: { filters: filterNames(query, PAGE_KEYS), sort: query.sort } });
    }
    res.json(page);
  });

  router.get("/contact/stats", ...staff, async (req, res) => {
    res.json(await lists.contactMessages.stats(parse(contactFiltersSchema, req)));
  });

  router.get("/contact/export", ...staff, async (req, res) => {
    const input = queryInput(req);
    const filters = parseOr400(contactFiltersSchema, input);
    const { tz } = parseOr400(exportOptionsSchema, input);
    await sendCsv({
      req, res, ctx,
      fileKind: "contact-messages",
      batches: lists.contactMessages.batches(filters),
      columns: CONTACT_CSV_COLUMNS,
      timeZone: tz,
      audit: { targetType: "contact_messages", detail: { filters: filterNames(filters, PAGE_KEYS), sort: filters.sort, dir: filters.dir } },
    });
  });

  router.get("/contact/:id", ...staff, async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid contact message id");
    const detail = await lists.contactMessages.record(id);
    await auditView(req, { targetType: "contact_message", targetId: id });
    const history = await lists.auditLog.history("contact_message", id);
    res.json({ ...detail, history });
  });

  // Audit log (super admins)
  router.get("/audit", ...superAdmin, async (req, res) => {
    res.json(await lists.auditLog.page(parse(auditListQuerySchema, req)));
  });

  router.get("/audit/export", ...superAdmin, async (req, res) => {
    const input = queryInput(req);
    const filters = parseOr400(auditFiltersSchema, input);
    const { tz } = parseOr400(exportOptionsSchema, input);
    await sendCsv({
      req, res, ctx,
      fileKind: "audit-log",
      batches: lists.auditLog.batches(filters),
      columns: AUDIT_CSV_COLUMNS,
      timeZone: tz,
      audit: { targetType: "audit_events", detail: { filters: filterNames(filters, ["dir", "tz"]) } },
    });
  });

  return router;
}
