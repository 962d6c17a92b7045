/**
 * The pilot's live settings (ADR 0091):
 *   GET /api/pilot          public: the places and the status (open, not_open, closed, full); no count of anyone's
 *   GET /api/admin/pilot    every staff role: capacity, window, assessment instructions, places taken, status
 *   PUT /api/admin/pilot    super admins change them (audited); 409 for a capacity below the places taken
 */
import { Router } from "express";
import { pilotSettingsRequestSchema } from "#core/contracts/pilot";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import type { RouteContext } from "./context";

export function pilotRouter({ services }: RouteContext): Router {
  const router = Router();
  const session = requireSession(services);

  router.get("/pilot", (_req, res) => {
    const { capacity, status, enrollmentOpensAt, enrollmentClosesAt } = services.pipeline.pilot.current();
    // What every page says; a shared cache may keep it a few seconds, as the pages refresh it so often.
    res.setHeader("Cache-Control", "public, max-age=5");
    res.json({ capacity, status, enrollmentOpensAt, enrollmentClosesAt });
  });

  router.get("/admin/pilot", session, requireRole(...ROLES_THAT_VIEW), async (_req, res) => {
    res.json(await services.pipeline.pilot.read());
  });

  router.put("/admin/pilot", session, requireRole(...ROLES_THAT_MANAGE_USERS), async (req, res) => {
    const input = parseOr400(pilotSettingsRequestSchema, req.body);
    res.json(await services.pipeline.pilot.update(input, getSession(req).user, clientAddress(req)));
  });

  return router;
}
