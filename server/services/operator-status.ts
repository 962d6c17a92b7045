/**
 * What an operator needs to see before a visitor notices (ADR 0037): the outbox backlog and the age of the
 * oldest unsent email, and the database's size. Read by /readyz, cached a few seconds because load
 * balancers poll it often.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";

export interface OperatorStatus {
  database: { bytes: number };
  outbox: { backlog: number; oldestUnsentSeconds: number | null };
  /** The newest backup of the embedded database; absent when backups are off. */
  backup?: { lastAt: string | null; bytes: number | null };
}

/** The newest backup's time and size (the backup service's `latest`); omitted when backups are off. */
export type LatestBackup = () => Promise<{ takenAt: Date; bytes: number } | null>;

export function createOperatorStatus(db: Database, now: () => Date, cacheMs = 5000, latestBackup?: LatestBackup) {
  let cached: { at: number; value: OperatorStatus } | undefined;
  return async function read(): Promise<OperatorStatus> {
    const at = Date.now();
    if (cached && at - cached.at < cacheMs) return cached.value;
    const result = await db.execute(sql`
      select count(*)::int as backlog, min(${emailOutbox.created_at}) as oldest,
             pg_database_size(current_database())::bigint as bytes
        from ${emailOutbox} where ${emailOutbox.status} in ('queued', 'sending')`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      backlog: number;
      oldest: string | Date | null;
      bytes: string | number;
    }[];
    const row = rows[0];
    const backup = latestBackup ? await latestBackup().catch(() => null) : undefined;
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    const value: OperatorStatus = {
      database: { bytes: Number(row?.bytes ?? 0) },
      outbox: {
        backlog: Number(row?.backlog ?? 0),
        oldestUnsentSeconds: oldest ? Math.max(0, Math.round((now().getTime() - oldest.getTime()) / 1000)) : null,
      },
      ...(latestBackup ? { backup: { lastAt: backup?.takenAt.toISOString() ?? null, bytes: backup?.bytes ?? null } } : {}),
    };
    cached = { at, value };
    return value;
  };
}
