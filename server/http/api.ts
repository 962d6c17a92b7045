/**
 * The HTTP API (/api/*): one router, JSON in and out, mounted by the Express shell.
 * Each resource's routes live in ./routes; they call the domain services the composition root built.
 */
import { Router } from "express";
import type { AppDeps } from "../deps";
import { answersInHerLanguage } from "./answer-language";
import { jsonBody } from "./body";
import { apiErrorHandler, apiNotFound } from "./errors";
import { refuseUnstorableText } from "./storable";
import { refuseWritesWhenDiskFull } from "./disk-space";
import { adminListsRouter, specAliasesRouter } from "./routes/admin-lists";
import { authRouter } from "./routes/auth";
import { factorsRouter } from "./routes/factors";
import type { RouteContext } from "./routes/context";
import { pipelineRouter } from "./routes/pipeline";
import { pilotRouter } from "./routes/pilot";
import { applicantRouter } from "./routes/applicant";
import { applicantDetailsRouter } from "./routes/applicant-details";
import { assessmentRouter } from "./routes/assessment";
import { consultRouter } from "./routes/consult";
import { privacyRouter } from "./routes/privacy";
import { applicationsRouter, contactRouter } from "./routes/submissions";
import { outboxRouter } from "./routes/outbox";
import { openApiRouter } from "./routes/openapi";
import { systemRouter } from "./routes/system";
import { usersRouter } from "./routes/users";
import { webhooksRouter } from "./routes/webhooks";
import { apiKeysRouter } from "./routes/api-keys";

export function createApiRouter(deps: AppDeps): Router {
  const ctx: RouteContext = { deps, services: deps.services };

  const router = Router();
  router.use((_req, res, next) => {
    // Everything under /api may carry personal data: never cached anywhere.
    res.set("Cache-Control", "no-store");
    next();
  });
  // Before the body parser and the limiters: their refusals of a submission are said in her language (ADR 0112).
  router.use(["/applications", "/contact"], answersInHerLanguage);
  router.use(jsonBody);
  router.use(refuseUnstorableText);
  router.use(["/applications", "/contact"], refuseWritesWhenDiskFull(deps.disk));
  router.use("/applications", applicationsRouter(ctx));
  router.use("/contact", contactRouter(ctx));
  router.use(specAliasesRouter(ctx));
  router.use("/auth", authRouter(ctx));
  router.use("/factors", factorsRouter(ctx));
  router.use("/users", usersRouter(ctx));
  router.use("/outbox", outboxRouter(ctx));
  router.use("/privacy", privacyRouter(ctx));
  router.use("/system", systemRouter(ctx));
  router.use("/admin/webhooks", webhooksRouter(ctx));
  router.use("/admin/api-keys", apiKeysRouter(ctx));
  router.use(pilotRouter(ctx));
  router.use(applicantRouter(ctx));
  router.use(applicantDetailsRouter(ctx));
  router.use(consultRouter(ctx));
  router.use("/admin", pipelineRouter(ctx));
  router.use("/admin", assessmentRouter(ctx));
  router.use("/admin", adminListsRouter(ctx));
  router.use(openApiRouter());
  router.use(apiNotFound);
  router.use(apiErrorHandler);
  return router;
}
