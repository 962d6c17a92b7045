/**
 * The Express shell: security headers, compression, logging with request ids, health checks,
 * the JSON API under /api, static assets, and every page rendered by React Router.
 */
import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { Health, Readiness } from "#core/contracts/health";
import type { AppDeps } from "./deps";
import { createApiRouter } from "./http/api";
import { API_REFERENCE_PATH, apiReferenceRouter } from "./http/api-reference";
import { siteErrorHandler } from "./http/errors";
import { readiness } from "./http/readiness";
import { cspReportRouter } from "./http/csp-report";
import { precompressedAssets } from "./http/precompressed";
import { requestLog } from "./http/request-log";
import { firstVisitLanguage, LANGUAGE_SWITCH_PATH, languageSwitch } from "./http/site-language";
import type { StaticPages } from "./http/static-pages";
import { apiSecurityHeaders, cspNonce, permissionsPolicy, reportingEndpoints, securityHeaders } from "./http/security-headers";

export interface CreateAppOptions {
  /** Serves pages (React Router). Omitted in API-only tests. */
  pages?: RequestHandler;
  /** Built client assets (build/client) served with long-lived caching for hashed files. */
  clientDir?: string;
  /** Extra middleware before pages (the Vite dev server in development). */
  devMiddleware?: RequestHandler;
  /** Public pages built once and served from memory (ADR 0051); omitted in development and API tests. */
  staticPages?: StaticPages;
}

/** The headers of every page answer: CSP (nonce, or the hashes of a page built once), permissions, reporting. */
export function pageHeaderMiddleware(env: AppDeps["env"]): RequestHandler[] {
  return [
    securityHeaders({
      pixelEnabled: Boolean(env.META_PIXEL_ID),
      isDev: env.NODE_ENV === "development",
      https: env.PUBLIC_SITE_URL.startsWith("https://"),
    }),
    permissionsPolicy,
    reportingEndpoints,
  ];
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const { env, logger } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

  app.use(requestLog(logger));

  // The JSON API first: static security headers, compression (staff lists are large), no page CSP nonce.
  // Only GETs are compressed: submission answers are a few dozen bytes.
  // Other methods skip the middleware altogether (it wraps the answer's write and end on every request).
  // The API reference page (ADR 0070): a document with its own policy, ahead of the JSON API's headers.
  app.use(API_REFERENCE_PATH, apiReferenceRouter({ https: env.PUBLIC_SITE_URL.startsWith("https://") }));
  const compressGets = compression();
  const compressLists: RequestHandler = (req, res, next) => (req.method === "GET" ? compressGets(req, res, next) : next());
  app.use("/api", apiSecurityHeaders({ https: env.PUBLIC_SITE_URL.startsWith("https://") }), permissionsPolicy, compressLists, createApiRouter(deps));

  const pageHeaders: RequestHandler[] = [cspNonce(), ...pageHeaderMiddleware(env)];

  // Health checks, ahead of the built pages (whose 404 answers any path no route takes).
  app.get("/healthz", ...pageHeaders, (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" } satisfies Health);
  });
  app.get("/readyz", ...pageHeaders, async (_req, res) => {
    const answer = await readiness(deps);
    res
      .set("Cache-Control", "no-store")
      .status(answer.status === "ready" ? 200 : 503)
      .json(answer satisfies Readiness);
  });

  // The public site's language (ADR 0113): the switch, and a Spanish visitor sent from an English address to the Spanish one.
  app.get(`${LANGUAGE_SWITCH_PATH}/:language`, ...pageHeaders, languageSwitch());
  app.use(firstVisitLanguage(pageHeaders));

  // Public pages built once: the same bytes for every visitor, compressed ahead, headers computed once;
  // a path no route and no file takes gets the 404 built once.
  if (options.staticPages) app.use(options.staticPages.pages, options.staticPages.notFound);

  app.use(compression());
  if (options.clientDir) {
    // Hashed build output (scripts, styles, fonts): immutable for a year. Page-level policies (CSP,
    // permissions, reporting) mean nothing on these files, and each costs every request most of a
    // kilobyte; they carry only what applies to them.
    app.use(
      "/assets",
      (_req, res, next) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
        next();
      },
      precompressedAssets(path.join(options.clientDir, "assets")),
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
  }

  app.use(...pageHeaders);

  app.use(cspReportRouter(deps));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  if (options.pages) app.use(options.pages);
  app.use(siteErrorHandler);
  return app;
}
