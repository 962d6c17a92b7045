/** Outside /api: the health checks (GET /healthz, GET /readyz) and the CSP report endpoint (POST /csp-report). */
import { z } from "zod";

export const healthSchema = z.object({ status: z.literal("ok") });
export type Health = z.output<typeof healthSchema>;
export const readinessSchema = z.object({ status: z.enum(["ready", "database unavailable"]) });
export type Readiness = z.output<typeof readinessSchema>;

/**
 * A browser's violation report: the legacy `application/csp-report` body (`{"csp-report": {...}}`) or the
 * Reporting API's `application/reports+json` list. Read leniently: only a few fields are ever logged.
 */
export const cspReportSchema = z.union([
  z.looseObject({ "csp-report": z.looseObject({}) }),
  z.array(z.looseObject({ type: z.string(), body: z.looseObject({}) })),
]);
