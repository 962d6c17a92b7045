/**
 * Standard Webhooks signing (ADR 0067): secrets are `whsec_` + base64 of 32 random bytes; a signature is
 * `v1,` + base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the secret's bytes.
 * Several signatures travel space-separated (the current secret and, for a day after a rotation, the previous).
 */
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac("sha256", secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The webhook-signature header: one signature per secret still signing. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(" ");
}

/**
 * What `privacy.erased` carries instead of the address: hex HMAC-SHA256 of the trimmed, lower-cased address
 * keyed with the endpoint's secret bytes, so that receiver (and nobody else) can match it against its copy.
 */
export function subjectHmac(secret: string, email: string): string {
  return createHmac("sha256", secretBytes(secret)).update(email.trim().toLowerCase()).digest("hex");
}
