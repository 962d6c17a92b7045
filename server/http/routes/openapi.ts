/** GET /api/openapi.json: the OpenAPI 3.1 description of every call (built once, ../openapi.ts). */
import { Router } from "express";
import { openApiDocument } from "../openapi";

export function openApiRouter(): Router {
  const router = Router();
  const document = openApiDocument();
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
