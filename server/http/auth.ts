/**
 * Authentication and role checks for protected API calls. A session is named by a bearer token (API
 * clients) or by the HttpOnly session cookie (the browser admin, ADR 0054); a cookie-authenticated call
 * that changes state must also pass the CSRF check (./staff-session/csrf.ts).
 * requireSession answers 401 unless the credential names a live, fully signed-in session of an active
 * user; requireSignInStep accepts a session still owing a sign-in step; requireRole answers 403 unless
 * the user holds one of the roles. An API key is answered as RFC 6750 says (ADR 0094): a key that is not
 * valid is 401 `invalid_token`; a valid key on a call its scopes do not allow, a call no key may make
 * included, is 403 `insufficient_scope` (in the WWW-Authenticate header).
 */
import type { Request, RequestHandler } from "express";
import type { Role } from "#core/options";
import type { ApiKeyScope } from "#core/contracts/webhooks";
import { type ActiveSession, API_KEY_PREFIX, type ApiKeyPrincipal, type SessionService } from "../services/staff";
import { HttpError } from "./errors";
import { readCookie, SESSION_COOKIE } from "./staff-session/cookies";
import { assertSameOriginAdminRequest } from "./staff-session/csrf";
import { SESSION_EXPIRED } from "#core/staff-request";

export const AUTH_REQUIRED = "Authentication required";
export const SESSION_INVALID = SESSION_EXPIRED;
export const FORBIDDEN = "You don't have permission to perform this action";

export type CredentialTransport = "bearer" | "cookie";

interface RequestSession {
  session: ActiveSession;
  transport: CredentialTransport;
  /** Set when an API key authorised the request (requireSessionOrApiKey) rather than a staff session. */
  apiKey?: ApiKeyPrincipal;
}

export const API_KEY_INVALID = "This API key is not valid or was revoked";
export const INSUFFICIENT_SCOPE = "This API key's scopes do not allow this call (insufficient_scope)";

/** What the guards need to tell a staff session from an API key. */
export interface Credentials {
  sessions: SessionService;
  apiKeys: { resolve(key: string): Promise<ApiKeyPrincipal | null> };
}

/** RFC 6750 §3.1: a key that is not valid (401). */
function invalidKey(): HttpError {
  return new HttpError(401, API_KEY_INVALID, undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
}

/** RFC 6750 §3.1: a valid key without the scope the call needs (none: the call takes no key). */
function insufficientScope(scope?: ApiKeyScope): HttpError {
  const challenge = scope ? `Bearer error="insufficient_scope", scope="${scope}"` : 'Bearer error="insufficient_scope"';
  return new HttpError(403, INSUFFICIENT_SCOPE, undefined, { "WWW-Authenticate": challenge });
}

const sessionsByRequest = new WeakMap<Request, RequestSession>();

/** The signed-in session of a request that passed requireSession or requireSignInStep. */
export function getSession(req: Request): ActiveSession {
  const found = sessionsByRequest.get(req);
  if (!found) throw new Error("getSession used on a route without requireSession");
  return found.session;
}

/** How the request's session travelled (the answer to a sign-in step travels the same way). */
export function getTransport(req: Request): CredentialTransport {
  return sessionsByRequest.get(req)?.transport ?? "bearer";
}

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

/** The request's credential: the Authorization header wins over the cookie. */
function credentialOf(req: Request): { token: string; transport: CredentialTransport } | null {
  const bearer = bearerToken(req);
  if (bearer !== null) return { token: bearer, transport: "bearer" };
  const cookie = readCookie(req, SESSION_COOKIE);
  return cookie ? { token: cookie, transport: "cookie" } : null;
}

function sessionCheck({ sessions, apiKeys }: Credentials, fullOnly: boolean): RequestHandler {
  return async (req, _res, next) => {
    const credential = credentialOf(req);
    if (credential === null) return next(new HttpError(401, AUTH_REQUIRED));
    if (credential.transport === "bearer" && credential.token.startsWith(API_KEY_PREFIX)) {
      // A key on a call that takes none: no session, and no scope would allow it.
      return next((await apiKeys.resolve(credential.token)) ? insufficientScope() : invalidKey());
    }
    if (credential.transport === "cookie") assertSameOriginAdminRequest(req);
    const session = credential.token ? await sessions.resolve(credential.token) : null;
    if (!session || (fullOnly && session.stage !== "full")) return next(new HttpError(401, SESSION_INVALID));
    sessionsByRequest.set(req, { session, transport: credential.transport });
    next();
  };
}

export function requireSession(credentials: Credentials): RequestHandler {
  return sessionCheck(credentials, true);
}

/** A session at any sign-in step (the steps themselves check which one they accept). */
export function requireSignInStep(credentials: Credentials): RequestHandler {
  return sessionCheck(credentials, false);
}

/**
 * A staff session, or an API key holding `scope` (ADR 0068), on the few calls that accept keys. A bearer
 * credential starting with `ovk_` is a key: unknown or revoked → 401, without the scope → 403
 * `insufficient_scope`. Every other route uses requireSession, where a valid key is 403 too (ADR 0094). A key
 * acts as a member with the least role (for what a role decides inside a call, such as seeing addresses in the
 * history), is audited by name, and is answered only what its scope allows (apiKeyOf).
 */
export function requireSessionOrApiKey(credentials: Credentials, scope: ApiKeyScope): RequestHandler {
  const staff = requireSession(credentials);
  return async (req, res, next) => {
    const bearer = bearerToken(req);
    if (!bearer?.startsWith(API_KEY_PREFIX)) return staff(req, res, next);
    const key = await credentials.apiKeys.resolve(bearer);
    if (!key) return next(invalidKey());
    if (!key.scopes.includes(scope)) return next(insufficientScope(scope));
    const session: ActiveSession = {
      sessionId: `api-key:${key.id}`,
      user: { id: key.id, username: `api-key:${key.name}`, role: "user" },
      stage: "full",
      challenge: null,
      failedCodes: 0,
    };
    sessionsByRequest.set(req, { session, transport: "bearer", apiKey: key });
    next();
  };
}

/** The API key that authorised the request, or null for a staff session. */
export function apiKeyOf(req: Request): ApiKeyPrincipal | null {
  return sessionsByRequest.get(req)?.apiKey ?? null;
}

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    const found = sessionsByRequest.get(req);
    if (!found) return next(new HttpError(401, AUTH_REQUIRED));
    // A key's scope was checked by requireSessionOrApiKey, the only guard that lets a key through.
    if (found.apiKey) return next();
    if (!roles.includes(found.session.user.role)) return next(new HttpError(403, FORBIDDEN));
    next();
  };
}

/** Who may do what (docs/requirements.md §6). */
export const ROLES_THAT_VIEW: Role[] = ["user", "coordinator", "admin", "super_admin"];
/** Act on the selection: stage moves (bulk included), adding notes, owners, offers (resend, extend). Nothing destructive. */
export const ROLES_THAT_RUN_SELECTION: Role[] = ["coordinator", "admin", "super_admin"];
/** Delete records and notes; privacy requests and erasure (server/http/routes/privacy.ts). */
export const ROLES_THAT_DELETE: Role[] = ["admin", "super_admin"];
export const ROLES_THAT_MANAGE_USERS: Role[] = ["super_admin"];
