/**
 * Audit trail of staff actions on personal data: logins, list views, exports, deletes, user changes.
 * Details never hold a password, a token or a submitted personal field.
 */
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";

export type AuditAction =
  | "login_success"
  | "login_failure"
  | "second_factor_failure"
  | "recovery_code_used"
  | "factor_enrol"
  | "factor_reset"
  | "logout"
  | "view"
  | "application_delete"
  | "contact_delete"
  | "user_create"
  | "password_change"
  | "user_delete"
  | "user_deactivate"
  | "export"
  | "marketing_unsubscribe"
  | "outbox_resend"
  | "privacy_find"
  | "privacy_export"
  | "privacy_correct"
  | "privacy_erase"
  | "privacy_request_create"
  | "privacy_request_update"
  | "retention_purge"
  | "backup_create"
  | "webhook_create"
  | "webhook_update"
  | "webhook_rotate"
  | "webhook_delete"
  | "webhook_replay"
  | "api_key_create"
  | "api_key_revoke"
  | PipelineAuditAction;

/** Actions of the pilot's selection (./pipeline). */
export type PipelineAuditAction = "stage_move" | "note_add" | "note_remove" | "owner_assign" | "offer_answer" | "waitlist_reorder";

export interface Actor {
  id: string | null;
  username: string;
}

export interface AuditEntry {
  actor: Actor | null;
  action: AuditAction;
  targetType?:
    | "application"
    | "contact_message"
    | "user"
    | "applications"
    | "contact_messages"
    | "email_outbox"
    | "privacy_request"
    | "privacy_requests"
    | "audit_events"
    | "backups"
    | "webhook_endpoint"
    | "api_key";
  targetId?: string | null;
  clientAddress?: string | null;
  detail?: Record<string, unknown>;
}

/** The actor recorded for changes made with the staff command line. */
export const CLI_ACTOR: Actor = { id: null, username: "cli" };

export interface AuditService {
  record(entry: AuditEntry): Promise<void>;
}

export function createAuditService(db: Database, now: () => Date): AuditService {
  return {
    async record(entry) {
      await db.insert(auditEvents).values({
        actor_id: entry.actor?.id ?? null,
        actor_username: entry.actor?.username ?? null,
        action: entry.action,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId ?? null,
        at: now(),
        client_address: entry.clientAddress ? entry.clientAddress.slice(0, 64) : null,
        detail: entry.detail ?? null,
      });
    },
  };
}
