/**
 * The words of a public page's head tags (ADR 0113): a translator of the site's catalogue in the language its loader
 * sent (`i18n.site`). `pageMeta` (components/site/seo.ts) makes the tags, the canonical link and the `hreflang`
 * alternates from the page's address.
 */
import type { PageLanguage } from "./page-words";
import { siteWords, type SiteWords } from "./site-words";

export function siteMetaWords(loaderData: unknown): SiteWords {
  const i18n = (loaderData as { i18n?: PageLanguage } | undefined)?.i18n;
  if (!i18n?.site) throw new Error("a public page's meta needs its loader to return sitePage(request)");
  return siteWords(i18n.language, i18n.site, i18n.brandProse);
}
