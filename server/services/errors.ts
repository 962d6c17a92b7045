/**
 * The one way a service refuses: it throws a ServiceError of a kind; it never returns a failure value.
 * The HTTP layer maps each kind to a status (../http/errors.ts), the command line to a message.
 */
export type ServiceErrorKind = "invalid" | "unauthenticated" | "forbidden" | "not_found" | "gone" | "conflict" | "unprocessable" | "too_many";

export class ServiceError extends Error {
  constructor(
    public readonly kind: ServiceErrorKind,
    message: string,
    /** Field-level messages of an "invalid" refusal, keyed by field name. */
    public readonly errors?: Record<string, string[]>,
    /** A stable code for a refusal a client tells apart from others of its kind (the body's `code`). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

/** A limit reached: answered 429 with `Retry-After` (seconds until the limit's window resets). */
export class TooManyError extends ServiceError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super("too_many", message);
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
