/**
 * Query parameters and response shapes of the staff admin's server-side lists (applications, contact
 * messages, audit log). The server validates with these schemas, the browser builds its queries from
 * them, and the OpenAPI description (/api/openapi.json) is generated from them.
 */
import { z } from "zod";
import { CONTACT_REASON_VALUES } from "./options";
import { storable } from "./storable";

export const PAGE_SIZE_MIN = 50;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 50;
/**
 * A first page counts the filtered rows up to this many; above it `total` is null and the list's
 * stats call (which counts any size exactly) gives the figure.
 */
export const PAGE_TOTAL_LIMIT = 10_000;

const text = (max: number, description: string) => storable(z.string()).trim().max(max).optional().describe(description);

/** An instant (ISO 8601 with offset) or a calendar date (read as UTC midnight). */
const instant = (description: string) =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "Use an ISO 8601 date or date-time" }).optional().describe(description);

const paging = {
  limit: z.coerce
    .number()
    .int()
    .min(PAGE_SIZE_MIN)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Rows per page (${PAGE_SIZE_MIN}–${PAGE_SIZE_MAX}).`),
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor")
    .optional()
    .describe("Opaque cursor from the previous page's nextCursor; omit for the first page."),
};

const direction = z.enum(["asc", "desc"]).default("desc").describe("Sort direction; ties are broken by id in the same direction.");

const dateRange = {
  from: instant("Submitted at or after this instant (inclusive)."),
  to: instant("Submitted before this instant (exclusive)."),
};

const nameFilters = {
  firstName: text(100, "First name contains this text (case-insensitive)."),
  lastName: text(100, "Last name contains this text (case-insensitive)."),
  q: text(200, "Search: name, email or phone contains this text (case-insensitive)."),
};

export const APPLICATION_SORTS = ["submitted_at", "name", "email", "age", "state", "marketing"] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

export const applicationFiltersSchema = z.object({
  sort: z.enum(APPLICATION_SORTS).default("submitted_at").describe("Sort column."),
  dir: direction,
  ...nameFilters,
  state: text(100, "State (or country) equals this value."),
  formSource: text(20, "Form source equals this value."),
  traffic_source: text(20, "Traffic source equals this value."),
  marketing: z.enum(["yes", "no"]).optional().describe("Marketing consent given (yes) or not (no)."),
  ...dateRange,
});
export const applicationListQuerySchema = applicationFiltersSchema.extend(paging);
export type ApplicationFilters = z.output<typeof applicationFiltersSchema>;
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

export const CONTACT_SORTS = ["submitted_at", "name", "email", "reason", "subject"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

export const contactFiltersSchema = z.object({
  sort: z.enum(CONTACT_SORTS).default("submitted_at").describe("Sort column (reason sorts by its label)."),
  dir: direction,
  ...nameFilters,
  reason: z.enum(CONTACT_REASON_VALUES).optional().describe("Reason equals this value."),
  ...dateRange,
});
export const contactListQuerySchema = contactFiltersSchema.extend(paging);
export type ContactFilters = z.output<typeof contactFiltersSchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const auditFiltersSchema = z.object({
  dir: direction,
  actor: text(100, "Actor username equals this value (case-insensitive)."),
  action: text(50, "Action equals this value (for example view, export, application_delete)."),
  target: text(100, "Target record id equals this value."),
  from: instant("At or after this instant (inclusive)."),
  to: instant("Before this instant (exclusive)."),
});
export const auditListQuerySchema = auditFiltersSchema.extend(paging);
export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** Exports take the list's filters and sort, plus the time zone in which dates are written. */
export const exportOptionsSchema = z.object({
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, "Unknown time zone")
    .default("UTC")
    .describe("IANA time zone of the Submitted Date column (the browser's own)."),
});

export function isTimeZone(value: string): boolean {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

const nullable = z.string().nullable();
const isoInstant = z.string().describe("ISO 8601 instant (UTC, milliseconds).");

/**
 * Rows of the lists as the server sends them. The server's queries, the admin's tables and record
 * pages, the privacy views and the OpenAPI description all take their row types from these.
 */
export const applicationRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  age: z.number().int(),
  state: z.string(),
  phone: nullable,
  zipCode: nullable,
  interestLevel: z.string(),
  interestLevelOther: nullable,
  formSource: z.string(),
  marketing_consent: z.boolean(),
  submitted_at: isoInstant,
  traffic_source: nullable,
  utm_source: nullable,
  utm_medium: nullable,
  utm_campaign: nullable,
  referrer_url: nullable,
  landing_path: nullable,
  browser_language: nullable,
  timezone: nullable,
  event_id: nullable,
  tracking_consent: nullable,
});
/** Every stored field of an application staff may read: the advertising ids fbc/fbp never leave the server. */
export type ApplicationRow = z.output<typeof applicationRowSchema>;

export const applicationListRowSchema = applicationRowSchema.extend({
  repeat: z.boolean().describe("The same email address applied before this application."),
});
export type ApplicationListRow = z.output<typeof applicationListRowSchema>;

export const contactRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: nullable,
  reason: z.string(),
  subject: z.string(),
  message: z.string(),
  submitted_at: isoInstant,
});
export type ContactRow = z.output<typeof contactRowSchema>;

/** One page of a list. `total` (the filtered count, when at most PAGE_TOTAL_LIMIT) is sent with the first page only. */
export interface ListPage<T> {
  rows: T[];
  nextCursor: string | null;
  total: number | null;
}

export interface CountItem {
  label: string;
  count: number;
}

export interface ApplicationStatsResponse {
  /** Filtered rows. */
  total: number;
  /** Every application, unfiltered. */
  overall: number;
  averageAge: number | null;
  topStates: CountItem[];
  /** Label "" means none recorded. */
  bySource: CountItem[];
  byCampaign: CountItem[];
}

export interface ContactStatsResponse {
  total: number;
  overall: number;
  thisWeek: number;
}

export interface AuditEventRecord {
  id: string;
  at: string;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  client_address: string | null;
  detail: Record<string, unknown> | null;
}

export const AUDIT_ACTIONS = [
  "login_success",
  "login_failure",
  "logout",
  "view",
  "export",
  "application_delete",
  "contact_delete",
  "user_create",
  "password_change",
  "user_delete",
  "user_deactivate",
] as const;
