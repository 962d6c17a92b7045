/** What every route module is built from, and the one way a route reads an id from its path. */
import type { Request, RequestHandler } from "express";
import { pathRecordId } from "#core/contracts/common";
import type { AppDeps } from "../../deps";
import type { AppServices } from "../../services";
import { HttpError } from "../errors";
import { createLimiter } from "../rate-limit";

export interface RouteContext {
  deps: AppDeps;
  services: AppServices;
}

/**
 * The path parameter `name` parsed as a record id, or the contract's 400 with `message`: no path text
 * reaches a service or the database unparsed. (Text whose percent-encoding does not decode never gets
 * here: the router refuses it, and the error handler answers 400.)
 */
export function pathId(req: Request, message: string, name = "id"): string {
  const parsed = pathRecordId.safeParse(req.params[name]);
  if (!parsed.success) throw new HttpError(400, message);
  return parsed.data;
}

/** The limit of the public POSTs (the forms, a fresh link to her page): PUBLIC_POST_LIMIT per PUBLIC_POST_WINDOW_SECONDS. */
export function publicPostLimiter({ deps, services }: RouteContext, name: string, lead: string): RequestHandler {
  return createLimiter({
    name,
    limit: deps.env.PUBLIC_POST_LIMIT,
    windowSeconds: deps.env.PUBLIC_POST_WINDOW_SECONDS,
    counters: services.rateLimits,
    now: deps.now,
    logger: deps.logger,
    lead,
    buffered: true,
  });
}

