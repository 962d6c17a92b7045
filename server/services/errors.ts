/** Outcomes a service refuses; the HTTP layer maps them to statuses, the CLI to messages. */
export type ServiceErrorKind = "invalid" | "not_found" | "conflict";

export class ServiceError extends Error {
  constructor(
    public readonly kind: ServiceErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

/** PostgreSQL unique_violation, as raised by pg and by PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === "object" && current !== null && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return false;
}
