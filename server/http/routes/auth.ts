/** POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout. */
import { Router } from "express";
import { loginRequestSchema, type LoginResponse, type SessionUser } from "#core/contracts/auth";
import { getSession, requireSession } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { createLimiter, hashedKey } from "../rate-limit";
import type { RouteContext } from "./context";

const LOGIN_LEAD = "Too many attempts.";

export function authRouter({ deps, services }: RouteContext): Router {
  const router = Router();
  const { env } = deps;

  // Every attempt from one address counts (guessing many usernames from one place).
  const perAddress = createLimiter({
    name: "login-address",
    limit: env.LOGIN_MAX_PER_ADDRESS,
    windowSeconds: env.LOGIN_WINDOW_SECONDS,
    counters: services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead: LOGIN_LEAD,
  });
  // Failed attempts on one username, from anywhere (a short window: nobody is locked out for long).
  const perUsername = createLimiter({
    name: "login-username",
    limit: env.LOGIN_MAX_PER_USERNAME,
    windowSeconds: env.LOGIN_WINDOW_SECONDS,
    counters: services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead: LOGIN_LEAD,
    countFailuresOnly: true,
    keyGenerator: (req) => hashedKey(String((req.body as { username?: unknown }).username).trim().toLowerCase()),
  });

  router.post(
    "/login",
    perAddress,
    (req, _res, next) => {
      req.body = parseOr400(loginRequestSchema, req.body);
      next();
    },
    perUsername,
    async (req, res) => {
      const { username, password } = req.body as { username: string; password: string };
      const { token, user } = await services.auth.login(username, password, clientAddress(req));
      res.json({ token, user } satisfies LoginResponse);
    },
  );

  router.get("/me", requireSession(services.sessions), (req, res) => {
    res.json(getSession(req).user satisfies SessionUser);
  });

  router.post("/logout", requireSession(services.sessions), async (req, res) => {
    const { sessionId, user } = getSession(req);
    await services.sessions.revoke(sessionId);
    await services.audit.record({
      actor: user,
      action: "logout",
      targetType: "user",
      targetId: user.id,
      clientAddress: clientAddress(req),
    });
    res.status(204).end();
  });

  return router;
}
