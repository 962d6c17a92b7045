/**
 * What the browser admin and the server agree on for cookie sessions (ADR 0054), free of any library
 * so the shared API client can carry it.
 */

/** Sent by the admin on every call of a cookie session; a cross-site form or simple request cannot send it. */
export const CSRF_HEADER = "X-Ovella-Request";
export const CSRF_HEADER_VALUE = "admin";

/**
 * Readable by the admin's script and holding no secret: "a staff session was handed to this browser",
 * so the admin shows a spinner instead of the sign-in while it checks the real (HttpOnly) cookie.
 */
export const SESSION_HINT_COOKIE = "__Host-ovella_staff_hint";

/** The `token` an admin call passes when its session is the browser's cookie: no Authorization header, the CSRF header. */
export const COOKIE_SESSION = "cookie-session";

/** What staff read when their session ended (the server's 401 and the admin's own sign-out say the same). */
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";
