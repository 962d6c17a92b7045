/**
 * The staff admin's server-side lists under /api/admin, one set of calls per list declaration
 * (core/lists/declarations.ts):
 *   GET applications | contact            one keyset page (filters, sort, cursor)
 *   GET applications/stats | contact/stats aggregates over the filtered rows
 *   GET applications/export | contact/export  the filtered, sorted rows as a streamed CSV (audited)
 *   GET applications/:id | contact/:id    one record with its duplicates and history (audited view)
 *   DELETE applications/:id | contact/:id delete one record (admins; audited)
 *   GET audit, GET audit/export           the audit log (super admins only; the export is audited)
 * and, in `specAliasesRouter`, the specification's own calls on the same records.
 */
import { pipeline } from "node:stream/promises";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { z } from "zod";
import {
  applicationFiltersSchema,
  applicationListQuerySchema,
  auditFiltersSchema,
  auditListQuerySchema,
  contactFiltersSchema,
  contactListQuerySchema,
  exportOptionsSchema,
} from "#core/contracts/lists";
import { facts } from "#core/brand";
import { APPLICATIONS_LIST, AUDIT_LIST, CONTACT_LIST, type ListDecl, listExportFileName } from "#core/lists/declarations";
import { calendarDay } from "#core/time";
import type { AuditEntry } from "../../services/audit";
import { type CsvColumn, csvColumnsOf, csvStream } from "../../services/lists";
import { apiKeyGuards } from "../api-key-guard";
import { getSession, requireRole, requireSession, ROLES_THAT_DELETE, ROLES_THAT_MANAGE_USERS, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { primed, streamJsonArray } from "../streaming";
import { pathId, type RouteContext } from "./context";

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

interface ExportSpec<T> {
  req: Request;
  res: Response;
  ctx: RouteContext;
  list: ListDecl;
  batches: AsyncGenerator<T[]>;
  timeZone: string;
  audit: Omit<AuditEntry, "actor" | "clientAddress" | "action">;
}

/** Streams a CSV download and records the export (with its row count) before the response ends. */
async function sendCsv<T extends object>({ req, res, ctx, list, batches, timeZone, audit }: ExportSpec<T>): Promise<void> {
  const source = await primed(batches);
  const columns: CsvColumn<T>[] = csvColumnsOf<T>(list);
  const { stream, rowCount } = csvStream(source, columns, timeZone);
  const fileName = listExportFileName(facts.exportPrefix, list.fileKind, calendarDay(ctx.deps.now(), timeZone));
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

type AuditTarget = Omit<AuditEntry, "actor" | "clientAddress" | "action">;

/** The batches, stats, one record and deletion of a list of submitted records. */
interface RecordListService<F> {
  page(query: F & { limit: number; cursor?: string }): Promise<unknown>;
  stats(filters: F): Promise<unknown>;
  exportBatches(filters: F): AsyncGenerator<object[]>;
  record(id: string): Promise<object | null>;
}

/** One record's deletion, its audit names and its texts. */
interface RecordKind {
  remove: (id: string) => Promise<void>;
  /** Every record, newest first, in batches. */
  whole: () => AsyncGenerator<object[]>;
  /** Audit names: the list ("applications"), one record ("application"), a deletion ("application_delete"). */
  listTarget: "applications" | "contact_messages";
  recordTarget: "application" | "contact_message";
  deleteAction: "application_delete" | "contact_delete";
  invalidId: string;
}

/** What a list of submitted records adds to its declaration to be served: its schemas, service, texts and audit names. */
interface RecordListRoutes<F extends { sort: string; dir: string }> extends RecordKind {
  list: ListDecl;
  query: z.ZodType<F & { limit: number; cursor?: string }>;
  filters: z.ZodType<F>;
  service: RecordListService<F>;
  /** What a record page shows besides the record and its history (the application's selection state). */
  extraDetail?: (id: string) => Promise<object>;
}

function recordLists(ctx: RouteContext) {
  const { lists, submissions } = ctx.services;
  return {
    applications: {
      list: APPLICATIONS_LIST,
      query: applicationListQuerySchema,
      filters: applicationFiltersSchema,
      service: lists.applications,
      extraDetail: (id: string) => ctx.services.pipeline.detail(id),
      remove: (id: string) => submissions.deleteApplication(id),
      whole: () => lists.applications.batches({ sort: "submitted_at", dir: "desc" }),
      listTarget: "applications",
      recordTarget: "application",
      deleteAction: "application_delete",
      invalidId: "Invalid application id",
    } satisfies RecordListRoutes<z.output<typeof applicationFiltersSchema>>,
    contact: {
      list: CONTACT_LIST,
      query: contactListQuerySchema,
      filters: contactFiltersSchema,
      service: lists.contactMessages,
      remove: (id: string) => submissions.deleteContactMessage(id),
      whole: () => lists.contactMessages.batches({ sort: "submitted_at", dir: "desc" }),
      listTarget: "contact_messages",
      recordTarget: "contact_message",
      deleteAction: "contact_delete",
      invalidId: "Invalid contact message id",
    } satisfies RecordListRoutes<z.output<typeof contactFiltersSchema>>,
  };
}

/** DELETE …/:id of a list of records: the admin's call and the specification's alias share it. */
function deleteRecord(ctx: RouteContext, routes: RecordKind): RequestHandler {
  return async (req, res) => {
    const id = pathId(req, routes.invalidId);
    // Not found: the service refuses (ServiceError "not_found", a 404).
    await routes.remove(id);
    await ctx.services.audit.record({
      actor: getSession(req).user,
      action: routes.deleteAction,
      targetType: routes.recordTarget,
      targetId: id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  };
}

function mountRecordList<F extends { sort: string; dir: string }>(
  router: Router,
  ctx: RouteContext,
  routes: RecordListRoutes<F>,
  guards: { staff: RequestHandler[]; deleters: RequestHandler[] },
): void {
  const { services } = ctx;
  const base = routes.list.path.replace(/^\/api\/admin/, "");
  const auditView = (req: Request, entry: AuditTarget) =>
    services.audit.record({ ...entry, actor: getSession(req).user, action: "view", clientAddress: clientAddress(req) });

  router.get(base, ...guards.staff, async (req, res) => {
    const query = parse(routes.query, req);
    const page = await routes.service.page(query);
    if (!query.cursor) {
      await auditView(req, { targetType: routes.listTarget, detail: { filters: filterNames(query, PAGE_KEYS), sort: query.sort } });
    }
    res.json(page);
  });

  router.get(`${base}/stats`, ...guards.staff, async (req, res) => {
    res.json(await routes.service.stats(parse(routes.filters, req)));
  });

  router.get(`${base}/export`, ...guards.staff, async (req, res) => {
    const input = queryInput(req);
    const filters = parseOr400(routes.filters, input);
    const { tz } = parseOr400(exportOptionsSchema, input);
    await sendCsv({
      req, res, ctx,
      list: routes.list,
      batches: routes.service.exportBatches(filters),
      timeZone: tz,
      audit: { targetType: routes.listTarget, detail: { filters: filterNames(filters, PAGE_KEYS), sort: filters.sort, dir: filters.dir } },
    });
  });

  router.get(`${base}/:id`, ...guards.staff, async (req, res) => {
    const id = pathId(req, routes.invalidId);
    const detail = await routes.service.record(id);
    await auditView(req, { targetType: routes.recordTarget, targetId: id });
    const viewer = getSession(req).user;
    const history = await services.lists.auditLog.history(routes.recordTarget, id, {
      seesAddresses: (ROLES_THAT_MANAGE_USERS as readonly string[]).includes(viewer.role),
    });
    res.json({ ...detail, history, ...(routes.extraDetail ? await routes.extraDetail(id) : {}) });
  });

  router.delete(`${base}/:id`, ...guards.deleters, deleteRecord(ctx, routes));
}

export function adminListsRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const session = requireSession(services);
  const deleters = [session, requireRole(...ROLES_THAT_DELETE)];
  const superAdmin = [session, requireRole(...ROLES_THAT_MANAGE_USERS)];
  const records = recordLists(ctx);
  // The lists, stats, exports and records also answer an API key with the list's read scope (ADR 0068).
  const withKey = apiKeyGuards(ctx.deps);
  const readers = (scope: "applications:read" | "contact:read") => [...withKey(scope), requireRole(...ROLES_THAT_VIEW)];

  mountRecordList(router, ctx, records.applications, { staff: readers("applications:read"), deleters });
  mountRecordList(router, ctx, records.contact, { staff: readers("contact:read"), deleters });

  // Audit log (super admins)
  const audit = AUDIT_LIST.path.replace(/^\/api\/admin/, "");
  router.get(audit, ...superAdmin, async (req, res) => {
    res.json(await services.lists.auditLog.page(parse(auditListQuerySchema, req)));
  });

  router.get(`${audit}/export`, ...superAdmin, async (req, res) => {
    const input = queryInput(req);
    const filters = parseOr400(auditFiltersSchema, input);
    const { tz } = parseOr400(exportOptionsSchema, input);
    await sendCsv({
      req, res, ctx,
      list: AUDIT_LIST,
      batches: services.lists.auditLog.exportBatches(filters),
      timeZone: tz,
      audit: { targetType: "audit_events", detail: { filters: filterNames(filters, ["dir", "tz"]) } },
    });
  });

  return router;
}

/**
 * The specification's calls on the same records, kept as thin aliases of the admin's (this is the one
 * place they are defined; the public POSTs are in ./submissions):
 *   GET /api/applications, GET /api/contact                 every record, newest first (a streamed JSON array; audited view)
 *   DELETE /api/applications/:id, DELETE /api/contact/:id   = DELETE /api/admin/applications/:id, /api/admin/contact/:id
 */
export function specAliasesRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const session = requireSession(services);
  const records = recordLists(ctx);
  for (const [path, routes] of [
    ["/applications", records.applications],
    ["/contact", records.contact],
  ] as const) {
    router.get(path, session, requireRole(...ROLES_THAT_VIEW), async (req, res) => {
      await services.audit.record({ actor: getSession(req).user, action: "view", targetType: routes.listTarget, clientAddress: clientAddress(req) });
      // Streamed newest first in batches: memory stays flat at any size.
      await streamJsonArray(res, routes.whole());
    });
    router.delete(`${path}/:id`, session, requireRole(...ROLES_THAT_DELETE), deleteRecord(ctx, routes));
  }
  return router;
}
