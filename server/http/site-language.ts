/**
 * The public site's language, chosen and remembered (ADR 0113). Each public page has an address per language (`/apply`,
 * `/es/apply`). A visitor's first visit to an English address follows her browser's `Accept-Language`: a browser that
 * prefers Spanish is sent to the page's Spanish address. The language switch on every public page goes through
 * `GET /language/{en|es}?next=…`, which remembers her choice in a cookie and sends her to the page in that language;
 * from then on an English address follows the cookie, not the browser. A Spanish address always opens in Spanish, so a
 * shared Spanish link opens in the language of the link. The cookie holds only the language: strictly necessary for the
 * choice she made, so it needs no consent.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { isLanguage, type Language } from "#core/i18n/languages";
import { hasTwin, languageOfPath, localizedPath } from "#core/i18n/site-paths";
import { readCookie } from "./cookies";
import { negotiateLanguage } from "./language";

/** The chosen language. `__Host-`: Secure, Path=/, no Domain, so no other host can set it. */
export const LANGUAGE_COOKIE = "__Host-ovella_lang";
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The path of the language switch; the language follows it (`/language/es`). */
export const LANGUAGE_SWITCH_PATH = "/language";

function remember(res: Response, language: Language): void {
  res.cookie(LANGUAGE_COOKIE, language, { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR_MS });
}

/** The query string of a request's URL, with its `?` (empty when it has none). */
function queryOf(url: string): string {
  const at = url.indexOf("?");
  return at === -1 ? "" : url.slice(at);
}

/**
 * `GET /language/:language?next=/path`: remembers the language and sends her to `next` in it. `next` must be one of the
 * public pages (in either language, with its query string); anything else (another site, her pages, nothing) is the
 * home page. An unknown language is a 404, as any address no page takes.
 */
export function languageSwitch(): RequestHandler {
  return (req, res, next) => {
    // Only the language (validated below) and a path of ours are read from the request.
    const language = req.params.language;
    if (!isLanguage(language)) return next();
    const asked = typeof req.query.next === "string" ? req.query.next : "/";
    const target = asked.startsWith("/") && !asked.startsWith("//") ? asked : "/";
    const url = new URL(target, "http://site.invalid");
    const path = hasTwin(url.pathname) ? localizedPath(url.pathname, language) + url.search : localizedPath("/", language);
    remember(res, language);
    res.set("Cache-Control", "no-store").redirect(303, path);
  };
}

/**
 * On an English address of a public page: the visitor's language (her cookie, else her browser's on a first visit).
 * When that is Spanish, the page's Spanish address, its query string (the campaign's tags) kept.
 */
function spanishAddress(req: Request): string | undefined {
  if ((req.method !== "GET" && req.method !== "HEAD") || languageOfPath(req.path) !== "en" || !hasTwin(req.path)) return undefined;
  const chosen = readCookie(req, LANGUAGE_COOKIE);
  const language = isLanguage(chosen) ? chosen : negotiateLanguage(req.get("accept-language"));
  return language === "en" ? undefined : localizedPath(req.path, language) + queryOf(req.originalUrl);
}

/**
 * Sends a visitor whose language is Spanish from a public page's English address to its Spanish one (302, not kept by
 * shared caches), with the pages' headers. The English page's answer varies with `Accept-Language` and `Cookie` for
 * that reason (static-pages.ts says so on the pages it builds).
 */
export function firstVisitLanguage(pageHeaders: readonly RequestHandler[]): Router {
  const router = express.Router();
  router.use(
    (req, res, next) => {
      const to = spanishAddress(req);
      if (to === undefined) return next("router");
      res.locals.languageRedirect = to;
      next();
    },
    ...pageHeaders,
    (_req, res) => {
      res.vary("Accept-Language").vary("Cookie");
      res.set("Cache-Control", "private, no-cache").redirect(302, res.locals.languageRedirect as string);
    },
  );
  return router;
}
