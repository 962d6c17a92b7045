/**
 * Encrypted backups of the embedded database, taken by the running server (ADR 0063): on a schedule
 * (./schedule.ts), from the admin's "Back up now" (audited), or when `npm run backup` asks the server.
 * One backup runs at a time; each is a consistent snapshot (./snapshot.ts) sealed with AES-256-GCM
 * (./format.ts), written atomically and owner-only, after which the oldest beyond BACKUP_KEEP are removed
 * (./store.ts). On PostgreSQL the product takes none: the database's own tools do (docs/deploy.md).
 */
import { desc, eq } from "drizzle-orm";
import type { LastRestore } from "#core/contracts/system";
import { embeddedClientOf, type Database } from "../../db/client";
import { auditEvents } from "../../db/schema";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { appendMissing, mergeLedgers, readErasureLedger } from "../privacy";
import { appendMissingRevocations, mergeRevocations, readRevocationLedger, revocationLedgerPath } from "../staff";
import { ledgerBesideBackups, type BackupSettings } from "./config";
import { backupFileName, ensurePrivateDirectory, listBackups, pruneBackups, type StoredBackup } from "./store";
import { BackupDiskError, writeBackup } from "./write";

export interface BackupConfig {
  db: Database;
  now: () => Date;
  audit: AuditService;
  /** Null: backups are off (no BACKUP_DIR, or PostgreSQL); `status()` says why. */
  settings: BackupSettings | null;
  /** Why backups are off, for the admin (null when they are on). */
  offReason: string | null;
  /** Runs before each snapshot so the copy holds what a restore needs (the privacy hash secret) and no erased row. */
  beforeSnapshot?: () => Promise<unknown>;
  /** DATA_DIR/erasure-ledger.jsonl: carried inside every backup and copied beside them (ADR 0106). */
  erasureLedger?: string | null;
  /** DATA_DIR/revocation-ledger.jsonl: carried and copied the same way (ADR 0107). */
  revocationLedger?: string | null;
  /** The key that seals the staff's authenticator secrets (ADR 0108): carried inside every backup, sealed. */
  factorKey?: Buffer | null;
}

export interface BackupStatus {
  enabled: boolean;
  offReason: string | null;
  everyHours: number | null;
  keep: number | null;
  backups: StoredBackup[];
  lastRestore: LastRestore | null;
}

const count = (value: unknown): number => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);

/** The newest restore's audit event (written by the restore into the database it restored; ADR 0107). */
async function lastRestore(db: Database): Promise<LastRestore | null> {
  const [row] = await db
    .select({ at: auditEvents.at, detail: auditEvents.detail })
    .from(auditEvents)
    .where(eq(auditEvents.action, "restore_reapply"))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  if (!row) return null;
  const detail = row.detail ?? {};
  const takenAt = typeof detail.takenAt === "string" && !Number.isNaN(Date.parse(detail.takenAt)) ? new Date(detail.takenAt).toISOString() : null;
  return {
    at: row.at.toISOString(),
    takenAt,
    erasures: count(detail.erasures),
    erasedAgain: count(detail.erasedAgain),
    revocations: count(detail.revocations),
    apiKeys: count(detail.apiKeys),
    staffDeleted: count(detail.staffDeleted),
    staffDeactivated: count(detail.staffDeactivated),
    passwordsDisabled: count(detail.passwordsDisabled),
    factorsReset: count(detail.factorsReset),
    recoveryCodesRevoked: count(detail.recoveryCodesRevoked),
    sessionsEnded: count(detail.sessionsEnded),
  };
}

export function createBackupService(config: BackupConfig) {
  let running: Promise<StoredBackup> | undefined;
  let latestCache: StoredBackup | null | undefined;

  async function take(): Promise<StoredBackup> {
    const settings = config.settings;
    const client = embeddedClientOf(config.db);
    if (!settings || !client) throw new ServiceError("conflict", config.offReason ?? "Backups are off");
    await config.beforeSnapshot?.();
    // The ledger as it stands (this instance's and the copy beside the backups, which may hold erasures a
    // restore brought from another disk), read before the snapshot: every entry is older than the copy.
    const beside = ledgerBesideBackups(settings) as string;
    const ledger = mergeLedgers(config.erasureLedger ? await readErasureLedger(config.erasureLedger) : [], await readErasureLedger(beside));
    const revocationsBeside = revocationLedgerPath(settings.dir);
    const revocations = mergeRevocations(config.revocationLedger ? await readRevocationLedger(config.revocationLedger) : [], await readRevocationLedger(revocationsBeside));
    const takenAt = config.now();
    const name = backupFileName(takenAt);
    let bytes: number;
    try {
      await ensurePrivateDirectory(settings.dir);
      // Beside the backups: appended, never rewritten, so an erasure recorded meanwhile is never lost.
      await appendMissing(beside, ledger);
      await appendMissingRevocations(revocationsBeside, revocations);
      ({ bytes } = await writeBackup(client, { dir: settings.dir, name, key: settings.key, takenAt, ledger, revocations, factorKey: config.factorKey ?? null }));
      await pruneBackups(settings.dir, settings.keep);
    } catch (error) {
      // A full or read-only disk: a defined refusal that names the cause, never the path.
      const code = error instanceof BackupDiskError ? error.code : (error as NodeJS.ErrnoException).code;
      if (!code) throw error;
      throw new ServiceError(
        "conflict",
        error instanceof BackupDiskError && error.place === "database"
          ? `The database could not be copied for the backup (${code}); nothing was changed`
          : `The backup could not be written to the backup folder (${code}); nothing was changed`,
      );
    }
    const stored: StoredBackup = { name, takenAt, bytes, checksumOk: true };
    latestCache = stored;
    return stored;
  }

  const enabled = config.settings !== null && embeddedClientOf(config.db) !== null;

  /** Takes a backup now; a call while one runs gets that one's result. */
  function runNow(): Promise<StoredBackup> {
    running ??= take().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    enabled,
    runNow,

    /** "Back up now" from the admin: the backup, then its audit event (file name and size, nothing personal). */
    async backUpNow(ctx: { actor: Actor; clientAddress?: string | null }): Promise<StoredBackup> {
      const backup = await runNow();
      await config.audit.record({
        actor: ctx.actor,
        action: "backup_create",
        targetType: "backups",
        clientAddress: ctx.clientAddress ?? null,
        detail: { file: backup.name, bytes: backup.bytes },
      });
      return backup;
    },

    async status(): Promise<BackupStatus> {
      const settings = config.settings;
      const [backups, restore] = await Promise.all([settings ? listBackups(settings.dir) : [], lastRestore(config.db)]);
      latestCache = backups[0] ?? null;
      return {
        enabled,
        offReason: config.offReason,
        everyHours: settings?.everyHours ?? null,
        keep: settings?.keep ?? null,
        backups,
        lastRestore: restore,
      };
    },

    /** The newest backup (for /readyz and the schedule), read from the directory once and then kept. */
    async latest(): Promise<StoredBackup | null> {
      if (!config.settings) return null;
      if (latestCache === undefined) latestCache = (await listBackups(config.settings.dir))[0] ?? null;
      return latestCache;
    },
  };
}

export { BackupFileError } from "./format";
export { listBackups, type StoredBackup } from "./store";
export { backupSettingsFromEnv, ledgerBesideBackups, type BackupPlan, type BackupSettings } from "./config";
export { BACKUP_SIGNAL, backupSchedule } from "./schedule";
export { reapplyErasures, recordRestore, restoreBackup, RestoreRefusedError } from "./restore";
