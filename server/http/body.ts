/** JSON-only request bodies: 415 for another content type, 413 over 32 KiB, 400 when malformed. */
import express, { type RequestHandler } from "express";
import { HttpError } from "./errors";

export const MAX_BODY_BYTES = 32 * 1024;

/** NUL characters never belong in form text, and PostgreSQL cannot store them: they are dropped. */
export function dropNul(_key: string, value: unknown): unknown {
  return typeof value === "string" && value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true, reviver: dropNul });

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
  parseJson(req, res, next);
};
