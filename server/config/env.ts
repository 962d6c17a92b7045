/**
 * Process configuration, read once from the environment and validated at start.
 * A bad variable stops the start with one clear line per problem.
 */
import path from "node:path";
import { z } from "zod";
import { brand } from "#core/brand";
import { isPlainAddress, parseMailbox } from "#core/mail-address";

const boolFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "0", "1", "true", "false", "on", "off", "yes", "no"].includes(v), "must be on/off, true/false or 1/0")
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

/** A whole number of days, at least `min`, at most 100 years. */
function retentionDays(fallback: number, min: number) {
  return z.coerce
    .number({ error: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(min, `must be at least ${min} days`)
    .max(36_500, "must be at most 36500 days")
    .default(fallback);
}

/** An instant of the enrollment window: ISO 8601 with its zone; empty or unset for none. */
const enrollmentInstant = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time with its zone, for example 2026-12-31T23:59:00-08:00" }).optional());

/** A 32-byte AES key (BACKUP_KEY, MFA_KEY): 64 hex digits or base64; empty or unset for none. */
const aesKey = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || backupKeyBytes(v) !== null, "must be 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`)");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Connections each instance keeps to PostgreSQL (instances × this must stay under max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number({ error: "must be a whole number from 1 to 200" }).int().min(1).max(200).default(10),
  /** How long SIGTERM waits for requests in flight before closing anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number({ error: "must be a number of seconds from 1 to 120" }).int().min(1).max(120).default(10),
  ADMIN_USERNAME: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined)),
  /** Base32 TOTP secret enrolled for the first super admin when she is created (automated installs, tests). */
  ADMIN_TOTP_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined))
    .refine((v) => v === undefined || /^[A-Z2-7]{16,128}$/.test(v), "must be a base32 secret of at least 16 characters"),
  /** Every staff member must sign in with a second factor (ADR 0053); 0 is for a trial install and warns at every start. */
  MFA_REQUIRED: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(boolFlag.optional())
    .transform((v) => v ?? true),
  /**
   * The AES-256-GCM key that seals the staff's authenticator secrets in the database (ADR 0108): 32 bytes as 64
   * hex digits or base64. Unset: one is generated into DATA_DIR/mfa.key at the first start. Several instances
   * (PostgreSQL) must all be given the same value.
   */
  MFA_KEY: aesKey,
  /**
   * The origin staff open the admin at, which passkeys are bound to (WebAuthn relying party);
   * defaults to PUBLIC_SITE_URL.
   */
  STAFF_ORIGIN: z
    .url({ error: "must be an absolute http(s) origin" })
    .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v), "must be an absolute http(s) origin without a path")
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined)),
  PUBLIC_SITE_URL: z
    .url({ error: "must be an absolute http(s) URL" })
    .refine((v) => /^https?:\/\//.test(v), "must be an absolute http(s) URL")
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  META_PIXEL_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^\d{5,20}$/.test(v), "must be the numeric pixel id"),
  TRUST_PROXY: boolFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Rate limit for public POSTs per client address per window (tests lower or raise it). */
  PUBLIC_POST_LIMIT: z.coerce.number().int().min(1).default(20),
  PUBLIC_POST_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Failed sign-ins allowed per username and client address pair per login window (ADR 0055). */
  LOGIN_MAX_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins allowed per username from everywhere per login window; a browser the member signed in
   * from before (known device) is not held by it (ADR 0055).
   */
  LOGIN_MAX_PER_USERNAME_GLOBAL: z.coerce.number().int().min(1).default(100),
  /** Sign-in attempts allowed per client address per login window. */
  LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A session ends after this long without use (sliding). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** A session ends this long after sign-in, used or not. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** smtp:// or smtps://user:pass@host:port; unset writes every email as an .eml file under DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isSmtpUrl(v), "must be an smtp:// or smtps:// URL with a host"),
  /** The From address of every email: `address` or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : `${brand.name} <${brand.contact.general}>`))
    .refine((v) => parseMailbox(v) !== null, "must be an email address, or Name <address>, on one line"),
  /** Staff addresses alerted on each new application and contact message (comma list). */
  STAFF_NOTIFY_TO: addressList(),
  /** Contact alerts by reason: `reason=address,reason=address` (falls back to STAFF_NOTIFY_TO). */
  STAFF_NOTIFY_BY_REASON: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const out: Record<string, string> = {};
      for (const part of (v ?? "").split(",").map((x) => x.trim()).filter(Boolean)) {
        const [reason, address] = part.split("=").map((x) => x.trim());
        if (!reason || !address || !isPlainAddress(address)) {
          ctx.addIssue({ code: "custom", message: "must be reason=address pairs separated by commas" });
          return z.NEVER;
        }
        out[reason] = address.toLowerCase();
      }
      return out;
    }),
  /** Signs unsubscribe links; unset: generated once and kept in the database (table app_secrets). */
  UNSUBSCRIBE_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
  /** Webhook endpoints may use http:// (local testing only; ADR 0067). Default off: https only. */
  WEBHOOK_ALLOW_HTTP: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(boolFlag.optional())
    .transform((v) => v ?? false),
  /** Webhooks may be delivered to loopback, private and link-local addresses (local testing only). Default off. */
  WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(boolFlag.optional())
    .transform((v) => v ?? false),
  /** Requests per minute one API key may make (ADR 0068). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number({ error: "must be a whole number from 1 to 100000" }).int().min(1).max(100_000).default(600),
  /** Days finished webhook deliveries and their attempt logs are kept. */
  WEBHOOK_RATE_PER_SECOND: z.coerce.number({ error: "must be a number of deliveries a second from 1 to 10000" }).min(1).max(10000).default(200),
  WEBHOOK_RETENTION_DAYS: z.coerce.number({ error: "must be a whole number of days from 1 to 3650" }).int().min(1).max(3650).default(30),
  /** Delivery attempts before an email ends `failed`. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Below this much free space on DATA_DIR's disk, submissions are answered 503 (ADR 0037). */
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  /** Emails handed to the transport per second at most, so a backlog drains without flooding (ADR 0036). */
  MAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  /**
   * Where emails are rendered and handed to the transport: "process", a child process at a lower CPU
   * priority, so a backlog never slows the pages and forms (ADR 0066); "inline", in the server's process.
   */
  MAIL_COURIER: z.enum(["process", "inline"]).default("process"),
  /**
   * Confirmations and acknowledgements (emails to the address a visitor typed) sent per hour at most, by
   * every instance together; above it they are held back and counted in the Outbox tab (ADR 0056).
   */
  MAIL_HOURLY_CEILING: z.coerce
    .number({ error: "must be a whole number of emails from 1 to 100000" })
    .int("must be a whole number of emails from 1 to 100000")
    .min(1, "must be at least 1")
    .max(100_000, "must be at most 100000")
    .default(200),
  /** While the email transport is out, seconds between the probes that check whether it is back. */
  MAIL_PROBE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Places in the pilot: offers beyond this are refused (default: the brand's number of places). The first value
   * only: a super admin changes it in the admin (ADR 0091).
   */
  PILOT_CAPACITY: z.coerce.number({ error: "must be a whole number from 1 to 100000" }).int().min(1).max(100_000).default(brand.pilot.spots),
  /** When enrollment opens and closes, ISO 8601 with a zone; unset: no such end. First values, like PILOT_CAPACITY. */
  PILOT_ENROLLMENT_OPENS_AT: enrollmentInstant,
  PILOT_ENROLLMENT_CLOSES_AT: enrollmentInstant,
  /** Days an offered place waits for the applicant's answer before it expires and goes to the waitlist. */
  OFFER_DAYS: z.coerce.number({ error: "must be a whole number of days from 1 to 60" }).int().min(1).max(60).default(7),
  /**
   * Hours before an offer's deadline at which an applicant who has not answered is reminded (0: no reminders). An
   * offer shorter than twice this is reminded halfway through instead.
   */
  OFFER_REMINDER_HOURS: z.coerce.number({ error: "must be a whole number of hours from 0 to 720" }).int().min(0).max(720).default(48),
  /** Seconds a staff stage move can be undone; its emails wait that long in the outbox (0: sent at once, no undo). */
  MOVE_UNDO_SECONDS: z.coerce.number({ error: "must be a whole number of seconds from 0 to 3600" }).int().min(0).max(3600).default(60),
  /** Days in one open stage after which the Funnel tab lists an applicant as stuck. */
  PIPELINE_STUCK_DAYS: z.coerce.number({ error: "must be a whole number of days from 1 to 365" }).int().min(1).max(365).default(7),
  /** The assessment instructions the invitation email links to: a path on the site or an absolute https URL. */
  ASSESSMENT_URL: z
    .string()
    .trim()
    .default("/ovellaiq")
    .refine((v) => v.startsWith("/") || /^https?:\/\/[^\s]+$/i.test(v), "must be a path starting with / or an http(s) URL"),
  /** Days an application is kept after submission before the scheduled purge removes it (ADR 0012). */
  RETENTION_DAYS_APPLICATIONS: retentionDays(730, 1),
  /** Days a contact message is kept after it was sent (ADR 0012). */
  RETENTION_DAYS_MESSAGES: retentionDays(365, 1),
  /** Days audit events and closed privacy requests are kept; CCPA wants request records for 24 months. */
  RETENTION_DAYS_AUDIT: retentionDays(2190, 730),
  /**
   * Key of the HMAC that names a person in the audit log and privacy requests without their address.
   * Unset: one is generated and kept in the database (table app_secrets), shared by every instance.
   */
  PRIVACY_HASH_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters (for example `openssl rand -hex 32`)"),
  /** Where the embedded database's encrypted backups are written (ADR 0063); unset: no backups. */
  BACKUP_DIR: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  /** Hours between scheduled backups; 0 = only on demand (the admin's "Back up now", `npm run backup`). */
  BACKUP_EVERY_HOURS: z.coerce.number({ error: "must be a number of hours from 0 to 8760" }).min(0).max(8760).default(24),
  /** Backups kept; older ones are removed after each new backup. */
  BACKUP_KEEP: z.coerce.number({ error: "must be a whole number from 1 to 1000" }).int().min(1).max(1000).default(7),
  /** The AES-256-GCM key of the backups: 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
  BACKUP_KEY: aesKey,
}).superRefine((env, ctx) => {
  if (env.BACKUP_DIR && !env.BACKUP_KEY) {
    ctx.addIssue({ code: "custom", path: ["BACKUP_KEY"], message: "is required when BACKUP_DIR is set: backups are never written unencrypted" });
  }
  if (env.BACKUP_DIR && isInside(path.resolve(env.BACKUP_DIR), path.resolve(env.DATA_DIR, "pglite"))) {
    ctx.addIssue({ code: "custom", path: ["BACKUP_DIR"], message: "must not be inside the database's own directory (DATA_DIR/pglite)" });
  }
});

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The 32 key bytes of BACKUP_KEY or MFA_KEY (64 hex digits, or base64/base64url of 32 bytes); null when it is neither. */
export function backupKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function addressList() {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "").split(",").map((x) => x.trim()).filter(Boolean);
      const bad = list.filter((a) => !isPlainAddress(a));
      if (bad.length > 0) {
        ctx.addIssue({ code: "custom", message: "must be a comma list of email addresses" });
        return z.NEVER;
      }
      return list.map((a) => a.toLowerCase());
    });
}

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  return result.data;
}
