/**
 * Public submissions: POST /api/applications and POST /api/contact. The specification's staff calls on
 * the same paths (GET the whole list, DELETE one record) are aliases of the admin's, defined with them
 * (./admin-lists, `specAliasesRouter`).
 */
import { randomUUID } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { IDEMPOTENCY_KEY_PATTERN } from "#core/contracts/common";
import type { ApplicationCreated, ContactCreated } from "#core/contracts/submissions";
import { ANSWER_EN } from "#core/i18n/answer-en";
import { HttpError, parseOr400 } from "../errors";
import { submissionLanguage, submissionsIn } from "../language";
import type { Submitted } from "../../services/submissions";
import { publicPostLimiter, type RouteContext } from "./context";

const SUBMISSIONS_LEAD = "Too many submissions from your network.";

/** The optional Idempotency-Key header, checked (400 when malformed). */
function idempotencyKey(req: Request): string | undefined {
  const key = req.get("idempotency-key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, ANSWER_EN["answer.idempotencyKey"]);
  }
  return key;
}

/**
 * Writes a submission's JSON answer in one write: the same status, body and Content-Type as `res.json`,
 * without its per-answer work (an ETag hashed from the body, which a `no-store` answer to a POST never
 * uses, the charset parsed back out of the header, the body copied into a Buffer).
 */
function sendJson(res: Response, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/** Sends a submission's answer (a key reused for other content is refused by the service, 422). */
async function answer(res: Response, submit: () => Promise<Submitted>): Promise<void> {
  const result = await submit();
  if (result.replayed) res.setHeader("Idempotent-Replayed", "true");
  sendJson(res, result.status, result.body);
}

/** A filled honeypot: answered like a success, nothing stored. */
function isBot(website: string | undefined): boolean {
  return typeof website === "string" && website.trim() !== "";
}

export function applicationsRouter(ctx: RouteContext): Router {
  const { services, deps } = ctx;
  const router = Router();

  router.post("/", publicPostLimiter(ctx, "post-application", SUBMISSIONS_LEAD), async (req, res) => {
    // Her language: the body's, else her browser's (ADR 0110); the answer, a 400's messages included, is in it.
    const language = submissionLanguage(req.body, req.get("accept-language"));
    const { schemas, answer: words } = submissionsIn(language);
    const data = { ...parseOr400(schemas.application, req.body, words), preferred_language: language };
    const key = idempotencyKey(req);
    if (isBot(data.website)) {
      sendJson(res, 201, { id: randomUUID(), submitted_at: deps.now().toISOString() } satisfies ApplicationCreated);
      return;
    }
    const cookies = { fbc: req.get("fbc"), fbp: req.get("fbp") };
    await answer(res, () => services.submissions.createApplication(data, cookies, { idempotencyKey: key }));
  });

  return router;
}

export function contactRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();

  router.post("/", publicPostLimiter(ctx, "post-contact", SUBMISSIONS_LEAD), async (req, res) => {
    const language = submissionLanguage(req.body, req.get("accept-language"));
    const { schemas, answer: words } = submissionsIn(language);
    const data = { ...parseOr400(schemas.contact, req.body, words), preferred_language: language };
    const key = idempotencyKey(req);
    if (isBot(data.website)) {
      sendJson(res, 201, { id: randomUUID() } satisfies ContactCreated);
      return;
    }
    await answer(res, () => services.submissions.createContactMessage(data, { idempotencyKey: key }));
  });

  return router;
}
