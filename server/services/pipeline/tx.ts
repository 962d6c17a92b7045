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
export async function lockQuota(tx: Tx): Promise<LiveRow | undefined> {
  const result = await tx.execute(sql`select "capacity", "enrollment_opens_at", "enrollment_closes_at", "assessment_instructions",
      "closing_letters_for", "settings_updated_at" from "pilot_quota" where "id" = 1 for update`);
  const row = rowsOf<Record<keyof LiveRow, unknown>>(result)[0];
  if (!row) return undefined;
  return {
    capacity: row.capacity === null || row.capacity === undefined ? null : Number(row.capacity),
    enrollment_opens_at: dateOf(row.enrollment_opens_at),
    enrollment_closes_at: dateOf(row.enrollment_closes_at),
    assessment_instructions: (row.assessment_instructions as string | null) ?? null,
    closing_letters_for: dateOf(row.closing_letters_for),
    settings_updated_at: dateOf(row.settings_updated_at),
  };
}

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** The pilot's live settings as the quota row holds them (null: the first value; ADR 0091). */
export interface LiveRow {
  capacity: number | null;
  enrollment_opens_at: Date | null;
  enrollment_closes_at: Date | null;
  assessment_instructions: string | null;
  closing_letters_for: Date | null;
  settings_updated_at: Date | null;
}
