/**
 * GET /api/docs: a readable reference of /api/openapi.json for staff and integrators (ADR 0070), rendered
 * by Swagger UI (swagger-ui-dist) served from this origin. The page, its start-up script and the two files
 * of the renderer are all that is served here; the policy allows scripts and styles from this origin only,
 * data from this origin only, and no inline script. Read-only: no "Try it out" (calls carry staff sessions).
 */
import { createRequire } from "node:module";
import path from "node:path";
import compression from "compression";
import express, { Router, type RequestHandler } from "express";
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "./csp-report";
import { permissionsPolicy, reportingEndpoints } from "./security-headers";

export const API_REFERENCE_PATH = "/api/docs";

/** The renderer's files, found in its package folder at run time (the server bundle does not hold them). */
function rendererDir(): string {
  const resolvePackage = createRequire(import.meta.url);
  return path.dirname(resolvePackage.resolve("swagger-ui-dist/package.json"));
}

/** The only files of the package this page uses; anything else in the folder is not served. */
const RENDERER_FILES = new Set(["/swagger-ui-bundle.js", "/swagger-ui.css"]);

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
  `report-to ${CSP_REPORT_GROUP}`,
].join("; ");

/** Starts the renderer on the document; a file of its own so the policy needs no inline script. */
const START_SCRIPT = `"use strict";
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#api-reference",
    deepLinking: false,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    validatorUrl: null,
    supportedSubmitMethods: [],
    tryItOutEnabled: false,
    withCredentials: false,
    // Plain examples: the highlighter's colours fall below WCAG AA contrast on its dark background.
    syntaxHighlight: { activated: false },
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Ovella API reference</title>
<link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${API_REFERENCE_PATH}/page.css">
<script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js" defer></script>
<script src="${API_REFERENCE_PATH}/start.js" defer></script>
</head>
<body>
<main id="api-reference" aria-label="Ovella API reference"><noscript>The reference needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
</body>
</html>
`;

/**
 * The host page's style: the renderer's method badges, version stamps and a few labels are lighter than
 * WCAG AA contrast (4.5:1) allows; these darker shades of the same hues pass it (tests/e2e/api-reference).
 */
const PAGE_STYLE = `body { margin: 0; background: #fff; }
.swagger-ui .opblock .opblock-summary-method { color: #fff; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f62a8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17714a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8f4a00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3242a; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #13705f; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b0fbf; }
.swagger-ui .info .title small { background: #4f5663; }
.swagger-ui .info .title small.version-stamp { background: #3b6600; }
.swagger-ui .info .url { color: #1f5b9e; }
.swagger-ui .btn.authorize { color: #17714a; border-color: #17714a; }
.swagger-ui .btn.authorize svg { fill: #17714a; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated { color: #555; }
`;

/** A small file of this module's own (GET and HEAD only). */
const fixedFile =
  (body: string, type: string): RequestHandler =>
  (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.set("Cache-Control", "public, max-age=3600").type(type).send(body);
  };

export function apiReferenceRouter(options: { https: boolean }): Router {
  const router = Router();
  const headers: RequestHandler = (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  router.use(headers, compression());

  router.get("/", permissionsPolicy, reportingEndpoints, (_req, res) => {
    res
      .set({
        "Content-Security-Policy": PAGE_POLICY,
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cache-Control": "no-cache",
      })
      .type("html")
      .send(PAGE);
  });

  router.use("/start.js", fixedFile(START_SCRIPT, "text/javascript"));
  router.use("/page.css", fixedFile(PAGE_STYLE, "text/css"));

  const renderer = express.static(rendererDir(), { index: false, maxAge: "1h", fallthrough: true });
  router.use((req, res, next) => (RENDERER_FILES.has(req.path) ? renderer(req, res, next) : next()));
  return router;
}
