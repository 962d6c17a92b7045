/**
 * Per-route head tags: title, description, canonical URL, Open Graph and Twitter card.
 * The absolute site URL comes from the root loader (PUBLIC_SITE_URL), never from the browser.
 * A public page that exists in both languages (ADR 0113) names its canonical address in its own language and its
 * twins as `hreflang` alternates (`en`, `es`, and `x-default`, the English page).
 */
import { brand } from "#core/brand";
import { hasTwin, languageOfPath, localizedPath, twinAddresses } from "#core/i18n/site-paths";

interface MetaMatchLike {
  id: string;
  loaderData: unknown;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Canonical path (of the English site: the page's language is added); defaults to the current location. `null`: the page has no address of its own (the 404). */
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

/** The brand's pitch in the page's language: the prose its loader sent (a Spanish public page), else the brand's own. */
function pitchOf(matches: ReadonlyArray<MetaMatchLike | undefined>): string {
  for (const match of matches.toReversed()) {
    const prose = (match?.loaderData as { i18n?: { brandProse?: { pitch: string } } } | undefined)?.i18n?.brandProse;
    if (prose) return prose.pitch;
  }
  return brand.pitch;
}

export function pageMeta(
  args: { matches: ReadonlyArray<MetaMatchLike | undefined>; location: { pathname: string } },
  input: PageMetaInput,
) {
  const siteUrl = siteUrlFrom(args.matches);
  const language = languageOfPath(args.location.pathname);
  const path = input.path === null ? null : input.path === undefined ? args.location.pathname : localizedPath(input.path, language);
  const url = path === null ? null : `${siteUrl}${path}`;
  const twins = path !== null && !input.noindex && hasTwin(path) ? twinAddresses(path) : null;
  const image = `${siteUrl}${OG_IMAGE_PNG_PATH}`;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    ...(twins
      ? [
          { tagName: "link", rel: "alternate", hrefLang: "en", href: `${siteUrl}${twins.en}` },
          { tagName: "link", rel: "alternate", hrefLang: "es", href: `${siteUrl}${twins.es}` },
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${siteUrl}${twins.en}` },
        ]
      : []),
    ...(input.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:locale", content: language === "es" ? "es_US" : "en_US" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${brand.name}: ${pitchOf(args.matches)}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
}

