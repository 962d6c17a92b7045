/**
 * The private link to an applicant's own page (ADR 0098): an unguessable token that names her application and when
 * it was issued, signed with a key derived from the server's link secret (the one that signs unsubscribe links, under
 * its own label). Nothing is stored per link: any email can carry a fresh one, an erased application has no page, and
 * staff revoke every link issued before a moment (`applications.page_links_revoked_at`). 48 base64url characters,
 * shaped like every token the request log redacts.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** A link works this long after it was issued (an old email's link asks her to request a fresh one). */
export const PAGE_LINK_TTL_MS = 90 * 24 * 3600_000;

const ID_BYTES = 16;
const TIME_BYTES = 4;
const MAC_BYTES = 16;
const TOKEN_BYTES = ID_BYTES + TIME_BYTES + MAC_BYTES;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{48}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("ovella applicant page link key v1").digest();
}

function mac(secret: string, body: Buffer): Buffer {
  return createHmac("sha256", pageKey(secret)).update(body).digest().subarray(0, MAC_BYTES);
}

export function signPageToken(secret: string, applicationId: string, now: Date): string {
  if (!UUID.test(applicationId)) throw new Error("an applicant page link names an application id");
  const body = Buffer.alloc(ID_BYTES + TIME_BYTES);
  Buffer.from(applicationId.replaceAll("-", ""), "hex").copy(body, 0);
  body.writeUInt32BE(Math.floor(now.getTime() / 1000), ID_BYTES);
  return Buffer.concat([body, mac(secret, body)]).toString("base64url");
}

export type PageTokenCheck = { ok: true; applicationId: string; issuedAt: Date } | { ok: false; reason: "invalid" | "expired" };

/** Whether a text is shaped like a page token (anything else is never looked up). */
export const isPageTokenShape = (token: unknown): token is string => typeof token === "string" && TOKEN_PATTERN.test(token);

export function verifyPageToken(secret: string, token: unknown, now: Date): PageTokenCheck {
  if (!isPageTokenShape(token)) return { ok: false, reason: "invalid" };
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES) return { ok: false, reason: "invalid" };
  const body = bytes.subarray(0, ID_BYTES + TIME_BYTES);
  const given = bytes.subarray(ID_BYTES + TIME_BYTES);
  if (!timingSafeEqual(given, mac(secret, body))) return { ok: false, reason: "invalid" };
  const hex = body.subarray(0, ID_BYTES).toString("hex");
  const applicationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const issuedAt = new Date(body.readUInt32BE(ID_BYTES) * 1000);
  if (issuedAt.getTime() > now.getTime() + 60_000) return { ok: false, reason: "invalid" };
  if (issuedAt.getTime() + PAGE_LINK_TTL_MS <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, applicationId, issuedAt };
}
