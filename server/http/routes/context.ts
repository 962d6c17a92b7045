/** What every route module is built from, and the one way a route reads an id from its path. */
import type { Request } from "express";
import { pathRecordId } from "#core/contracts/common";
import type { AppDeps } from "../../deps";
import type { AppServices } from "../../services";
import { HttpError } from "../errors";

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
