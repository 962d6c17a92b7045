/**
 * The single-use link of an offer (ADR 0061, signed since ADR 0104): an HMAC-SHA256 of the offer's id under a key
 * derived from the link secret with its own label, 43 base64url characters. The database keeps only the token's
 * SHA-256, and the outbox keeps only the offer's id: the courier signs the link as it composes the email, so neither a
 * leaked database, an outbox row nor a privacy export holds a usable link. A guessed or altered token matches no
 * offer.
 */
import { createHash, createHmac } from "node:crypto";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an offer's link (the offer row's id, which a replacing link changes). */
export function offerTokenFor(secret: string, offerId: string): string {
  if (!UUID.test(offerId)) throw new Error("an offer link names an offer id");
  const key = createHmac("sha256", secret).update("ovella offer link key v1").digest();
  return createHmac("sha256", key).update(offerId.toLowerCase()).digest("base64url");
}

export function hashOfferToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a value has the shape of a token (anything else is refused before the database is asked). */
export function isOfferTokenShape(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export const offerPath = (token: string) => `/offer/${token}`;
