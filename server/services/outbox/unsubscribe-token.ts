/**
 * Signed, expiring, single-purpose unsubscribe tokens: HMAC-SHA256 over the address, the purpose and
 * the expiry. A token proves only "this address may stop marketing emails until then"; it opens nothing
 * else, and a forged, altered or expired token is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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
 * UNSUBSCRIBE_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR, so links
 * survive restarts of a single instance. Several instances on one PostgreSQL must share UNSUBSCRIBE_SECRET.
 */
export function resolveUnsubscribeSecret(env: { UNSUBSCRIBE_SECRET?: string; DATA_DIR: string }): {
  secret: string;
  source: "env" | "file";
} {
  if (env.UNSUBSCRIBE_SECRET) return { secret: env.UNSUBSCRIBE_SECRET, source: "env" };
  const dir = path.resolve(env.DATA_DIR);
  const file = path.join(dir, "unsubscribe-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return { secret: stored, source: "file" };
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, source: "file" };
}
