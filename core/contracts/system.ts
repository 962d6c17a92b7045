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

export const backupStatusSchema = z.object({
  enabled: z.boolean(),
  offReason: z.string().nullable().describe("Why backups are off (no BACKUP_DIR, or PostgreSQL)."),
  everyHours: z.number().nullable().describe("Hours between scheduled backups; 0: on demand only."),
  keep: z.number().int().nullable().describe("Backups kept."),
  backups: z.array(backupSchema).describe("Newest first."),
});

/** What /readyz says, with the backups: everything an operator watches, in one answer. */
export const systemStatusSchema = readinessSchema.extend({ backups: backupStatusSchema });
export type SystemStatus = z.output<typeof systemStatusSchema>;
