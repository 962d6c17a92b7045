/** Small helpers shared by the privacy modules: raw result rows on both engines, PostgreSQL error codes. */
import type { Database } from "../../db/client";

/** A database handle or an open transaction: both run the same queries. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** node-postgres answers `{ rows }`, PGlite through Drizzle may answer the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** True when the error (or one it wraps) carries this SQLSTATE. */
export function hasPgCode(error: unknown, ...codes: string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === "object" && current !== null && "code" in current && codes.includes(String(current.code))) return true;
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return false;
}
