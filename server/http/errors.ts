/**
 * Errors and the contract's JSON error body: {"message": "…", "errors"?: {field: [messages]}}.
 *
 * One idiom from a service to an HTTP answer: a service refuses by throwing a ServiceError (its kind
 * maps to a status below); the HTTP layer throws an HttpError for what only HTTP knows (a malformed path
 * id or header, a rate limit with its Retry-After). Route handlers are plain async functions: Express 5
 * passes a rejected promise to `apiErrorHandler`, the one place that writes an error answer.
 */
import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { z } from "zod";
import { fieldErrors } from "#core/validation";
import { isDatabaseUnavailable } from "../db/unavailable";
import { ServiceError, TooManyError } from "../services/errors";
import { ANSWER_EN } from "#core/i18n/answer-en";

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function validationError(error: z.ZodError, message = "Validation failed"): HttpError {
  return new HttpError(400, message, fieldErrors(error));
}

/**
 * Parses `input` with a shared schema or throws the contract's 400. `inLanguage` words the answer in another
 * language than English: its summary, and Zod's own messages where a schema names none (server/http/language.ts).
 */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  input: unknown,
  inLanguage?: { message: string; zodErrors: z.core.$ZodErrorMap },
): z.output<S> {
  const result = inLanguage ? schema.safeParse(input, { error: inLanguage.zodErrors }) : schema.safeParse(input);
  if (!result.success) throw validationError(result.error, inLanguage?.message);
  return result.data;
}

const SERVICE_STATUS: Record<ServiceError["kind"], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  unprocessable: 422,
  too_many: 429,
};

/**
 * What a failure log may say: the error's kind, database code and stack frames, never its
 * message text when that could quote SQL parameters (personal data, password hashes).
 */
export function safeErrorSummary(err: unknown): Record<string, unknown> {
  if (typeof err !== "object" || err === null) return { type: typeof err };
  const summary: Record<string, unknown> = { type: err.constructor?.name ?? "Object" };
  let cause: unknown = err;
  for (let depth = 0; depth < 4 && typeof cause === "object" && cause !== null; depth++) {
    if ("code" in cause && typeof cause.code === "string") summary.code = cause.code;
    if ("constraint" in cause && typeof cause.constraint === "string") summary.constraint = cause.constraint;
    cause = "cause" in cause ? cause.cause : undefined;
  }
  if ("stack" in err && typeof err.stack === "string") {
    summary.at = err.stack
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 8)
      .map((line) => line.trim());
  }
  return summary;
}

/** Seconds a client is asked to wait while the database does not answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
export const UNAVAILABLE_MESSAGE = ANSWER_EN["answer.unavailable"];

export const MALFORMED_PATH_MESSAGE = "Malformed percent-encoding in the request path";

/** The 4xx status an http-errors style error carries (`status` or `statusCode`), if any. */
function clientErrorStatus(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && Number.isInteger(value) && value >= 400 && value < 500 ? value : undefined;
}

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new HttpError(404, "Not found"));

/** Turns every error into the contract's JSON; bad input never becomes a 500. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status = 500;
  let body: { message: string; errors?: Record<string, string[]>; code?: string } = { message: "Internal server error" };
  let headers: Record<string, string> | undefined;
  if (err instanceof HttpError) {
    status = err.status;
    body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
    headers = err.headers;
  } else if (err instanceof ServiceError) {
    status = SERVICE_STATUS[err.kind];
    body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
    // A service's own limit: when its window lets the next attempt through.
    if (err instanceof TooManyError) headers = { "Retry-After": String(err.retryAfterSeconds) };
    if (err.code) body.code = err.code;
  } else if (err instanceof URIError) {
    // A path whose percent-encoding does not decode (`%E0%A4%A`): the router cannot read its parameters.
    status = 400;
    body = { message: MALFORMED_PATH_MESSAGE };
  } else if (isDatabaseUnavailable(err)) {
    // The database is away (stopped, restarting, unreachable): a temporary condition, never a 500.
    status = 503;
    body = { message: UNAVAILABLE_MESSAGE };
    headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) };
  } else if (typeof err === "object" && err !== null && "type" in err) {
    // Errors raised by express.json() (body-parser).
    const type = (err as { type?: string }).type;
    if (type === "entity.too.large") {
      status = 413;
      body = { message: ANSWER_EN["answer.tooLarge"] };
    } else if (type === "entity.parse.failed") {
      status = 400;
      body = { message: ANSWER_EN["answer.malformedJson"] };
    } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
      status = 415;
      body = { message: ANSWER_EN["answer.encoding"] };
    } else if (type === "request.aborted" || type === "request.size.invalid") {
      status = 400;
      body = { message: ANSWER_EN["answer.malformed"] };
    }
  }
  if (status === 500 && clientErrorStatus(err) !== undefined) {
    // Any other refusal a middleware raised with a 4xx status (http-errors style): the request is wrong.
    status = clientErrorStatus(err) ?? 400;
    body = { message: "Malformed request" };
  }
  if (status === 503) {
    req.log?.warn({ failure: safeErrorSummary(err) }, "database unavailable");
  } else if (status >= 500) {
    req.log?.error({ failure: safeErrorSummary(err) }, "request failed");
  }
  if (res.headersSent) return;
  if (headers) res.set(headers);
  res.status(status).json(body);
};

/** The visitor went away before the answer was sent (a page left while a script or report was in flight). */
function isClientGone(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, type } = err as { code?: unknown; type?: unknown };
  return code === "ECONNABORTED" || code === "ECONNRESET" || type === "request.aborted";
}

/**
 * The last handler of everything outside the JSON API (assets, reports, health checks): a client that went
 * away is not an error; a refusal keeps its 4xx status; anything else is logged through the structured logger
 * (never Express's default, which prints the whole error to stderr) and answered with a short 500.
 */
export const siteErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const gone = isClientGone(err);
  const refused = clientErrorStatus(err);
  if (gone) req.log?.debug("client went away before the answer");
  else if (refused === undefined) req.log?.error({ failure: safeErrorSummary(err) }, "request failed");
  if (res.headersSent || gone) {
    // Part of the answer is out (or nobody is listening): the connection cannot carry an error answer.
    res.destroy();
    return;
  }
  const status = refused ?? 500;
  res
    .status(status)
    .type("text/plain")
    .send(status === 500 ? "Something went wrong on our side. Please try again." : (STATUS_CODES[status] ?? "Bad request"));
};
