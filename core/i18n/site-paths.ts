/**
 * The public site's addresses in each language (ADR 0113): an English page has its path (`/apply`), its Spanish twin
 * the same path under `/es` (`/es/apply`, the home page `/es`). Her pages (reached through her links) are not here:
 * they follow her record (ADR 0112). Plain data with no import: the browser's smallest scripts may take it in.
 */
import { type Language, LANGUAGES } from "./languages";

/** The prefix of the Spanish site. */
export const SPANISH_PREFIX = "/es";

/** The public pages that exist in both languages (the paths of the English site, as app/routes.ts declares them). */
export const TWIN_PATHS: readonly string[] = [
  "/", "/apply", "/thank-you", "/contact", "/about", "/howitworks", "/ovellaiq", "/tiktok", "/MIT",
  "/privacy-policy", "/terms-of-service", "/hipaa-notice",
];

/** The language a public address is in: Spanish under `/es`, English elsewhere. */
export function languageOfPath(pathname: string): Language {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? "es" : "en";
}

/** The English path of an address of either site (`/es/apply` → `/apply`, `/es` → `/`). */
export function englishPath(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(SPANISH_PREFIX.length);
  return rest === "" ? "/" : rest;
}

/** Whether an address (of either language) is one of the public pages that have a twin. */
export function hasTwin(pathname: string): boolean {
  return TWIN_PATHS.includes(englishPath(pathname));
}

/**
 * The address of a public page in a language (`/apply` in Spanish → `/es/apply`). An address without a twin (her
 * pages, the admin, a fragment-only link) is returned as it is.
 */
export function localizedPath(path: string, language: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  if (!hasTwin(pathname)) return path;
  const english = englishPath(pathname);
  if (language === "en") return english + rest;
  return (english === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${english}`) + rest;
}

/** Every language's address of a public page, for `hreflang` alternates and the sitemap. */
export function twinAddresses(pathname: string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, localizedPath(pathname, language)])) as Record<Language, string>;
}
