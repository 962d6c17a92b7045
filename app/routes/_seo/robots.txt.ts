import { requestContext } from "~/request-context.server";
import { STATIC_PAGE } from "~/page-scripts/handle";
import type { Route } from "./+types/robots.txt";

/** Built once like the public pages (ADR 0051). */
export const handle = STATIC_PAGE;

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(requestContext);
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /thank-you", "Disallow: /es/thank-you", "Disallow: /language/", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
