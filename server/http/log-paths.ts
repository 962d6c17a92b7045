/**
 * What a log may say of a request's path (ADR 0095): never a secret carried in it. Query strings are never
 * logged (the unsubscribe link's token travels there); in the path, the segment after a token-bearing one
 * (`/offer/<token>`) and any segment shaped like a random token are replaced by `:token`. The router reads
 * paths without letter case, with percent-encoded letters and repeated slashes, and React Router's data
 * requests add `.data`: every such spelling of a token path is redacted too. Record ids (UUIDs) stay.
 */

/** Path segments followed by a secret: the offer's single-use link (app/routes.ts, `offer/:token`). */
const TOKEN_BEARING_SEGMENTS = new Set(["offer"]);

/** A random token of 22 or more base64url or hex characters (16+ bytes); UUIDs are excluded below. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REDACTED_SEGMENT = ":token";

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Cheap first look: most paths (every API call) carry no token-sized run, no "offer" and no escape. */
const MAYBE_TOKEN = /[A-Za-z0-9_-]{22}|offer|%/i;
const LANGUAGE = /^[a-z]{2}(?:-[a-z]{2})?$/i;

/** The path (without its query string) with every token in it replaced by `:token`. */
export function redactPath(path: string): string {
  if (!MAYBE_TOKEN.test(path)) return path;
  const segments = path.split("/");
  // Page paths only: `/offer/<token>`, or under a language prefix (`/es/offer/<token>`); an API path's
  // `…/offer/resend` is no link.
  let position = 0;
  let redactNext = false;
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    if (raw === "") continue;
    const plain = decoded(raw).replace(/\.data$/, "");
    if (redactNext || (TOKEN_SHAPE.test(plain) && !UUID.test(plain))) {
      segments[i] = REDACTED_SEGMENT;
      changed = true;
      redactNext = false;
    } else {
      const pagePosition = position === 0 || (position === 1 && LANGUAGE.test(decoded(segments.find((s) => s !== "") ?? "")));
      redactNext = pagePosition && TOKEN_BEARING_SEGMENTS.has(plain.toLowerCase());
    }
    position++;
  }
  return changed ? segments.join("/") : path;
}
