/**
 * The submission calls' answers other than a 400 in her language (ADR 0112): a body too large (413) or not JSON (415),
 * a malformed body or Idempotency-Key (400), a submission deleted since (410), a key reused (422), too many
 * submissions (429), the database or the disk away (503). Each is raised where it always was, in English, by a body
 * parser, a limiter or a service, before or after the body is read; this guard, mounted in front of them on
 * `POST /api/applications` and `POST /api/contact`, says it again in the submission's language as the answer is sent
 * (the body's `preferred_language` when it was read, else `Accept-Language`). English answers pass unchanged; a 400 of
 * the form's rules is already in her language (./language.ts) and its text is no answer of this catalogue.
 */
import type { RequestHandler } from "express";
import { ANSWER_EN, type AnswerMessageKey } from "#core/i18n/answer-en";
import { ANSWER_ES } from "#core/i18n/answer-es";
import { formatMessage } from "#core/i18n/catalogue";
import { submissionLanguage } from "./language";

/** Each English answer of the catalogue by its words (the too-many answer is known by its status). */
const KEY_OF: ReadonlyMap<string, AnswerMessageKey> = new Map(
  Object.entries(ANSWER_EN).flatMap(([key, message]) => (typeof message === "string" ? [[message, key as AnswerMessageKey]] : [])),
);

function keyOf(status: number, message: string): AnswerMessageKey | undefined {
  if (status === 429) return "answer.tooMany";
  return KEY_OF.get(message);
}

export const answersInHerLanguage: RequestHandler = (req, res, next) => {
  if (req.method !== "POST") return next();
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    const status = res.statusCode;
    if (status < 400 || typeof body !== "object" || body === null || typeof (body as { message?: unknown }).message !== "string") return json(body);
    const language = submissionLanguage(req.body, req.get("accept-language"));
    const key = language === "es" ? keyOf(status, (body as { message: string }).message) : undefined;
    if (!key) return json(body);
    const retryAfter = Number(res.getHeader("Retry-After"));
    const minutes = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.max(1, Math.ceil(retryAfter / 60)) : 1;
    return json({ ...body, message: formatMessage(language, ANSWER_ES[key], { minutes }) });
  };
  next();
};
