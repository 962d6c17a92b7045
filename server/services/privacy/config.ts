/** The privacy settings of a process, from its validated environment. */
import path from "node:path";
import type { Env } from "../../config/env";
import { erasureLedgerPath } from "./erasure-ledger";
import type { RetentionPolicy } from "./retention";

export function retentionPolicyFromEnv(env: Env): RetentionPolicy & { backupDays: number | null } {
  return {
    applicationsDays: env.RETENTION_DAYS_APPLICATIONS,
    messagesDays: env.RETENTION_DAYS_MESSAGES,
    auditDays: env.RETENTION_DAYS_AUDIT,
    // The Privacy Policy states how long a backup from before an erasure may remain (ADR 0106).
    backupDays: env.BACKUP_DIR && !env.DATABASE_URL && env.BACKUP_EVERY_HOURS > 0 ? Math.ceil((env.BACKUP_KEEP * env.BACKUP_EVERY_HOURS) / 24) : null,
  };
}

/** Where the outbox writes an .eml file per email when SMTP_URL is unset. */
export function outboxDirFromEnv(env: Env): string {
  return path.resolve(env.DATA_DIR, "outbox");
}

/** What the privacy service needs beyond the database, clock and audit log. */
export interface PrivacySettings {
  /** PRIVACY_HASH_SECRET; unset: generated once and kept in the database. */
  hashSecret?: string;
  retention: RetentionPolicy;
  outboxDir: string | null;
  /** DATA_DIR/erasure-ledger.jsonl: the erasures a restore re-applies (ADR 0064). */
  erasureLedger: string | null;
}

export function privacySettingsFromEnv(env: Env): PrivacySettings {
  return {
    hashSecret: env.PRIVACY_HASH_SECRET,
    retention: retentionPolicyFromEnv(env),
    outboxDir: outboxDirFromEnv(env),
    erasureLedger: erasureLedgerPath(env.DATA_DIR),
  };
}
