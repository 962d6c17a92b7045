/**
 * JSON-only request bodies: 415 for another content type, 413 over 32 KiB, 400 when malformed.
 * Text the database cannot store (NUL, lone surrogates) is refused next, by ./storable.ts.
 */
import express, { type RequestHandler } from "express";
import { ANSWER_EN } from "#core/i18n/answer-en";
import { HttpError } from "./errors";

export const MAX_BODY_BYTES = 32 * 1024;

const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

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
    return next(new HttpError(415, ANSWER_EN["answer.contentType"]));
  }
  parseJson(req, res, next);
};
