/**
 * Staff sign-in (docs/requirements.md §4): POST /api/auth/login, the steps a pending sign-in may owe
 * (POST /api/auth/password, /totp, /recovery-code, /passkey/options, /passkey), GET /api/auth/me and
 * POST /api/auth/logout. Throttling without lockout (ADR 0055): every attempt per client address;
 * failures per username and address pair; failures per username from everywhere up to a ceiling that
 * a known device of that username is not held by.
 */
import { Router, type Request } from "express";
import {
  codeRequestSchema,
  initialPasswordRequestSchema,
  loginRequestSchema,
  passkeySignInRequestSchema,
  type LoginResponse,
  type SessionUser,
} from "#core/contracts/auth";
import { usernameKey } from "#core/username-key";
import { getSession, getTransport, requireSession, requireSignInStep } from "../auth";
import { clientAddress } from "../client-address";
import { parseOr400 } from "../errors";
import { addressKey, createLimiter, hashedKey } from "../rate-limit";
import { clearSessionCookie, KNOWN_DEVICE_COOKIE, readCookie } from "../staff-session/cookies";
import { assertSameOriginAdminRequest } from "../staff-session/csrf";
import { handOverSession, type StepResult } from "../staff-session/answer";
import type { RouteContext } from "./context";

const LOGIN_LEAD = "Too many attempts.";

function attemptedKey(req: Request): string {
  return usernameKey(String((req.body as { username?: unknown }).username));
}

export function authRouter({ deps, services }: RouteContext): Router {
  const router = Router();
  const { env } = deps;
  const limiterBase = { windowSeconds: env.LOGIN_WINDOW_SECONDS, counters: services.rateLimits, now: deps.now, logger: deps.logger, lead: LOGIN_LEAD };

  // Every attempt from one address counts (guessing many usernames from one place).
  const perAddress = createLimiter({ ...limiterBase, name: "login-address", limit: env.LOGIN_MAX_PER_ADDRESS });
  // Failed attempts on one username from one address.
  const perUsernameAndAddress = createLimiter({
    ...limiterBase,
    name: "login-pair",
    limit: env.LOGIN_MAX_PER_USERNAME,
    countFailuresOnly: true,
    keyGenerator: (req) => hashedKey(`${attemptedKey(req)}|${addressKey(req)}`),
  });
  // Failed attempts on one username from everywhere: a high ceiling that does not hold a known device.
  const perUsername = createLimiter({
    ...limiterBase,
    name: "login-username",
    limit: env.LOGIN_MAX_PER_USERNAME_GLOBAL,
    countFailuresOnly: true,
    keyGenerator: (req) => hashedKey(attemptedKey(req)),
    skip: (req) => services.knownDevices.recognises(readCookie(req, KNOWN_DEVICE_COOKIE), attemptedKey(req)),
  });
  const signInStep = requireSignInStep(services);

  /** Where a second-factor attempt comes from: counted per account, apart for her known devices. */
  function factorAttempt(req: Request) {
    const { user } = getSession(req);
    return { clientAddress: clientAddress(req), knownDevice: services.knownDevices.recognises(readCookie(req, KNOWN_DEVICE_COOKIE), usernameKey(user.username)) };
  }

  function answer(req: Request, res: import("express").Response, result: StepResult, transport = getTransport(req)) {
    const token = handOverSession(res, transport, result, services.knownDevices);
    res.json({ ...(token ? { token } : {}), user: result.user, step: result.step } satisfies LoginResponse);
  }

  router.post(
    "/login",
    perAddress,
    (req, _res, next) => {
      req.body = parseOr400(loginRequestSchema, req.body);
      next();
    },
    perUsernameAndAddress,
    perUsername,
    async (req, res) => {
      const { username, password, session } = req.body as { username: string; password: string; session?: "cookie" | "bearer" };
      const transport = session ?? "bearer";
      // A cookie sign-in is the browser admin's: it must come from the admin (no login forgery).
      if (transport === "cookie") assertSameOriginAdminRequest(req);
      const result = await services.auth.login(username, password, clientAddress(req));
      answer(req, res, result, transport);
    },
  );

  router.post("/password", signInStep, async (req, res) => {
    const { newPassword } = parseOr400(initialPasswordRequestSchema, req.body);
    answer(req, res, await services.auth.changeInitialPassword(getSession(req), newPassword, clientAddress(req)));
  });

  router.post("/totp", signInStep, async (req, res) => {
    const { code } = parseOr400(codeRequestSchema, req.body);
    answer(req, res, await services.auth.completeWithTotp(getSession(req), code, factorAttempt(req)));
  });

  router.post("/recovery-code", signInStep, async (req, res) => {
    const { code } = parseOr400(codeRequestSchema, req.body);
    answer(req, res, await services.auth.completeWithRecoveryCode(getSession(req), code, factorAttempt(req)));
  });

  router.post("/passkey/options", signInStep, async (req, res) => {
    res.json(await services.auth.passkeyOptions(getSession(req)));
  });

  router.post("/passkey", signInStep, async (req, res) => {
    const { response } = parseOr400(passkeySignInRequestSchema, req.body);
    answer(req, res, await services.auth.completeWithPasskey(getSession(req), response, factorAttempt(req)));
  });

  router.get("/me", requireSession(services), (req, res) => {
    res.json(getSession(req).user satisfies SessionUser);
  });

  router.post("/logout", signInStep, async (req, res) => {
    const { sessionId, user } = getSession(req);
    await services.sessions.revoke(sessionId);
    await services.audit.record({
      actor: user,
      action: "logout",
      targetType: "user",
      targetId: user.id,
      clientAddress: clientAddress(req),
    });
    clearSessionCookie(res);
    res.status(204).end();
  });

  return router;
}
