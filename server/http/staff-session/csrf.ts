/**
 * Cross-site request forgery defence for calls authenticated by the session cookie (ADR 0054). Besides
 * `SameSite=Strict`, a state-changing call must
 *  - carry `X-Ovella-Request: admin`, a header no form or cross-site simple request can send (a
 *    cross-origin script cannot add it without a CORS preflight, which this API never grants), and
 *  - come from this origin: `Sec-Fetch-Site: same-origin` when the browser sends it, otherwise an
 *    `Origin` equal to the request's own origin when there is one.
 * Calls with a bearer token need none of this: no browser attaches that token by itself.
 */
import type { Request } from "express";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "#core/staff-request";
import { HttpError } from "../errors";
export const CSRF_REFUSED = "This request did not come from the admin. Please reload the page and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

function sameOriginAsRequest(req: Request, origin: string): boolean {
  const host = req.get("host");
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Throws 403 unless a cookie-authenticated state-changing request comes from the admin itself. */
export function assertSameOriginAdminRequest(req: Request): void {
  if (isSafeMethod(req.method)) return;
  if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) throw new HttpError(403, CSRF_REFUSED);
  const site = req.get("sec-fetch-site");
  if (site !== undefined && site !== "same-origin") throw new HttpError(403, CSRF_REFUSED);
  const origin = req.get("origin");
  if (origin !== undefined && !sameOriginAsRequest(req, origin)) throw new HttpError(403, CSRF_REFUSED);
}
