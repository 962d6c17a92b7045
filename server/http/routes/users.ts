/**
 * Staff accounts, super_admin only: GET/POST /api/users, PUT /api/users/:id/password, PUT /api/users/:id/email (her
 * address for the alerts about the applications she owns), DELETE /api/users/:id,
 * and DELETE /api/users/:id/factors (a lost phone: the member enrols again at her next sign-in; audited).
 * A password chosen here for someone else (a new account, a reset) works once: her next sign-in asks for her own (ADR 0089).
 */
import { Router } from "express";
import { newPasswordRequestSchema, newUserRequestSchema, staffEmailRequestSchema } from "#core/contracts/users";
import { getSession, requireRole, requireSession, ROLES_THAT_MANAGE_USERS } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { pathId, type RouteContext } from "./context";

const INVALID_USER_ID = "Invalid user id";

export function usersRouter({ services }: RouteContext): Router {
  const router = Router();
  router.use(requireSession(services), requireRole(...ROLES_THAT_MANAGE_USERS));

  router.get("/", async (_req, res) => {
    res.json(await services.users.list());
  });

  router.post("/", async (req, res) => {
    const input = parseOr400(newUserRequestSchema, req.body);
    const user = await services.users.create(input, { actor: getSession(req).user, clientAddress: clientAddress(req) }, { mustChangePassword: true });
    res.status(201).json(user);
  });

  router.put("/:id/password", async (req, res) => {
    const id = pathId(req, INVALID_USER_ID);
    const { newPassword } = parseOr400(newPasswordRequestSchema, req.body);
    const actor = getSession(req).user;
    await services.users.setPassword(id, newPassword, { actor, clientAddress: clientAddress(req) }, { mustChangePassword: id !== actor.id });
    res.status(204).end();
  });

  router.put("/:id/email", async (req, res) => {
    const id = pathId(req, INVALID_USER_ID);
    const { email } = parseOr400(staffEmailRequestSchema, req.body);
    res.json(await services.users.setEmail(id, email, { actor: getSession(req).user, clientAddress: clientAddress(req) }));
  });

  router.delete("/:id/factors", async (req, res) => {
    const id = pathId(req, INVALID_USER_ID);
    await services.factors.reset(id, { actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(204).end();
  });

  router.delete("/:id", async (req, res) => {
    const id = pathId(req, INVALID_USER_ID);
    await services.users.remove(id, { actor: getSession(req).user, clientAddress: clientAddress(req) });
    res.status(204).end();
  });

  return router;
}
