/**
 * Webhook endpoints for super admins (ADR 0067), every change audited:
 *   POST   /api/admin/webhooks                                  {url, events, description?} → 201 {id, secret}
 *   GET    /api/admin/webhooks                                  the endpoints, never their secrets
 *   PUT    /api/admin/webhooks/:id                              change url, events, description, enabled, fullRecord
 *   DELETE /api/admin/webhooks/:id                              204
 *   POST   /api/admin/webhooks/:id/rotate                       a new secret; the old one signs beside it for 24 h
 *   GET    /api/admin/webhooks/:id/deliveries                   the newest deliveries with each attempt
 *   POST   /api/admin/webhooks/:id/deliveries/:deliveryId/replay  send one again (202)
 *   POST   /api/admin/webhooks/:id/replay                       {since} every failed delivery since then, again
 */
import { Router } from "express";
import {
  webhookCreateRequestSchema,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
  webhookReplayRequestSchema,
  type WebhookSecret,
  webhookUpdateRequestSchema,
} from "#core/contracts/webhooks";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

const INVALID_ID = "Invalid webhook endpoint id";
const caller = (req: Parameters<typeof clientAddress>[0]) => ({ actor: getSession(req).user, clientAddress: clientAddress(req) });

export function webhooksRouter({ services }: RouteContext): Router {
  const router = Router();
  router.use(requireSession(services), requireRole(...ROLES_THAT_MANAGE_USERS));

  router.post("/", async (req, res) => {
    const input = parseOr400(webhookCreateRequestSchema, req.body);
    res.status(201).json((await services.webhooks.create(input, caller(req))) satisfies WebhookSecret);
  });

  router.get("/", async (_req, res) => {
    res.json((await services.webhooks.list()) satisfies WebhookEndpointItem[]);
  });

  router.put("/:id", async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const change = parseOr400(webhookUpdateRequestSchema, req.body);
    res.json((await services.webhooks.update(id, change, caller(req))) satisfies WebhookEndpointItem);
  });

  router.delete("/:id", async (req, res) => {
    await services.webhooks.remove(pathId(req, INVALID_ID), caller(req));
    res.status(204).end();
  });

  router.post("/:id/rotate", async (req, res) => {
    res.json((await services.webhooks.rotate(pathId(req, INVALID_ID), caller(req))) satisfies WebhookSecret);
  });

  router.get("/:id/deliveries", async (req, res) => {
    res.json((await services.webhooks.deliveries(pathId(req, INVALID_ID))) satisfies WebhookDeliveryItem[]);
  });

  router.post("/:id/deliveries/:deliveryId/replay", async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const deliveryId = pathId(req, "Invalid delivery id", "deliveryId");
    await services.webhooks.replay(id, deliveryId, caller(req));
    res.status(202).json({ queued: 1 });
  });

  router.post("/:id/replay", async (req, res) => {
    const id = pathId(req, INVALID_ID);
    const { since } = parseOr400(webhookReplayRequestSchema, req.body);
    res.json({ queued: await services.webhooks.replayFailedSince(id, new Date(since), caller(req)) });
  });

  return router;
}
