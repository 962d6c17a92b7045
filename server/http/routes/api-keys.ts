/**
 * API keys for super admins (ADR 0068), audited:
 *   POST   /api/admin/api-keys       {name, scopes} → 201 {id, key} (the key is answered only here)
 *   GET    /api/admin/api-keys       the keys not revoked, with their last use, never the key
 *   DELETE /api/admin/api-keys/:id   revoke → 204
 */
import { Router } from "express";
import { apiKeyCreateRequestSchema, type ApiKeyCreated, type ApiKeyItem } from "#core/contracts/webhooks";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

export function apiKeysRouter({ services }: RouteContext): Router {
  const router = Router();
  router.use(requireSession(services), requireRole(...ROLES_THAT_MANAGE_USERS));

  router.post("/", async (req, res) => {
    const input = parseOr400(apiKeyCreateRequestSchema, req.body);
    const created = await services.apiKeys.create(input, { actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(201).json(created satisfies ApiKeyCreated);
  });

  router.get("/", async (_req, res) => {
    res.json((await services.apiKeys.list()) satisfies ApiKeyItem[]);
  });

  router.delete("/:id", async (req, res) => {
    await services.apiKeys.revoke(pathId(req, "Invalid API key id"), { actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(204).end();
  });

  return router;
}
