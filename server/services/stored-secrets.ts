/**
 * Server secrets that must be the same for every instance and the command line: the configured value when
 * set, otherwise one generated on first use and kept in the database (table app_secrets). Concurrent first
 * uses agree: the insert keeps whichever row came first and everyone reads that row back.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { appSecrets } from "../db/schema";

export async function resolveStoredSecret(db: Database, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the ${name} could not be stored`);
  return row.value;
}
