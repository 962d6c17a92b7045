/** Strict security headers and a per-request CSP nonce, or the script hashes of a page built once (helmet). */
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "./csp-report";

/** Third-party origins, each allowed only for what it is used for. */
export const THIRD_PARTY = {
  video: "https://www.youtube-nocookie.com",
  tiktok: "https://www.tiktok.com",
  pixelScript: "https://connect.facebook.net",
  pixelBeacon: "https://www.facebook.com",
} as const;

/**
 * The staff admin: its pages allow no third-party script or frame (ADR 0054). The router matches paths
 * without letter case and reads percent-encoded letters and repeated slashes as the plain ones, so
 * `/ADMIN`, `/%61dmin` and `//admin` are the admin too (ADR 0097).
 */
function isAdminPage(req: { url?: string }): boolean {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  let path = query === -1 ? url : url.slice(0, query);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed percent-encoding: judged as sent (the router refuses such a path).
  }
  return /^\/+admin(?:[/.]|$)/i.test(path);
}

/** A third-party origin on public pages, only `'self'` on the admin's. */
const publicOnly = (origin: string) => (req: { url?: string }) => (isAdminPage(req) ? "'self'" : origin);

export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

export function securityHeaders(options: { pixelEnabled: boolean; isDev: boolean; https: boolean }): RequestHandler {
  const pixelScripts = options.pixelEnabled ? [THIRD_PARTY.pixelScript] : [];
  const pixelBeacons = options.pixelEnabled ? [THIRD_PARTY.pixelBeacon, THIRD_PARTY.pixelScript] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: [
          "'self'",
          // A page built once (./static-pages) lists its inline scripts' hashes; any other page has a nonce.
          (_req, res) => {
            const locals = (res as unknown as { locals: { cspNonce?: string; cspScriptHashes?: string[] } }).locals;
            if (locals.cspScriptHashes) return locals.cspScriptHashes.length > 0 ? locals.cspScriptHashes.join(" ") : "'self'";
            return `'nonce-${locals.cspNonce ?? ""}'`;
          },
          publicOnly(THIRD_PARTY.tiktok),
          ...pixelScripts.map(publicOnly),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...pixelBeacons],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...pixelBeacons, ...(options.isDev ? ["ws:", "wss:"] : [])],
        frameSrc: [publicOnly(THIRD_PARTY.video), publicOnly(THIRD_PARTY.tiktok)],
        mediaSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        reportUri: [CSP_REPORT_PATH],
        reportTo: [CSP_REPORT_GROUP],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: !options.https ? false : { maxAge: 31_536_000, includeSubDomains: true },
  });
}

/** The Reporting API endpoint the policy's `report-to` names (browsers without it use `report-uri`). */
export const reportingEndpoints: RequestHandler = (_req, res, next) => {
  res.setHeader("Reporting-Endpoints", `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  next();
};

/** Browser features this product never needs. */
export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=(), geolocation=(self)",
  );
  next();
};

/**
 * Headers for JSON API answers, computed once: the API never serves a document, so the page CSP (and
 * its per-request nonce) is replaced by one that allows nothing. Measured cheaper on the hot path.
 */
export function apiSecurityHeaders(options: { https: boolean }): RequestHandler {
  const headers: [string, string][] = [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "no-referrer"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
