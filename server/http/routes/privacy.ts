/**
 * Privacy rights over an email address, for admin and super_admin only (enforced here, whatever the UI shows):
 *
 *   POST /api/privacy/find                          {email}                 everything held, with counts and history
 *   POST /api/privacy/export                        {email}                 the access export (JSON file)
 *   POST /api/privacy/applications/:id/correction   {fields…}               correct an application
 *   POST /api/privacy/contact/:id/correction        {fields…}               correct a contact message
 *   POST /api/privacy/erase                         {email, confirmation}   erase everything about the address
 *   GET  /api/privacy/requests?status=open|completed|declined|all          tracked requests, open ones by due date
 *   POST /api/privacy/requests                      {email, kind, receivedOn?, notes?}
 *   PUT  /api/privacy/requests/:id                  {status?, notes?}
 *
 * Addresses travel in bodies, never in URLs (which end up in logs). Every call is audited with the keyed hash of
 * the address, never the address; /api answers carry Cache-Control: no-store.
 */
import type { Request } from "express";
import { Router } from "express";
import {
  privacyEraseRequestSchema,
  privacyFindRequestSchema,
  privacyRequestCreateRequestSchema,
  privacyRequestListQuerySchema,
  privacyRequestUpdateRequestSchema,
} from "#core/contracts/privacy";
import { exportFileName, toView } from "../../services/privacy";
import { getSession, requireRole, requireSession } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

/** Who may use privacy rights: the roles that may delete data. */
export const ROLES_THAT_HANDLE_PRIVACY = ["admin", "super_admin"] as const;

function context(req: Request) {
  return { actor: getSession(req).user, clientAddress: clientAddress(req) };
}

export function privacyRouter(ctx: RouteContext): Router {
  const { privacy } = ctx.services;
  const router = Router();
  router.use(requireSession(ctx.services), requireRole(...ROLES_THAT_HANDLE_PRIVACY));

  router.post("/find", async (req, res) => {
    const { email } = parseOr400(privacyFindRequestSchema, req.body);
    const found = await privacy.find(email, context(req));
    res.json({ ...found, requests: found.requests.map(toView) });
  });

  router.post("/export", async (req, res) => {
    const { email } = parseOr400(privacyFindRequestSchema, req.body);
    const document = await privacy.exportDocument(email, context(req));
    res.attachment(exportFileName(new Date(document.generated_at)));
    res.type("json").send(JSON.stringify(document, null, 2));
  });

  router.post("/applications/:id/correction", async (req, res) => {
    const id = pathId(req, "Invalid application id");
    res.json(await privacy.correctApplication(id, req.body, context(req)));
  });

  router.post("/contact/:id/correction", async (req, res) => {
    const id = pathId(req, "Invalid contact message id");
    res.json(await privacy.correctContactMessage(id, req.body, context(req)));
  });

  router.post("/erase", async (req, res) => {
    const { email } = parseOr400(privacyEraseRequestSchema, req.body);
    const result = await privacy.erase(email, context(req));
    res.json({ counts: result.counts });
  });

  router.get("/requests", async (req, res) => {
    const { status } = parseOr400(privacyRequestListQuerySchema, { status: typeof req.query.status === "string" ? req.query.status : undefined });
    const rows = await privacy.listRequests(status);
    await ctx.services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "privacy_requests",
      clientAddress: clientAddress(req),
      detail: { status, rowCount: rows.length },
    });
    res.json(rows);
  });

  router.post("/requests", async (req, res) => {
    const input = parseOr400(privacyRequestCreateRequestSchema, req.body);
    const created = await privacy.createRequest(
      {
        kind: input.kind,
        email: input.email,
        receivedAt: input.receivedOn ? new Date(`${input.receivedOn}T00:00:00Z`) : undefined,
        notes: input.notes,
      },
      context(req),
    );
    res.status(201).json(created);
  });

  router.put("/requests/:id", async (req, res) => {
    const id = pathId(req, "Invalid request id");
    const input = parseOr400(privacyRequestUpdateRequestSchema, req.body);
    res.json(await privacy.updateRequest(id, input, context(req)));
  });

  return router;
}
