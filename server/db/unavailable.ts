/**
 * Tells a database that does not answer (server stopped, restarting, unreachable, out of connections,
 * an embedded database already closed) from every other failure, on both engines. Errors are walked
 * through their `cause` chain because Drizzle wraps driver errors.
 */

/** Socket-level failures of a connection to the database server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // The disk refused a write or a sync (full, over quota, failing): nothing is acknowledged meanwhile.
  "ENOSPC",
  "EDQUOT",
]);

/**
 * PostgreSQL SQLSTATEs that mean "the server is not available right now": class 08 (connection
 * exception), 57P01..57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections),
 * 53100 (disk full).
 */
function isUnavailableSqlState(code: string): boolean {
  // 53100: disk full.
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300" || code === "53100";
}

const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const code = "code" in current && typeof current.code === "string" ? current.code : undefined;
    if (code && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)))) return true;
    const message = "message" in current && typeof current.message === "string" ? current.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    // The embedded database's commit could not be made durable (../db/durable-fs.ts).
    if ("name" in current && current.name === "DurabilityError") return true;
    if ("errors" in current && Array.isArray(current.errors) && current.errors.some(isDatabaseUnavailable)) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
