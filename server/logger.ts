/**
 * Structured logs (pino). Redaction is a second line of defence: code never logs request bodies,
 * and these paths are censored if something tries.
 */
import { pino, type Logger } from "pino";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers.fbc",
  "req.headers.fbp",
  'res.headers["set-cookie"]',
  "password",
  "newPassword",
  "token",
  "*.password",
  "*.newPassword",
  "*.token",
  "body",
  "*.body",
];

export function createLogger(level: string = "info"): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { app: "ovella" } });
}

export type { Logger };
