/**
 * Process configuration, read once from the environment and validated at start.
 * A bad variable stops the start with one clear line per problem.
 */
import { z } from "zod";

const boolFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "0", "1", "true", "false", "on", "off", "yes", "no"].includes(v), "must be on/off, true/false or 1/0")
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

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
  /** Failed sign-ins allowed per username per login window (short, so nobody is locked out for long). */
  LOGIN_MAX_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts allowed per client address per login window. */
  LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A session ends after this long without use (sliding). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** A session ends this long after sign-in, used or not. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
});

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
