/**
 * The link that confirms her new email address (ADR 0099): it names the pending change and is signed with a key
 * derived from the server's link secret under its own label, so the courier can sign it as it renders and nothing
 * secret is kept in the outbox or a backup. The database keeps the token's hash and the change's deadline; a token
 * opens only the change it names, only while that change waits. 43 base64url characters (redacted from the log).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(secret: string, id: Buffer): Buffer {
  const key = createHmac("sha256", secret).update("ovella email change link key v1").digest();
  return createHmac("sha256", key).update(id).digest().subarray(0, MAC_BYTES);
}

export function signEmailChangeToken(secret: string, changeId: string): string {
  if (!UUID.test(changeId)) throw new Error("an email change link names a change id");
  const id = Buffer.from(changeId.replaceAll("-", ""), "hex");
  return Buffer.concat([id, mac(secret, id)]).toString("base64url");
}

/** The change a token names when its signature holds; null for anything else (never looked up). */
export function verifyEmailChangeToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(secret, id))) return null;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the database keeps of a token. */
export const emailChangeTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
