/** The backup settings of a process, from its validated environment (ADR 0063). */
import path from "node:path";
import { backupKeyBytes, type Env } from "../../config/env";
import { ERASURE_LEDGER_FILE } from "../privacy";

export interface BackupSettings {
  dir: string;
  key: Buffer;
  keep: number;
  everyHours: number;
}

export interface BackupPlan {
  settings: BackupSettings | null;
  /** Why backups are off; null when they are on. */
  offReason: string | null;
}

export function backupSettingsFromEnv(env: Env, engine: "pglite" | "postgres"): BackupPlan {
  if (engine === "postgres") {
    return {
      settings: null,
      offReason: env.BACKUP_DIR
        ? "On PostgreSQL the database's own tools take the backups (pg_dump, pg_basebackup; docs/deploy.md): the backup folder set in the server's settings is not used."
        : "On PostgreSQL the database's own tools take the backups (pg_dump, pg_basebackup; docs/deploy.md).",
    };
  }
  if (!env.BACKUP_DIR) return { settings: null, offReason: "Backups are off: no backup folder is set in the server's settings." };
  // readEnv refuses BACKUP_DIR without a valid key, so this holds a key.
  const key = env.BACKUP_KEY ? backupKeyBytes(env.BACKUP_KEY) : null;
  if (!key) return { settings: null, offReason: "Backups are off: the backup encryption key in the server's settings is missing or invalid." };
  return {
    settings: { dir: path.resolve(env.BACKUP_DIR), key, keep: env.BACKUP_KEEP, everyHours: env.BACKUP_EVERY_HOURS },
    offReason: null,
  };
}

/** The copy of the erasure ledger kept beside the backups (ADR 0106); null when backups are off. */
export function ledgerBesideBackups(settings: Pick<BackupSettings, "dir"> | null): string | null {
  return settings ? path.join(settings.dir, ERASURE_LEDGER_FILE) : null;
}
