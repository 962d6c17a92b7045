/**
 * The pilot's facts said in a page's language (ADR 0113): what `facts` of ./brand.ts says in English ("50% off",
 * "1 year of free storage", "about $1,000", "San Francisco or Los Angeles", "limited to 20 women under 35"), from the
 * site catalogue's `marketing.fact.*` with the brand's numbers. In English, word for word `facts`; the prices are the
 * same in both languages.
 */
import { brand, dollars, facts } from "./brand";
import type { Translator } from "./i18n/catalogue";
import { LANGUAGE_LOCALES } from "./i18n/languages";
import type { SiteMessageKey } from "./i18n/site-en";

export interface PilotFacts {
  price: string;
  regularPrice: string;
  /** "50% off" */
  discount: string;
  /** "1 year of free storage" */
  storage: string;
  /** "about $1,000" */
  storageValue: string;
  /** "1 year of free storage (about $1,000 value)" */
  storageWithValue: string;
  /** "San Francisco or Los Angeles" */
  cities: string;
  /** "limited to 20 women under 35": the live places (ADR 0091), written as they are, never grouped. */
  spots: string;
}

export function pilotFacts(words: Translator<SiteMessageKey>, capacity: number = brand.pilot.spots): PilotFacts {
  const { t, language } = words;
  const storage = t("marketing.fact.storage", { years: brand.pilot.storageYears });
  const storageValue = t("marketing.fact.storageValue", { amount: dollars(brand.pilot.storageValue) });
  return {
    price: facts.price,
    regularPrice: facts.regularPrice,
    discount: t("marketing.fact.discount", { percent: brand.pilot.discountPercent }),
    storage,
    storageValue,
    storageWithValue: t("marketing.fact.storageWithValue", { storage, storageValue }),
    // English keeps the words `facts` has always written; another language joins the cities as it says "or".
    cities: language === "en" ? facts.cities : new Intl.ListFormat(LANGUAGE_LOCALES[language], { type: "disjunction" }).format(brand.pilot.cities),
    spots: t("marketing.fact.spots", { capacity: String(capacity), maxAge: brand.pilot.maxAge }),
  };
}
