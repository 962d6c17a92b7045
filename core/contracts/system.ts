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

/** The server process's memory, beside the database's size (ADR 0105: the embedded default's budget). */
export const processMemorySchema = z.object({
  rssBytes: z.number().int().describe("Resident memory of the server process (the embedded database's included)."),
  heapUsedBytes: z.number().int().describe("JavaScript heap in use."),
});

/** What /readyz says, with the backups and the server's memory: everything an operator watches, in one answer. */
export const systemStatusSchema = readinessSchema.extend({ backups: backupStatusSchema, memory: processMemorySchema });
export type SystemStatus = z.output<typeof systemStatusSchema>;
