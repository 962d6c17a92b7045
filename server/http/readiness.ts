/**
 * What /readyz answers, computed once for it and for the admin's system panel (GET /api/system): whether the
 * instance is ready (database, free disk), and what an operator watches (outbox backlog and age, database
 * size, the newest backup).
 */
import type { Readiness } from "#core/contracts/health";
import type { AppDeps } from "../deps";

export async function readiness(deps: Pick<AppDeps, "database" | "disk" | "operatorStatus">): Promise<Readiness> {
  const ok = await deps.database.ping();
  const disk = await deps.disk?.check();
  const status = !ok ? "database unavailable" : disk && !disk.ok ? "disk full" : "ready";
  // Backlog, oldest unsent email, database size, newest backup: what an operator checks before a visitor notices.
  const details = ok ? await deps.operatorStatus().catch(() => undefined) : undefined;
  return {
    status,
    ...(disk?.reason ? { reason: disk.reason } : {}),
    ...details,
    ...(disk?.freeBytes != null ? { disk: { freeBytes: disk.freeBytes } } : {}),
  };
}
