/** Outside /api: the health checks (GET /healthz, GET /readyz) and the CSP report endpoint (POST /csp-report). */
import { z } from "zod";

export const healthSchema = z.object({ status: z.literal("ok") });
export type Health = z.output<typeof healthSchema>;
/** GET /readyz: ready, or why not; with what an operator watches (omitted while the database is away). */
export const readinessSchema = z.object({
  status: z.enum(["ready", "database unavailable", "disk full"]),
  reason: z.string().optional().describe("Why the instance is not ready (a full disk)."),
  outbox: z
    .object({
      backlog: z.number().int().describe("Emails queued or being sent."),
      oldestUnsentSeconds: z.number().nullable().describe("Age of the oldest unsent email; null when none waits."),
    })
    .optional(),
  database: z.object({ bytes: z.number().describe("Size of the database.") }).optional(),
  disk: z.object({ freeBytes: z.number().describe("Free space where the embedded database keeps its files.") }).optional(),
  backup: z
    .object({
      lastAt: z.string().nullable().describe("When the newest backup was taken; null when there is none."),
      bytes: z.number().nullable().describe("Size of the newest backup."),
    })
    .optional()
    .describe("The embedded database's newest backup (omitted when backups are off)."),
});
export type Readiness = z.output<typeof readinessSchema>;

/**
 * A browser's violation report: the legacy `application/csp-report` body (`{"csp-report": {...}}`) or the
 * Reporting API's `application/reports+json` list. Read leniently: only a few fields are ever logged.
 */
export const cspReportSchema = z.union([
  z.looseObject({ "csp-report": z.looseObject({}) }),
  z.array(z.looseObject({ type: z.string(), body: z.looseObject({}) })),
]);
