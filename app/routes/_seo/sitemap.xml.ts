import { facts } from "#core/brand";
import { requestContext } from "~/request-context.server";
import { STATIC_PAGE } from "~/page-scripts/handle";

import type { Route } from "./+types/sitemap.xml";

/** Built once like the public pages (ADR 0051). */
export const handle = STATIC_PAGE;

/** Public, indexable pages (not /thank-you, not /admin). */
export const SITEMAP_PATHS = [
  "/", "/apply", "/about", "/contact", "/howitworks", facts.assessmentPath, "/tiktok", "/MIT",
  "/privacy-policy", "/terms-of-service", "/hipaa-notice",
] as const;

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(requestContext);
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${siteUrl}${p === "/" ? "/" : p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
