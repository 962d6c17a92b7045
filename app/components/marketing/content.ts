/**
 * Copy shared by several pages, in the page's language (ADR 0113): the words are the site's catalogue
 * (core/i18n/site/marketing-en.ts), every number and name comes from the brand module. Each function takes the page's
 * words, `useSiteWords()` in a component or `siteMetaWords(loaderData)` in a `meta`.
 */
import { brand } from "#core/brand";
import { pilotFacts } from "#core/pilot-facts";
import type { Translator } from "#core/i18n/catalogue";
import type { Language } from "#core/i18n/languages";
import type { SiteMessageKey } from "#core/i18n/site-en";

/** The page's words: its translator of the site's catalogue. */
export type MarketingWords = Translator<SiteMessageKey>;

interface Step {
  title: string;
  body: string;
}

/** The four steps shown to visitors (docs/requirements.md §1). */
export function steps(words: MarketingWords): Step[] {
  const { t } = words;
  const pilot = pilotFacts(words);
  return [
    { title: t("sections.step.apply.title"), body: t("sections.step.apply.body", { storageWithValue: pilot.storageWithValue }) },
    { title: t("sections.step.eligibility.title"), body: t("sections.step.eligibility.body", { assessment: brand.assessmentName }) },
    { title: t("sections.step.path.title"), body: t("sections.step.path.body") },
    { title: t("sections.step.payment.title"), body: t("sections.step.payment.body") },
  ];
}

export interface Benefit {
  title: string;
  body: string;
  icon: "price" | "storage" | "guarantee" | "assessment" | "clinic" | "payment";
}

export function benefits(words: MarketingWords): Benefit[] {
  const { t } = words;
  const pilot = pilotFacts(words);
  return [
    {
      icon: "price",
      title: t("sections.benefit.price.title", { price: pilot.price }),
      body: t("sections.benefit.price.body", { price: pilot.price, regularPrice: pilot.regularPrice, discount: pilot.discount }),
    },
    {
      icon: "storage",
      title: pilot.storage,
      body: t("sections.benefit.storage.body", { years: brand.pilot.storageYears, storageValue: pilot.storageValue }),
    },
    { icon: "guarantee", title: t("sections.benefit.guarantee.title"), body: t("sections.benefit.guarantee.body") },
    {
      icon: "assessment",
      title: t("sections.benefit.assessment.title", { assessment: brand.assessmentName }),
      body: t("sections.benefit.assessment.body"),
    },
    { icon: "clinic", title: t("sections.benefit.clinic.title"), body: t("sections.benefit.clinic.body", { cities: pilot.cities }) },
    { icon: "payment", title: t("sections.benefit.payment.title"), body: t("sections.benefit.payment.body") },
  ];
}

/** The pilot in one sentence, with its live places (ADR 0091), written as they are (never grouped). */
export function pilotSummary(capacity: number, words: MarketingWords): string {
  return words.t("sections.pilotSummary", { capacity: String(capacity), maxAge: brand.pilot.maxAge, cities: pilotFacts(words).cities });
}

/** A video's poster, our own artwork with its words drawn in: a Spanish page shows the one in Spanish (public/posters/es). */
export function posterPath(name: "how-it-works" | "presentation" | "tiktok", language: Language): string {
  return language === "en" ? `/posters/${name}.svg` : `/posters/${language}/${name}.svg`;
}
