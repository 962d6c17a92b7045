/**
 * A page's `i18n` for its loader (ADR 0112): the language, and the messages when they are not the English ones the
 * bundles carry. Server only, so no browser bundle holds the Spanish catalogue.
 */
import type { Language } from "#core/i18n/languages";
import { NOTICE_ES } from "#core/i18n/notice-es";
import { PAGE_ES } from "#core/i18n/page-es";
import type { PageLanguage } from "./page-words";

export function pageLanguage(language: Language): PageLanguage {
  return language === "es" ? { language, messages: PAGE_ES, notices: NOTICE_ES } : { language, messages: null };
}
