import { facts } from "#core/brand";
import { twinAddresses } from "#core/i18n/site-paths";
import { requestContext } from "~/request-context.server";
import { STATIC_PAGE } from "~/page-scripts/handle";

import type { Route } from "./+types/sitemap.xml";

/** Built once like the public pages (ADR 0051). */
export const handle = STATIC_PAGE;

/** Public, indexable pages (not /thank-you, not /admin), as the English site has them; each has a Spanish twin (ADR 0113). */
export const SITEMAP_PATHS = [
  "/", "/apply", "/about", "/contact", "/howitworks", facts.assessmentPath, "/tiktok", "/MIT",
  "/privacy-policy", "/terms-of-service", "/hipaa-notice",
] as const;

/**
 * Every page in both languages, each entry naming all its language versions (`xhtml:link` alternates, as Google's
 * sitemap hreflang format has them), so the Spanish site is listed beside the English one.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(requestContext);
  const entries = SITEMAP_PATHS.flatMap((path) => {
    const twins = twinAddresses(path);
    const alternates = [
      `    <xhtml:link rel="alternate" hreflang="en" href="${siteUrl}${twins.en}"/>`,
      `    <xhtml:link rel="alternate" hreflang="es" href="${siteUrl}${twins.es}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${twins.en}"/>`,
    ].join("\n");
    return [twins.en, twins.es].map((loc) => `  <url>\n    <loc>${siteUrl}${loc}</loc>\n${alternates}\n  </url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
