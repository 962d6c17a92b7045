/**
 * The staff session cookie and the known-device cookie (ADR 0054, 0055), both `__Host-` (Secure, Path=/,
 * no Domain: no other host, subdomain or plain-http page can set or overwrite them, ASVS 3.3.1/3.3.3).
 * The session cookie is `HttpOnly; Secure; SameSite=Strict`: no page script can read it and no other
 * site can make the browser send it. Browsers accept `Secure` cookies from http://localhost, so
 * development and the browser tests need no exception; any other host must be served over HTTPS.
 */
import type { Response } from "express";
import { SESSION_HINT_COOKIE } from "#core/staff-request";

export { readCookie } from "../cookies";

export const SESSION_COOKIE = "__Host-ovella_staff";
export const KNOWN_DEVICE_COOKIE = "__Host-ovella_device";
/** `__Host-` cookies must have Path=/. */
const SESSION_PATH = "/";
const DEVICE_PATH = "/";

/** Sets the session cookie; a finished sign-in also sets the hint (no secret) the admin's first paint reads. */
export function setSessionCookie(res: Response, token: string, signedIn: boolean): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "strict", path: SESSION_PATH });
  if (signedIn) res.cookie(SESSION_HINT_COOKIE, "1", { httpOnly: false, secure: true, sameSite: "strict", path: "/" });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: "strict", path: SESSION_PATH });
  res.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, secure: true, sameSite: "strict", path: "/" });
}

export function setKnownDeviceCookie(res: Response, mark: string, maxAgeMs: number): void {
  res.cookie(KNOWN_DEVICE_COOKIE, mark, { httpOnly: true, secure: true, sameSite: "strict", path: DEVICE_PATH, maxAge: maxAgeMs });
}
