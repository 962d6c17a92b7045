/**
 * How a person is named in privacy work: their email address, trimmed and lower-cased, and a keyed hash of it
 * (HMAC-SHA256 with a server secret) for records that must outlive the address, such as the trail of an erasure.
 */
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";

/** "  Maya@Example.COM " and "maya@example.com" are one person. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Hex HMAC-SHA256 of the normalised address. */
export function subjectHash(secret: string, email: string): string {
  return createHmac("sha256", secret).update(normaliseEmail(email), "utf8").digest("hex");
}

export const HASH_SECRET_NAME = "privacy_hash_secret";

/**
 * The HMAC key: PRIVACY_HASH_SECRET when configured; otherwise one generated on first use and kept in the
 * database, so every instance and the command line derive the same hash for one address. Concurrent first uses
 * agree: the insert keeps whichever row came first and everyone reads that row back.
 */
export async function resolveHashSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: HASH_SECRET_NAME, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, HASH_SECRET_NAME));
  if (!row) throw new Error("the privacy hash secret could not be stored");
  return row.value;
}
