/** HTTP errors with the contract's JSON body: {"message": "…", "errors"?: {field: [messages]}}. */
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { z } from "zod";
import { fieldErrors } from "#core/validation";

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

export function validationError(error: z.ZodError): HttpError {
  return new HttpError(400, "Validation failed", fieldErrors(error));
}

/** Parses `input` with a shared schema or throws the contract's 400. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new HttpError(404, "Not found"));

/** Turns every error into the contract's JSON; bad input never becomes a 500. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status = 500;
  let body: { message: string; errors?: Record<string, string[]> } = { message: "Internal server error" };
  let headers: Record<string, string> | undefined;
  if (err instanceof HttpError) {
    status = err.status;
    body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
    headers = err.headers;
  } else if (typeof err === "object" && err !== null && "type" in err) {
    // Errors raised by express.json() (body-parser).
    const type = (err as { type?: string }).type;
    if (type === "entity.too.large") {
      status = 413;
      body = { message: "Request body is too large" };
    } else if (type === "entity.parse.failed") {
      status = 400;
      body = { message: "Malformed JSON body" };
    } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
      status = 415;
      body = { message: "Unsupported content encoding" };
    } else if (type === "request.aborted" || type === "request.size.invalid") {
      status = 400;
      body = { message: "Malformed request body" };
    }
  }
  if (status >= 500) {
    req.log?.error({ err }, "request failed");
  }
  if (headers) res.set(headers);
  res.status(status).json(body);
};
