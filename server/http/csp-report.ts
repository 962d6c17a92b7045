/**
 * Where browsers report Content-Security-Policy violations (`report-uri` and the Reporting API's
 * `report-to`). Bodies are size limited, the endpoint is rate limited per client address, and a
 * violation is logged with what identifies the broken rule only: the directive, the blocked resource's
 * origin and the page's path (no query strings, no tokens, no script samples, no client address).
 */
import express, { type RequestHandler, Router } from "express";
import type { AppDeps } from "../deps";
import { redactPath } from "./log-paths";
import { createLimiter } from "./rate-limit";

export const CSP_REPORT_PATH = "/csp-report";
/** Name of the Reporting API endpoint group (`Reporting-Endpoints` header, `report-to` directive). */
export const CSP_REPORT_GROUP = "csp";
export const CSP_REPORT_MAX_BYTES = 8 * 1024;
const REPORTS_PER_WINDOW = 30;
const MAX_REPORTS_PER_BODY = 10;

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  disposition: string;
}

/** Only the origin of an address ("inline", "eval" and the like pass through as they are). */
function originOnly(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  try {
    const url = new URL(value);
    return url.origin === "null" ? url.protocol : url.origin;
  } catch {
    return value.slice(0, 40);
  }
}

function pathOnly(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  try {
    return redactPath(new URL(value).pathname).slice(0, 200);
  } catch {
    return "";
  }
}

function text(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 80) : "";
}

function violationOf(body: Record<string, unknown>): CspViolation {
  return {
    directive: text(body.effectiveDirective ?? body["effective-directive"] ?? body["violated-directive"]),
    blocked: originOnly(body.blockedURL ?? body["blocked-uri"]),
    page: pathOnly(body.documentURL ?? body["document-uri"]),
    disposition: text(body.disposition) || "enforce",
  };
}

/** Reads both report formats: `{"csp-report": {...}}` (report-uri) and `[{type, body}]` (report-to). */
export function parseCspReports(payload: unknown): CspViolation[] {
  if (Array.isArray(payload)) {
    return payload
      .slice(0, MAX_REPORTS_PER_BODY)
      .filter((r): r is { type: string; body: Record<string, unknown> } =>
        typeof r === "object" && r !== null && (r as { type?: unknown }).type === "csp-violation" &&
        typeof (r as { body?: unknown }).body === "object" && (r as { body?: unknown }).body !== null,
      )
      .map((r) => violationOf(r.body));
  }
  if (typeof payload === "object" && payload !== null) {
    const report = (payload as { "csp-report"?: unknown })["csp-report"];
    if (typeof report === "object" && report !== null) return [violationOf(report as Record<string, unknown>)];
  }
  return [];
}

const parseReportBody = express.json({
  limit: CSP_REPORT_MAX_BYTES,
  strict: true,
  type: ["application/csp-report", "application/reports+json", "application/json"],
});

export function cspReportRouter(deps: AppDeps): Router {
  const router = Router();
  const limiter: RequestHandler = createLimiter({
    name: "csp-report",
    limit: REPORTS_PER_WINDOW,
    windowSeconds: 60,
    counters: deps.services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead: "Too many reports.",
  });
  router.post(CSP_REPORT_PATH, limiter, parseReportBody, (req, res) => {
    for (const violation of parseCspReports(req.body)) deps.logger.warn({ cspViolation: violation }, "csp violation");
    res.set("Cache-Control", "no-store").status(204).end();
  });
  // A body too large or malformed: answered without detail, never a 500.
  router.use(CSP_REPORT_PATH, ((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    res.status(status === 413 ? 413 : 400).end();
  }) as express.ErrorRequestHandler);
  return router;
}
