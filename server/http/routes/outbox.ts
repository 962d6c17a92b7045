/** The email outbox for super admins: GET /api/outbox, POST /api/outbox/:id/resend (failed emails only). */
import { Router } from "express";
import type { OutboxResend } from "#core/contracts/outbox";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS } from "../auth";
import { clientAddress } from "../client-address";
import { pathId, type RouteContext } from "./context";

export function outboxRouter({ services }: RouteContext): Router {
  const router = Router();
  router.use(requireSession(services), requireRole(...ROLES_THAT_MANAGE_USERS));

  router.get("/", async (req, res) => {
    const summary = await services.outbox.list();
    await services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "email_outbox",
      clientAddress: clientAddress(req),
    });
    res.json(summary);
  });

  router.post("/:id/resend", async (req, res) => {
    const id = pathId(req, "Invalid email id");
    await services.outbox.resend(id, { actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(202).json({ id, status: "queued" } satisfies OutboxResend);
  });

  return router;
}
