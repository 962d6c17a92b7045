/**
 * The pages' words in a language (ADR 0112): what a service says on her page (where she stands, her kit, a consult
 * refused) comes from the pages' catalogue, in the language of her record. Server only: the Spanish catalogue stays out
 * of the browser's bundles.
 */
import { type Translator, translator } from "#core/i18n/catalogue";
import type { Language } from "#core/i18n/languages";
import { PAGE_EN, type PageMessageKey } from "#core/i18n/page-en";
import { PAGE_ES } from "#core/i18n/page-es";

const WORDS: Readonly<Record<Language, Translator<PageMessageKey>>> = { en: translator("en", PAGE_EN), es: translator("es", PAGE_ES) };

export function pageWords(language: Language): Translator<PageMessageKey> {
  return WORDS[language];
}
