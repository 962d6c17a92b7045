/**
 * The Express shell: security headers, compression, logging with request ids, health checks,
 * the JSON API under /api, static assets, and every page rendered by React Router.
 */
import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { AppDeps } from "./deps";
import { createDiskGuard } from "./db/disk-space";
import { createOperatorStatus } from "./db/operator-status";
import { createApiRouter } from "./http/api";
import { cspReportRouter } from "./http/csp-report";
import { precompressedAssets } from "./http/precompressed";
import { requestLog } from "./http/request-log";
import { apiSecurityHeaders, cspNonce, permissionsPolicy, reportingEndpoints, securityHeaders } from "./http/security-headers";

export interface CreateAppOptions {
  /** Serves pages (React Router). Omitted in API-only tests. */
  pages?: RequestHandler;
  /** Built client assets (build/client) served with long-lived caching for hashed files. */
  clientDir?: string;
  /** Extra middleware before pages (the Vite dev server in development). */
  devMiddleware?: RequestHandler;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const { env, logger, database } = deps;
  if (database.engine === "pglite") deps.disk ??= createDiskGuard({ dir: env.DATA_DIR, minFreeBytes: env.DISK_MIN_FREE_MB * 1024 * 1024 });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

  app.use(requestLog(logger));

  // The JSON API first: static security headers, compression (staff lists are large), no page CSP nonce.
  // Only GETs are compressed: submission answers are a few dozen bytes.
  const compressLists = compression({ filter: (req, res) => req.method === "GET" && compression.filter(req, res) });
  app.use("/api", apiSecurityHeaders({ https: env.PUBLIC_SITE_URL.startsWith("https://") }), permissionsPolicy, compressLists, createApiRouter(deps));

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

  app.use(cspNonce());
  app.use(
    securityHeaders({
      pixelEnabled: Boolean(env.META_PIXEL_ID),
      isDev: env.NODE_ENV === "development",
      https: env.PUBLIC_SITE_URL.startsWith("https://"),
    }),
  );
  app.use(permissionsPolicy);
  app.use(reportingEndpoints);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const operatorStatus = createOperatorStatus(deps.db, deps.now);
  app.get("/readyz", async (_req, res) => {
    const ok = await database.ping();
    const disk = await deps.disk?.check();
    const status = !ok ? "database unavailable" : disk && !disk.ok ? "disk full" : "ready";
    // Backlog, oldest unsent email and database size: what an operator checks before a visitor notices.
    const details = ok ? await operatorStatus().catch(() => undefined) : undefined;
    res
      .set("Cache-Control", "no-store")
      .status(status === "ready" ? 200 : 503)
      .json({
        status,
        ...(disk?.reason ? { reason: disk.reason } : {}),
        ...details,
        ...(disk?.freeBytes != null ? { disk: { freeBytes: disk.freeBytes } } : {}),
      });
  });

  app.use(cspReportRouter(deps));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  if (options.pages) app.use(options.pages);
  return app;
}
