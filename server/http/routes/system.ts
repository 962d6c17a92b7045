/**
 * The system panel for super admins: GET /api/system (what /readyz says, the backups with their checksums and
 * the server process's memory; not on /readyz, which anyone may read),
 * POST /api/system/backups ("Back up now", audited; 409 when backups are off or the file cannot be written).
 */
import { Router } from "express";
import type { Backup, SystemStatus } from "#core/contracts/system";
import type { StoredBackup } from "../../services/backups";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS } from "../auth";
import { clientAddress } from "../client-address";
import { readiness } from "../readiness";
import type { RouteContext } from "./context";

const toWire = (backup: StoredBackup): Backup => ({
  name: backup.name,
  takenAt: backup.takenAt.toISOString(),
  bytes: backup.bytes,
  checksumOk: backup.checksumOk,
});

export function systemRouter({ deps, services }: RouteContext): Router {
  const router = Router();
  router.use(requireSession(services), requireRole(...ROLES_THAT_MANAGE_USERS));

  router.get("/", async (_req, res) => {
    const [ready, backups] = await Promise.all([readiness(deps), services.backups.status()]);
    const { rss, heapUsed } = process.memoryUsage();
    res.json({
      ...ready,
      backups: { ...backups, backups: backups.backups.map(toWire) },
      memory: { rssBytes: rss, heapUsedBytes: heapUsed },
    } satisfies SystemStatus);
  });

  router.post("/backups", async (req, res) => {
    const backup = await services.backups.backUpNow({ actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(201).json(toWire(backup) satisfies Backup);
  });

  return router;
}
