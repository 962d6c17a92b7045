/**
 * The title and description of one of her pages (ADR 0112), from the pages' catalogue in the language her page's
 * loader names (`i18n`), with the brand's name filled in; `pageMeta` (components/site/seo.ts) makes the head tags.
 * Apart from seo.ts so that the site's shared chunk carries no catalogue.
 */
import { brand } from "#core/brand";
import { translator } from "#core/i18n/catalogue";
import { PAGE_EN, type PageMessageKey } from "#core/i18n/page-en";
import type { PageLanguage } from "./page-words";

export function pageMetaWords(loaderData: unknown, keys: { title: PageMessageKey; description: PageMessageKey }): { title: string; description: string } {
  const i18n = (loaderData as { i18n?: PageLanguage } | undefined)?.i18n;
  const { t } = i18n?.messages ? translator(i18n.language, i18n.messages) : translator("en", PAGE_EN);
  return { title: t(keys.title, { brand: brand.name }), description: t(keys.description, { brand: brand.name }) };
}
