/**
 * How a person is named in privacy work: their email address, trimmed and lower-cased, and a keyed hash of it
 * (HMAC-SHA256 with a server secret) for records that must outlive the address, such as the trail of an erasure.
 */
import { createHmac } from "node:crypto";
import type { Database } from "../../db/client";
import { resolveStoredSecret } from "../stored-secrets";

/** "  Maya@Example.COM " and "maya@example.com" are one person. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Hex HMAC-SHA256 of the normalised address. */
export function subjectHash(secret: string, email: string): string {
  return createHmac("sha256", secret).update(normaliseEmail(email), "utf8").digest("hex");
}

export const HASH_SECRET_NAME = "privacy_hash_secret";

/** The HMAC key: PRIVACY_HASH_SECRET when configured, else one kept in the database for every instance. */
export function resolveHashSecret(db: Database, configured: string | undefined): Promise<string> {
  return resolveStoredSecret(db, HASH_SECRET_NAME, configured);
}
