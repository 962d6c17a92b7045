/** The system panel (super admins): GET /api/system, POST /api/system/backups. */
import { z } from "zod";
import { readinessSchema } from "./health";
import { instant } from "./common";

/** One backup file in BACKUP_DIR. */
export const backupSchema = z.object({
  name: z.string().describe("File name in BACKUP_DIR."),
  takenAt: instant.describe("When the snapshot was taken."),
  bytes: z.number().int().describe("Size of the encrypted file."),
  checksumOk: z.boolean().describe("The file's SHA-256 matches its manifest (checked without the key)."),
});
export type Backup = z.output<typeof backupSchema>;

/** What the newest restore applied again (ADR 0107): from the audit event it wrote into the restored database. */
export const lastRestoreSchema = z.object({
  at: instant.describe("When the restore ran."),
  takenAt: instant.nullable().describe("The restored backup's time (or the --erasures-since time)."),
  erasures: z.number().int().describe("Erasures recorded after the backup."),
  erasedAgain: z.number().int().describe("People found in the backup and erased again."),
  revocations: z.number().int().describe("Revocations recorded after the backup."),
  apiKeys: z.number().int().describe("API keys revoked again."),
  staffDeleted: z.number().int().describe("Staff accounts deleted again."),
  staffDeactivated: z.number().int().describe("Staff accounts deactivated again."),
  passwordsDisabled: z.number().int().describe("Passwords older than a change, disabled (an administrator sets a new one)."),
  factorsReset: z.number().int().describe("Members whose second factors were reset again."),
  recoveryCodesRevoked: z.number().int().describe("Members whose replaced recovery codes were revoked again."),
  sessionsEnded: z.number().int().describe("Staff sessions ended (every one: everyone signs in again)."),
});
export type LastRestore = z.output<typeof lastRestoreSchema>;

export const backupStatusSchema = z.object({
  enabled: z.boolean(),
  offReason: z.string().nullable().describe("Why backups are off (no BACKUP_DIR, or PostgreSQL)."),
  everyHours: z.number().nullable().describe("Hours between scheduled backups; 0: on demand only."),
  keep: z.number().int().nullable().describe("Backups kept."),
  backups: z.array(backupSchema).describe("Newest first."),
  lastRestore: lastRestoreSchema.nullable().describe("What the newest restore applied again; null when none ran."),
});

/** The server process's memory, beside the database's size (ADR 0105: the embedded default's budget). */
export const processMemorySchema = z.object({
  rssBytes: z.number().int().describe("Resident memory of the server process (the embedded database's included)."),
  heapUsedBytes: z.number().int().describe("JavaScript heap in use."),
});

/** What /readyz says, with the backups and the server's memory: everything an operator watches, in one answer. */
export const systemStatusSchema = readinessSchema.extend({ backups: backupStatusSchema, memory: processMemorySchema });
export type SystemStatus = z.output<typeof systemStatusSchema>;
