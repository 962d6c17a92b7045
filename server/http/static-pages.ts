/**
 * Public pages built once and served from memory (ADR 0051). Every route that declares it never changes
 * in the browser (`hydrate: false`: the marketing, legal and campaign pages, Thank-you, the 404,
 * sitemap.xml and robots.txt) is rendered by React Router once a process has started, with no request
 * of anyone's, then compressed (Brotli at quality 11 and gzip, off the event loop). Each answer carries
 * the page's own headers, computed once by the same middleware as any page, with its inline scripts
 * allowed by their SHA-256 hashes instead of a per-request nonce: the answer is the same bytes for every
 * visitor, with a strong ETag and a policy that lets a CDN keep it.
 *
 * What changes with time (the countdown, the footer's year) is brought up to date by rendering again in
 * the background once a minute; a copy whose bytes did not change keeps its ETag and compressed bodies.
 * When what the pages say changes at once (the pilot's live settings, ADR 0091), `rebuildAll` drops every copy:
 * until each is built again, its path is rendered per request, so no visitor gets the old words.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";
import { hasTwin, languageOfPath } from "#core/i18n/site-paths";
import type { Logger } from "../logger";

/** Shared caches may keep a page five minutes and serve a stale one for a day while they fetch it again. */
export const STATIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** How old a built page may get before a request starts building it again (the countdown's minutes). */
const REFRESH_MS = 60_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface BuiltPage {
  status: number;
  /** Every header of the answer but the body's own (encoding, length). */
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  builtAt: number;
}

/** The path, route id and flags of every route of a build, with full paths. */
interface RouteEntry {
  id: string;
  path: string;
  prerendered: boolean;
}

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

function manifestRoutes(build: ServerBuild): ManifestRoute[] {
  return Object.values(build.routes).filter((route): route is ManifestRoute => route !== undefined);
}

function fullPath(routes: ServerBuild["routes"], route: ManifestRoute): string {
  const parts: string[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

function isPrerendered(route: ManifestRoute): boolean {
  const handle = (route.module as { handle?: { hydrate?: boolean } }).handle;
  return handle?.hydrate === false;
}

/** A catch-all route built once (a 404): its id, and the path prefix it takes (`/` for English, `/es/` for Spanish). */
export interface NotFoundRoute {
  id: string;
  prefix: string;
}

/**
 * Routes that are built once: declared `hydrate: false` and with a path that has no parameter; and the catch-all 404
 * routes, one per language (ADR 0113), longest prefix first.
 */
export function prerenderedRoutes(build: ServerBuild): { paths: string[]; notFound: NotFoundRoute[] } {
  const entries: RouteEntry[] = manifestRoutes(build).map((route) => ({
    id: route.id,
    path: fullPath(build.routes, route),
    prerendered: isPrerendered(route) && (route.path !== undefined || route.index === true),
  }));
  const notFound = entries
    .filter((entry) => entry.prerendered && entry.path.endsWith("*"))
    .map((entry) => ({ id: entry.id, prefix: entry.path.slice(0, -1) }))
    .toSorted((a, b) => b.prefix.length - a.prefix.length);
  const paths = entries.filter((entry) => entry.prerendered && !/[:*]/.test(entry.path)).map((entry) => entry.path);
  return { paths: [...new Set(paths)], notFound };
}

/** The SHA-256 sources of every inline script of an HTML document, for `script-src`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The headers a chain of middleware sets on an answer, run once against a stand-in request and answer. */
export function headersOf(middleware: readonly RequestHandler[], path: string, locals: Record<string, unknown>): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const res = {
    locals,
    headersSent: false,
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(", ") : String(value)]);
      return this;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
  };
  const req = { method: "GET", url: path, path, originalUrl: path, headers: {}, secure: false };
  for (const handler of middleware) {
    let passed = false;
    void handler(req as unknown as Request, res as unknown as Response, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      passed = true;
    });
    if (!passed) throw new Error("a page header middleware did not pass the request on");
  }
  return [...headers.values()];
}

export interface StaticPagesOptions {
  getBuild: () => Promise<ServerBuild>;
  /** Renders one path as a visitor with no cookies and no nonce would get it. */
  render: (build: ServerBuild, path: string) => Promise<globalThis.Response>;
  /** The page header middleware (CSP, permissions, reporting); `locals.cspScriptHashes` switches the CSP to hashes. */
  pageHeaders: readonly RequestHandler[];
  /** Whether a path names a file served as it is (build/client): never answered with the 404. */
  isFile?: (path: string) => boolean;
  logger: Logger;
  now?: () => number;
}

export interface StaticPages {
  /** Serves a built page for its exact path (GET and HEAD); anything else goes on. */
  pages: RequestHandler;
  /** Serves the built 404 for a path no route and no file takes; anything else goes on. */
  notFound: RequestHandler;
  /** Builds every page (started at once; resolves when all are built). */
  ready: Promise<void>;
  /** Drops every built copy at once and builds them all again (resolves when all are built). */
  rebuildAll(): Promise<void>;
}

function noPathIsUnknown(): boolean {
  return false;
}

function servable(req: Request): boolean {
  return req.method === "GET" || req.method === "HEAD";
}

