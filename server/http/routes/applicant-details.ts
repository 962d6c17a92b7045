/**
 * Her details and email choices over the API (ADR 0099); the page is /a/{token}/details:
 *   GET  /api/applicant/:token/details        her address, phone, a new address waiting, her email choices → 200
 *   PUT  /api/applicant/:token/contact        `{ email, phone }` → 200; a new address is confirmed from a link sent to it
 *   PUT  /api/applicant/:token/preferences    `{ reminders, news }` → 200
 *   PUT  /api/applicant/:token/language       `{ language: "en" | "es" }` → 200; her pages and emails from now on (ADR 0112)
 *   POST /api/applicant/email-change/:token   the link of the confirmation email → 200 `{ email }`; 404 unknown or expired
 * A link that opens no application answers 404; a new address asked for too often in a day, 429.
 */
import { Router } from "express";
import type { ApplicantDetailsResult } from "../../services/applicant";
import { HttpError } from "../errors";
import { publicPostLimiter, type RouteContext } from "./context";

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function answer(result: ApplicantDetailsResult) {
  if (result.state !== "open") throw new HttpError(404, "This link does not open an application. Ask for a fresh one on the site.");
  const { email, phone, pendingEmail, reminders, news, language } = result;
  return { email, phone, pendingEmail, reminders, news, language };
}

export function applicantDetailsRouter(ctx: RouteContext): Router {
  const { services } = ctx;
  const router = Router();
  const limiter = publicPostLimiter(ctx, "applicant-details", "Too many changes from your network.");

  router.get("/applicant/:token/details", async (req, res) => {
    const result = await services.applicant.details(req.params.token);
    res.set(PRIVATE).json(answer(result));
  });

  router.put("/applicant/:token/contact", limiter, async (req, res) => {
    const result = await services.applicant.updateContact(req.params.token, req.body);
    res.set(PRIVATE).json({ ...answer(result), emailConfirmationSent: result.emailConfirmationSent === true });
  });

  router.put("/applicant/:token/preferences", limiter, async (req, res) => {
    const result = await services.applicant.setPreferences(req.params.token, req.body);
    res.set(PRIVATE).json(answer(result));
  });

  router.put("/applicant/:token/language", limiter, async (req, res) => {
    const result = await services.applicant.setLanguage(req.params.token, req.body);
    res.set(PRIVATE).json(answer(result));
  });

  router.post("/applicant/email-change/:token", limiter, async (req, res) => {
    const result = await services.applicant.confirmEmailChange(req.params.token);
    if (result.state !== "confirmed") {
      throw new HttpError(404, result.state === "expired" ? "This confirmation link has expired. Ask again from your application's page." : "This confirmation link does not work.");
    }
    res.set(PRIVATE).json({ email: result.email });
  });

  return router;
}
