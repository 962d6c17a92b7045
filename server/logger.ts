/**
 * Structured logs (pino). Redaction is a second line of defence: code never logs request bodies,
 * and these paths are censored if something tries.
 */
import { pino, type DestinationStream, type Logger } from "pino";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers.fbc",
  "req.headers.fbp",
  'res.headers["set-cookie"]',
  "password",
  "newPassword",
  "token",
  "authorization",
  "*.password",
  "*.newPassword",
  "*.token",
  "body",
  "*.body",
];

/** `destination` defaults to stdout; tests pass a stream to read what was logged. */
export function createLogger(level: string = "info", destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { app: "ovella" } };
  // stdout is written in 4 KiB batches off the request path (measured on the submission hot path);
  // pino flushes what is buffered when the process exits.
  return destination ? pino(options, destination) : pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}

export type { Logger };
