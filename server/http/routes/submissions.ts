/**
 * Public submissions and their staff lists:
 * POST/GET /api/applications, DELETE /api/applications/:id, POST/GET /api/contact, DELETE /api/contact/:id.
 */
import { randomUUID } from "node:crypto";
import { Router, type RequestHandler } from "express";
import { applicationSchema, contactSchema } from "#core/validation";
import { requireRole, requireSession, getSession, ROLES_THAT_DELETE, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { handle } from "../handler";
import { HttpError, parseOr400 } from "../errors";
import { createLimiter } from "../rate-limit";
import { streamJsonArray } from "../streaming";
import { isUuid, type RouteContext } from "./context";

function publicPostLimiter({ deps, services }: RouteContext, name: string): RequestHandler {
  return createLimiter({
    name,
    limit: deps.env.PUBLIC_POST_LIMIT,
    windowSeconds: deps.env.PUBLIC_POST_WINDOW_SECONDS,
    counters: services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead: "Too many submissions from your network.",
  });
}

/** A filled honeypot: answered like a success, nothing stored. */
function isBot(website: string | undefined): boolean {
  return typeof website === "string" && website.trim() !== "";
}

export function applicationsRouter(ctx: RouteContext): Router {
  const { services, deps } = ctx;
  const router = Router();
  const session = requireSession(services.sessions);

  router.post("/", publicPostLimiter(ctx, "post-application"), handle(async (req, res) => {
    const data = parseOr400(applicationSchema, req.body);
    if (isBot(data.website)) {
      res.status(201).json({ id: randomUUID(), submitted_at: deps.now().toISOString() });
      return;
    }
    const row = await services.submissions.createApplication(data, { fbc: req.get("fbc"), fbp: req.get("fbp") });
    res.status(201).json({ id: row.id, submitted_at: row.submitted_at.toISOString() });
  }));

  router.get("/", session, requireRole(...ROLES_THAT_VIEW), handle(async (req, res) => {
    await services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "applications",
      clientAddress: clientAddress(req),
    });
    // Streamed newest first in batches: memory stays flat at any size.
    await streamJsonArray(res, services.lists.applications.batches({ sort: "submitted_at", dir: "desc" }));
  }));

  router.delete("/:id", session, requireRole(...ROLES_THAT_DELETE), handle(async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid application id");
    if (!(await services.submissions.deleteApplication(id))) throw new HttpError(404, "Application not found");
    const { user } = getSession(req);
    await services.audit.record({
      actor: user,
      action: "application_delete",
      targetType: "application",
      targetId: id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  }));

  return router;
}

export function contactRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const session = requireSession(services.sessions);

  router.post("/", publicPostLimiter(ctx, "post-contact"), handle(async (req, res) => {
    const data = parseOr400(contactSchema, req.body);
    if (isBot(data.website)) {
      res.status(201).json({ id: randomUUID() });
      return;
    }
    const row = await services.submissions.createContactMessage(data);
    res.status(201).json({ id: row.id });
  }));

  router.get("/", session, requireRole(...ROLES_THAT_VIEW), handle(async (req, res) => {
    await services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "contact_messages",
      clientAddress: clientAddress(req),
    });
    await streamJsonArray(res, services.lists.contactMessages.batches({ sort: "submitted_at", dir: "desc" }));
  }));

  router.delete("/:id", session, requireRole(...ROLES_THAT_DELETE), handle(async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid contact message id");
    if (!(await services.submissions.deleteContactMessage(id))) throw new HttpError(404, "Contact message not found");
    const { user } = getSession(req);
    await services.audit.record({
      actor: user,
      action: "contact_delete",
      targetType: "contact_message",
      targetId: id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  }));

  return router;
}
