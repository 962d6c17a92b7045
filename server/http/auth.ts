/**
 * Bearer-token authentication and role checks for protected API calls.
 * requireSession answers 401 unless the token names a live session of an active user;
 * requireRole answers 403 unless that user holds one of the roles.
 */
import type { Request, RequestHandler } from "express";
import type { Role } from "#core/options";
import type { ActiveSession, SessionService } from "../services/sessions";
import { HttpError } from "./errors";

export const AUTH_REQUIRED = "Authentication required";
export const SESSION_INVALID = "Your session has expired. Please sign in again.";
export const FORBIDDEN = "You don't have permission to perform this action";

const sessionsByRequest = new WeakMap<Request, ActiveSession>();

/** The signed-in session of a request that passed requireSession. */
export function getSession(req: Request): ActiveSession {
  const session = sessionsByRequest.get(req);
  if (!session) throw new Error("getSession used on a route without requireSession");
  return session;
}

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

export function requireSession(sessions: SessionService): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (token === null) return next(new HttpError(401, AUTH_REQUIRED));
    const session = token ? await sessions.resolve(token) : null;
    if (!session) return next(new HttpError(401, SESSION_INVALID));
    sessionsByRequest.set(req, session);
    next();
  };
}

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    const session = sessionsByRequest.get(req);
    if (!session) return next(new HttpError(401, AUTH_REQUIRED));
    if (!roles.includes(session.user.role)) return next(new HttpError(403, FORBIDDEN));
    next();
  };
}

/** Who may do what (docs/requirements.md §6). */
export const ROLES_THAT_VIEW: Role[] = ["user", "admin", "super_admin"];
export const ROLES_THAT_DELETE: Role[] = ["admin", "super_admin"];
export const ROLES_THAT_MANAGE_USERS: Role[] = ["super_admin"];
