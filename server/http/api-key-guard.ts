/**
 * The guards of the calls an API key may make (ADR 0068): a staff session or a key with the call's scope,
 * then the keys' rate limit (API_KEY_REQUESTS_PER_MINUTE per key, shared by every instance; staff sessions
 * are not counted here).
 */
import type { RequestHandler } from "express";
import type { ApiKeyScope } from "#core/contracts/webhooks";
import type { AppDeps } from "../deps";
import { apiKeyOf, requireSessionOrApiKey } from "./auth";
import { createLimiter } from "./rate-limit";

export function apiKeyGuards(deps: AppDeps): (scope: ApiKeyScope) => RequestHandler[] {
  const { services } = deps;
  const limiter = createLimiter({
    name: "api-key",
    limit: deps.env.API_KEY_REQUESTS_PER_MINUTE,
    windowSeconds: 60,
    counters: services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead: "Too many requests with this API key.",
    keyGenerator: (req) => apiKeyOf(req)?.id ?? "none",
    skip: (req) => apiKeyOf(req) === null,
  });
  return (scope) => [requireSessionOrApiKey(services, scope), limiter];
}
