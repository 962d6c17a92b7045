/** JSON-only request bodies: 415 for another content type, 413 over 32 KiB, 400 when malformed. */
import express, { type RequestHandler } from "express";
import { HttpError } from "./errors";

export const MAX_BODY_BYTES = 32 * 1024;

/** NUL characters never belong in form text, and PostgreSQL cannot store them: they are dropped. */
export function dropNul(_key: string, value: unknown): unknown {
  return typeof value === "string" && value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

/** Drops NUL characters from every string of a parsed body (only when the raw text had a `\u0000` escape). */
function dropNulDeep(value: unknown): unknown {
  if (typeof value === "string") return dropNul("", value);
  if (Array.isArray(value)) return value.map(dropNulDeep);
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) object[key] = dropNulDeep(object[key]);
  }
  return value;
}

// JSON cannot carry a raw NUL inside a string (control characters must be escaped), so a body holds one
// only through a `\u0000` escape: parsing with a reviver (a call per value, the slow path of JSON.parse)
// is paid only by the bodies that have one.
const NUL_ESCAPE = Buffer.from("\\u0000");
const hasNulEscape = new WeakSet<object>();
const parseJson = express.json({
  limit: MAX_BODY_BYTES,
  strict: true,
  type: () => true,
  verify: (req, _res, buffer) => {
    if (buffer.includes(NUL_ESCAPE)) hasNulEscape.add(req);
  },
});

export const jsonBody: RequestHandler = (req, res, next) => {
  const method = req.method.toUpperCase();
  if (method !== "POST" && method !== "PUT" && method !== "PATCH") return next();
  const length = Number(req.headers["content-length"] ?? "0");
  const hasBody = length > 0 || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) {
    req.body = {};
    return next();
  }
  if (!req.is("application/json")) {
    return next(new HttpError(415, "Content-Type must be application/json"));
  }
  parseJson(req, res, (error?: unknown) => {
    if (!error && hasNulEscape.has(req)) req.body = dropNulDeep(req.body);
    next(error);
  });
};
