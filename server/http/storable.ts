/**
 * The last guard before any route: a request whose JSON body or query string holds text the database
 * cannot store (a NUL, a lone UTF-16 surrogate) gets the contract's 400, naming the field, whatever the
 * route. The shared schemas refuse the same text with the same message; this guard also covers the
 * inputs no schema reads (unknown keys, a privacy correction's fields before they are merged). A public
 * submission is answered in its language, as its schema would (ADR 0110).
 */
import type { RequestHandler } from "express";
import { isStorableText } from "#core/storable";
import { HttpError } from "./errors";
import { refusalWords, submissionLanguage } from "./language";

/** The public submissions (under /api), whose answers are in the submission's language. */
const SUBMISSION_PATHS: ReadonlySet<string> = new Set(["/applications", "/contact"]);

const MAX_DEPTH = 32;

/** The top-level field that holds unstorable text (or `_` for the body itself), if any. */
export function firstUnstorableField(value: unknown, field = "_", depth = 0): string | undefined {
  if (typeof value === "string") return isStorableText(value) ? undefined : field;
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const name = depth === 0 ? key : field;
    if (!isStorableText(key)) return name;
    const found = firstUnstorableField(inner, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const field = firstUnstorableField(req.query) ?? firstUnstorableField(req.body);
  if (field === undefined) return next();
  const submission = req.method === "POST" && SUBMISSION_PATHS.has(req.path.replace(/\/$/, ""));
  const words = refusalWords(submission ? submissionLanguage(req.body, req.get("accept-language")) : "en");
  next(new HttpError(400, words.summary, { [field]: [words.unstorable] }));
};
