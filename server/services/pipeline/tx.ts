/** An open transaction (every selection change runs in one, holding the quota row's lock). */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** node-postgres answers `{ rows }`, PGlite through Drizzle may answer the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * Locks the one quota row until the transaction ends: every move, offer, answer and expiry takes it
 * first, so the place count read next cannot change before this transaction commits, on one instance
 * or many (ADR 0060).
 */
export async function lockQuota(tx: Tx): Promise<void> {
  await tx.execute(sql`select "id" from "pilot_quota" where "id" = 1 for update`);
}
