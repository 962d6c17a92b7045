/**
 * Signed, expiring, single-purpose unsubscribe tokens: HMAC-SHA256 over the address, the purpose and
 * the expiry. A token proves only "this address may stop marketing emails until then"; it opens nothing
 * else, and a forged, altered or expired token is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { resolveStoredSecret } from "../stored-secrets";

export const UNSUBSCRIBE_PURPOSE = "marketing-unsubscribe";
/** Links stay valid for a year: old emails keep working for a long while, not forever. */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3600_000;

interface TokenBody {
  a: string;
  p: string;
  x: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function mac(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

export function signUnsubscribeToken(secret: string, address: string, now: Date, ttlMs = UNSUBSCRIBE_TTL_MS): string {
  const body: TokenBody = { a: address.toLowerCase(), p: UNSUBSCRIBE_PURPOSE, x: Math.floor((now.getTime() + ttlMs) / 1000) };
  const encoded = b64url(JSON.stringify(body));
  return `${encoded}.${b64url(mac(secret, encoded))}`;
}

export type TokenCheck = { ok: true; address: string } | { ok: false; reason: "invalid" | "expired" };

export function verifyUnsubscribeToken(secret: string, token: unknown, now: Date): TokenCheck {
  if (typeof token !== "string" || token.length > 2000) return { ok: false, reason: "invalid" };
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = mac(secret, encoded);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let body: Partial<TokenBody>;
  try {
    body = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Partial<TokenBody>;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (body.p !== UNSUBSCRIBE_PURPOSE || typeof body.a !== "string" || typeof body.x !== "number") {
    return { ok: false, reason: "invalid" };
  }
  if (body.x * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, address: body.a };
}

/**
 * UNSUBSCRIBE_SECRET when set; otherwise a random secret generated once and kept in the database, so links
 * survive restarts and every instance on one PostgreSQL accepts the links another one signed.
 */
export function resolveUnsubscribeSecret(db: Database, configured: string | undefined): Promise<string> {
  return resolveStoredSecret(db, "unsubscribe_secret", configured);
}
