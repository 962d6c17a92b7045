/**
 * Shapes of the staff privacy calls (/api/privacy), shared by the admin's Privacy requests tab and the server so
 * both reject the same input with the same message.
 */
import { z } from "zod";
import { DATE_RANGE_MESSAGE, isStorableInstant } from "./contracts/common";
import { text } from "./storable";

export const PRIVACY_REQUEST_KINDS = ["access", "correction", "erasure"] as const;
export const PRIVACY_REQUEST_STATUSES = ["open", "completed", "declined"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Days to answer a request from its receipt (a deletion is completed sooner than the law's 45 days). */
export const PRIVACY_DUE_DAYS: Record<PrivacyRequestKind, number> = { access: 45, correction: 45, erasure: 30 };

export const PRIVACY_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: "Open",
  completed: "Completed",
  declined: "Declined",
};

export const PRIVACY_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: "Access (right to know)",
  correction: "Correction",
  erasure: "Erasure (deletion)",
};

export const ERASE_CONFIRMATION_MESSAGE = "Type the email address exactly to confirm the erasure";

/** Case and surrounding spaces never matter: the address is trimmed and lower-cased. */
export const privacyEmail = text({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be 254 characters or less")
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const privacyFindSchema = z.object({ email: privacyEmail });

export const privacyEraseSchema = z
  .object({ email: privacyEmail, confirmation: text({ error: ERASE_CONFIRMATION_MESSAGE }).max(300) })
  .refine((v) => v.confirmation.trim().toLowerCase() === v.email, {
    path: ["confirmation"],
    message: ERASE_CONFIRMATION_MESSAGE,
  });

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export const privacyRequestCreateSchema = z.object({
  email: privacyEmail,
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: "Please select the kind of request" }),
  /** The day the request was received (YYYY-MM-DD); today when omitted. */
  receivedOn: text()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (isoDay.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), "Please enter a valid date")
    .refine((v) => v === undefined || !isoDay.test(v) || isStorableInstant(`${v}T00:00:00Z`), DATE_RANGE_MESSAGE)
    .refine((v) => v === undefined || Date.parse(`${v}T00:00:00Z`) <= Date.now() + 24 * 3600_000, "The date received cannot be in the future"),
  notes: text()
    .trim()
    .max(2000, "Notes must be 2000 characters or less")
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const privacyRequestUpdateSchema = z
  .object({
    status: z.enum(PRIVACY_REQUEST_STATUSES, { error: "Status must be open, completed or declined" }).optional(),
    notes: text().trim().max(2000, "Notes must be 2000 characters or less").nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, { message: "Nothing to change", path: ["status"] });

export const privacyRequestListSchema = z.object({
  status: z.enum([...PRIVACY_REQUEST_STATUSES, "all"], { error: "Status must be open, completed, declined or all" }).default("open"),
});

/** The configured retention periods, in days (RETENTION_DAYS_*), as the Privacy Policy states them. */
export interface RetentionPeriods {
  applicationsDays: number;
  messagesDays: number;
  auditDays: number;
  /**
   * How long a backup taken before an erasure may still exist (BACKUP_KEEP × BACKUP_EVERY_HOURS, in whole days);
   * null when the product takes no scheduled backups (ADR 0106).
   */
  backupDays?: number | null;
}

/** "730 days (2 years)", "365 days (1 year)", "90 days". */
export function describeDays(days: number): string {
  const unit = days === 1 ? "day" : "days";
  if (days % 365 !== 0) return `${days} ${unit}`;
  const years = days / 365;
  return `${days} ${unit} (${years} ${years === 1 ? "year" : "years"})`;
}
