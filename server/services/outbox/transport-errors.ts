/**
 * How the sender reads a failed delivery: a short line without addresses for logs and the Outbox tab, an
 * outage of the transport itself (ADR 0036), or a permanent refusal of this one email.
 */
const EMAIL_PATTERN = /[^\s<>@"',;:]+@[^\s<>@"',;:]+/g;

/** An error as one short line without addresses (SMTP replies often quote the recipient). */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts: string[] = [];
  if (typeof e.responseCode === "number") parts.push(String(e.responseCode));
  if (typeof e.code === "string") parts.push(e.code);
  const message = typeof e.message === "string" ? e.message : String(error);
  parts.push(message.replace(EMAIL_PATTERN, "<address>").replace(/\s+/g, " ").slice(0, 300));
  return parts.join(" ");
}

/** nodemailer's codes for a transport that cannot be reached or used, and the file transport's disk errors. */
const OUTAGE_CODES = new Set([
  "ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EAUTH", "ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH",
  "ENOSPC", "EDQUOT", "EIO", "EROFS", "EACCES",
  // The courier process stopped (ADR 0066): the next probe starts it again.
  "ECOURIER",
]);

/** The transport is out (the next email would fail the same way), as opposed to this email being refused. */
export function isTransportOutage(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  if (typeof e.code === "string" && OUTAGE_CODES.has(e.code)) return true;
  if (e.command === "CONN" || e.command === "GREETING") return true;
  // 421: "service not available, closing transmission channel".
  return e.responseCode === 421;
}

export function isPermanent(error: unknown): boolean {
  const e = error as { permanent?: unknown; responseCode?: unknown };
  if (e.permanent === true) return true;
  return typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503;
}

