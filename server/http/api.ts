/**
 * The HTTP API (/api/*): one router, JSON in and out, mounted by the Express shell.
 * Each resource's routes live in ./routes; they call domain services in ../services.
 */
import { Router } from "express";
import type { AppDeps } from "../deps";
import { jsonBody } from "./body";
import { apiErrorHandler, apiNotFound } from "./errors";

export function createApiRouter(deps: AppDeps): Router {
  const router = Router();
  router.use((_req, res, next) => {
    // Everything under /api may carry personal data: never cached anywhere.
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(jsonBody);
  void deps;
  router.use(apiNotFound);
  router.use(apiErrorHandler);
  return router;
}
