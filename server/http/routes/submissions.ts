/**
 * Public submissions and their staff lists:
 * POST/GET /api/applications, DELETE /api/applications/:id, POST/GET /api/contact, DELETE /api/contact/:id.
 */
import { randomUUID } from "node:crypto";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { IDEMPOTENCY_KEY_PATTERN } from "#core/contracts/common";
import { applicationRequestSchema, contactRequestSchema, type ApplicationCreated, type ContactCreated } from "#core/contracts/submissions";
import { requireRole, requireSession, getSession, ROLES_THAT_DELETE, ROLES_THAT_VIEW } from "../auth";
import { clientAddress } from "../client-address";
import { HttpError, parseOr400 } from "../errors";
import type { Submitted } from "../../services/submissions";
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
    buffered: true,
  });
}

/** The optional Idempotency-Key header, checked (400 when malformed). */
function idempotencyKey(req: Request): string | undefined {
  const key = req.get("idempotency-key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, "Idempotency-Key must be 16 to 100 letters, digits, '-' or '_'");
  }
  return key;
}

/** Sends a submission's answer (a key reused for other content is refused by the service, 422). */
async function answer(res: Response, submit: () => Promise<Submitted>): Promise<void> {
  const result = await submit();
  if (result.replayed) res.set("Idempotent-Replayed", "true");
  res.status(result.status).json(result.body);
}

/** A filled honeypot: answered like a success, nothing stored. */
function isBot(website: string | undefined): boolean {
  return typeof website === "string" && website.trim() !== "";
}

export function applicationsRouter(ctx: RouteContext): Router {
  const { services, deps } = ctx;
  const router = Router();
  const session = requireSession(services.sessions);

  router.post("/", publicPostLimiter(ctx, "post-application"), async (req, res) => {
    const data = parseOr400(applicationRequestSchema, req.body);
    const key = idempotencyKey(req);
    if (isBot(data.website)) {
      res.status(201).json({ id: randomUUID(), submitted_at: deps.now().toISOString() } satisfies ApplicationCreated);
      return;
    }
    const cookies = { fbc: req.get("fbc"), fbp: req.get("fbp") };
    await answer(res, () => services.submissions.createApplication(data, cookies, { idempotencyKey: key }));
  });

  router.get("/", session, requireRole(...ROLES_THAT_VIEW), async (req, res) => {
    await services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "applications",
      clientAddress: clientAddress(req),
    });
    // Streamed newest first in batches: memory stays flat at any size.
    await streamJsonArray(res, services.lists.applications.batches({ sort: "submitted_at", dir: "desc" }));
  });

  router.delete("/:id", session, requireRole(...ROLES_THAT_DELETE), async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid application id");
    await services.submissions.deleteApplication(id);
    const { user } = getSession(req);
    await services.audit.record({
      actor: user,
      action: "application_delete",
      targetType: "application",
      targetId: id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  });

  return router;
}

export function contactRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const session = requireSession(services.sessions);

  router.post("/", publicPostLimiter(ctx, "post-contact"), async (req, res) => {
    const data = parseOr400(contactRequestSchema, req.body);
    const key = idempotencyKey(req);
    if (isBot(data.website)) {
      res.status(201).json({ id: randomUUID() } satisfies ContactCreated);
      return;
    }
    await answer(res, () => services.submissions.createContactMessage(data, { idempotencyKey: key }));
  });

  router.get("/", session, requireRole(...ROLES_THAT_VIEW), async (req, res) => {
    await services.audit.record({
      actor: getSession(req).user,
      action: "view",
      targetType: "contact_messages",
      clientAddress: clientAddress(req),
    });
    await streamJsonArray(res, services.lists.contactMessages.batches({ sort: "submitted_at", dir: "desc" }));
  });

  router.delete("/:id", session, requireRole(...ROLES_THAT_DELETE), async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new HttpError(400, "Invalid contact message id");
    await services.submissions.deleteContactMessage(id);
    const { user } = getSession(req);
    await services.audit.record({
      actor: user,
      action: "contact_delete",
      targetType: "contact_message",
      targetId: id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  });

  return router;
}