/** React Router's own requests of a running app (route data, lazy route discovery): never a page. */
function isRouterRequest(path: string): boolean {
  return path.endsWith(".data") || path === "/__manifest";
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function createStaticPages(options: StaticPagesOptions): StaticPages {
  const now = options.now ?? Date.now;
  const built = new Map<string, BuiltPage>();
  const building = new Map<string, Promise<void>>();
  /** Each catch-all's built copy (its path under its prefix), longest prefix first. */
  let notFoundPages: { prefix: string; path: string }[] = [];
  let isUnknownPath: (path: string) => boolean = noPathIsUnknown;
  let allPaths: string[] = [];
  /** Bumped by rebuildAll: a build started before it is thrown away, as it may hold the old words. */
  let generation = 0;

  async function buildPage(build: ServerBuild, path: string): Promise<void> {
    const startedIn = generation;
    const response = await options.render(build, path);
    const identity = Buffer.from(await response.arrayBuffer());
    if (startedIn !== generation) return;
    const previous = built.get(path);
    if (previous && previous.status === response.status && previous.identity.equals(identity)) {
      previous.builtAt = now();
      return;
    }
    const contentType = response.headers.get("Content-Type") ?? "text/html; charset=utf-8";
    const isHtml = contentType.startsWith("text/html");
    const locals: Record<string, unknown> = { cspScriptHashes: isHtml ? inlineScriptHashes(identity.toString("utf8")) : [] };
    const headers = headersOf(options.pageHeaders, path, locals);
    headers.push(
      ["Content-Type", contentType],
      ["Cache-Control", STATIC_PAGE_CACHE_CONTROL],
      // An English address of a page with a Spanish twin sends Spanish visitors there (site-language.ts, ADR 0113).
      ["Vary", languageOfPath(path) === "en" && hasTwin(path) ? "Accept-Encoding, Accept-Language, Cookie" : "Accept-Encoding"],
    );
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip(identity, { level: 9 }),
    ]);
    if (startedIn !== generation) return;
    built.set(path, { status: response.status, headers, identity, br, gzip: gz, etag: etagOf(identity), builtAt: now() });
  }

  /** Builds `path` unless it is being built; a failure leaves the previous copy (or none) in place. */
  function rebuild(build: ServerBuild, path: string): Promise<void> {
    const running = building.get(path);
    if (running) return running;
    const job = buildPage(build, path)
      .catch((error: unknown) => {
        options.logger.error({ err: error, path }, "building a static page failed; it is rendered per request meanwhile");
      })
      .finally(() => building.delete(path));
    building.set(path, job);
    return job;
  }

  const ready = (async () => {
    const build = await options.getBuild();
    const { paths, notFound } = prerenderedRoutes(build);
    if (notFound.length > 0) {
      // An unknown path is one that only a catch-all 404 route takes; each language's 404 is built at a path its
      // catch-all takes (`/__not-found__`, `/es/__not-found__`).
      const takenByRoute = routeMatcher(build, new Set(notFound.map((route) => route.id)));
      notFoundPages = notFound.map((route) => ({ prefix: route.prefix, path: `${route.prefix}__not-found__` }));
      isUnknownPath = (path) => !takenByRoute(path);
      paths.push(...notFoundPages.map((page) => page.path));
    }
    allPaths = paths;
    for (const path of paths) await rebuild(build, path);
  })().catch((error: unknown) => {
    options.logger.error({ err: error }, "static pages could not be built; pages are rendered per request");
  });

  function send(req: Request, res: Response, path: string, page: BuiltPage): void {
    if (now() - page.builtAt > REFRESH_MS) void options.getBuild().then((build) => rebuild(build, path));
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    if (page.status === 200 && matchesEtag(req.headers["if-none-match"], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = req.acceptsEncodings("br", "gzip", "identity");
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function rebuildAll(): Promise<void> {
    // At once, before anything awaits: the next request is rendered with the new words.
    generation += 1;
    built.clear();
    await ready;
    const build = await options.getBuild();
    // A build in flight belongs to the old generation: wait for it, then build anew.
    await Promise.all(
      allPaths.map(async (path) => {
        await building.get(path);
        await rebuild(build, path);
      }),
    );
  }

  return {
    ready,
    rebuildAll,
    pages: (req, res, next) => {
      const page = servable(req) ? built.get(req.path) : undefined;
      if (!page) return next();
      send(req, res, req.path, page);
    },
    notFound: (req, res, next) => {
      // The 404 of the language the path is in: the catch-all with the longest prefix the path starts with.
      const notFoundPath = notFoundPages.find((candidate) => req.path.toLowerCase().startsWith(candidate.prefix.toLowerCase()))?.path;
      const page = notFoundPath && servable(req) ? built.get(notFoundPath) : undefined;
      if (!page || !notFoundPath || isRouterRequest(req.path) || options.isFile?.(req.path) || !isUnknownPath(req.path)) {
        return next();
      }
      send(req, res, notFoundPath, page);
    },
  };
}

/**
 * A matcher for "some route other than the catch-all takes this path": each route's full path compiled
 * once to a regular expression (React Router compares paths without regard to case by default).
 */
function routeMatcher(build: ServerBuild, notFoundIds: ReadonlySet<string>): (path: string) => boolean {
  const patterns = manifestRoutes(build)
    .filter((route) => !notFoundIds.has(route.id) && (route.path !== undefined || route.index === true))
    .map((route) => {
      const source = fullPath(build.routes, route)
        .split("/")
        .filter(Boolean)
        .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      return new RegExp(`^/${source}/?$`, route.caseSensitive ? "" : "i");
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}
