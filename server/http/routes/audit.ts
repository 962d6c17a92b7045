/** POST /api/audit/exports: the admin records that it exported a list (any signed-in role). */
import { Router } from "express";
import { exportAuditRequestSchema } from "#core/contracts/audit";
import { getSession, requireRole, requireSession, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import type { RouteContext } from "./context";

export function auditRouter({ services }: RouteContext): Router {
  const router = Router();
  router.post("/exports", requireSession(services.sessions), requireRole(...ROLES_THAT_VIEW), async (req, res) => {
    const { kind, rowCount } = parseOr400(exportAuditRequestSchema, req.body);
    await services.audit.record({
      actor: getSession(req).user,
      action: "export",
      targetType: kind,
      clientAddress: clientAddress(req),
      detail: { rowCount },
    });
    res.status(204).end();
  });
  return router;
}
