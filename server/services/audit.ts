/**
 * Audit trail of staff actions on personal data: logins, list views, exports, deletes, user changes.
 * Details never hold a password, a token or a submitted personal field.
 */
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import type { AuditAction, AuditTargetType } from "#core/audit";

export type { AuditAction } from "#core/audit";

export interface Actor {
  id: string | null;
  username: string;
}

export interface AuditEntry {
  actor: Actor | null;
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string | null;
  clientAddress?: string | null;
  detail?: Record<string, unknown>;
}

/** The actor recorded for changes made with the staff command line. */
export const CLI_ACTOR: Actor = { id: null, username: "cli" };

export interface AuditService {
  record(entry: AuditEntry): Promise<void>;
}

/** An audit row written by `db` or inside the caller's transaction, so a change and its record commit together. */
export async function recordAudit(db: Pick<Database, "insert">, at: Date, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actor_id: entry.actor?.id ?? null,
    actor_username: entry.actor?.username ?? null,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    at,
    client_address: entry.clientAddress ? entry.clientAddress.slice(0, 64) : null,
    detail: entry.detail ?? null,
  });
}

export function createAuditService(db: Database, now: () => Date): AuditService {
  return {
    record: (entry) => recordAudit(db, now(), entry),
  };
}
