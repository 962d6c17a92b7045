/**
 * Per-route head tags: title, description, canonical URL, Open Graph and Twitter card.
 * The absolute site URL comes from the root loader (PUBLIC_SITE_URL), never from the browser.
 */
import { brand } from "#core/brand";

interface MetaMatchLike {
  id: string;
  loaderData: unknown;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Canonical path; defaults to the current location. `null`: the page has no address of its own (the 404). */
  path?: string | null;
  noindex?: boolean;
}

export const OG_IMAGE_PNG_PATH = "/og-image.png";

export function siteUrlFrom(matches: ReadonlyArray<MetaMatchLike | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "siteUrl" in root && typeof root.siteUrl === "string") {
    return root.siteUrl.replace(/\/+$/, "");
  }
  return "";
}

export function pageMeta(
  args: { matches: ReadonlyArray<MetaMatchLike | undefined>; location: { pathname: string } },
  input: PageMetaInput,
) {
  const siteUrl = siteUrlFrom(args.matches);
  const path = input.path === null ? null : (input.path ?? args.location.pathname);
  const url = path === null ? null : `${siteUrl}${path}`;
  const image = `${siteUrl}${OG_IMAGE_PNG_PATH}`;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    ...(input.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${brand.name}: ${brand.pitch}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
}

