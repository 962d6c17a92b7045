/**
 * The applicant's own page over the API (ADR 0098); the page itself is /a/{token} (app/routes/_marketing/applicant.tsx):
 *   POST /api/applicant/link      `{ email }` → 202 always: a link is emailed to each of the address's applications
 *   GET  /api/applicant/:token    where she stands → 200; 404 for an unknown, revoked or expired link
 *   POST /api/admin/applications/:id/page-links/revoke   selection staff end every link issued so far (audited) → 204
 */
import { Router } from "express";
import { applicantLinkRequestSchema } from "#core/contracts/applicant";
import { getSession, requireRole, requireSession, ROLES_THAT_RUN_SELECTION } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import { pathId, publicPostLimiter, type RouteContext } from "./context";

export function applicantRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const limiter = publicPostLimiter(ctx, "applicant-link", "Too many link requests from your network.");

  router.post("/applicant/link", limiter, async (req, res) => {
    const { email } = parseOr400(applicantLinkRequestSchema, req.body);
    await services.applicant.requestLink(email);
    res.status(202).json({ message: "If an application uses this address, a link to it is on its way." });
  });

  router.get("/applicant/:token", async (req, res) => {
    const page = await services.applicant.view(req.params.token);
    if (page.state !== "open") throw new HttpError(404, "This link does not open an application. Ask for a fresh one on the site.");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    const { stage, heading, nextStep, offer, instructions, canWithdraw, consult, slots, kit } = page;
    res.json({ stage, heading, nextStep, offer, instructions, canWithdraw, consult, ...(slots ? { slots } : {}), kit });
  });

  router.post(
    "/admin/applications/:id/page-links/revoke",
    requireSession(services),
    requireRole(...ROLES_THAT_RUN_SELECTION),
    async (req, res) => {
      const id = pathId(req, "Invalid application id");
      await services.applicant.revoke(id, getSession(req).user, clientAddress(req));
      res.status(204).end();
    },
  );

  return router;
}
