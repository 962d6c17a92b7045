/**
 * The single-use link of an offer: 32 random bytes (base64url) in the email, only their SHA-256 in the
 * database. A guessed or altered token matches no offer; a leaked database holds no usable link.
 */
import { createHash, randomBytes } from "node:crypto";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newOfferToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOfferToken(token) };
}

export function hashOfferToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a value has the shape of a token (anything else is refused before the database is asked). */
export function isOfferTokenShape(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export const offerPath = (token: string) => `/offer/${token}`;
