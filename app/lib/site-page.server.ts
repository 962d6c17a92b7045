/**
 * What a public page's loader returns (ADR 0113): `i18n` with the page's language, read from its address (`/es/…` is
 * Spanish), the frame's Spanish messages when Spanish (as her pages send them, ADR 0112), and the site's catalogue in
 * that language, and on a Spanish page the brand's prose and the forms' words (app/lib/form-words.tsx). Server only: no browser bundle holds either language's copy.
 */
import { BRAND_PROSE_ES } from "#core/i18n/brand-es";
import { ES } from "#core/i18n/es";
import { FORM_UI_ES } from "#core/i18n/form-ui-es";
import { languageOfPath } from "#core/i18n/site-paths";
import { SITE_EN } from "#core/i18n/site-en";
import { SITE_ES } from "#core/i18n/site-es";
import { pageLanguage } from "./page-language.server";
import type { PageLanguage } from "./page-words";

export function sitePage(request: Request): { i18n: PageLanguage } {
  const language = languageOfPath(new URL(request.url).pathname);
  if (language === "en") return { i18n: { ...pageLanguage(language), site: SITE_EN } };
  return { i18n: { ...pageLanguage(language), site: SITE_ES, forms: { language, ui: FORM_UI_ES, rules: ES }, brandProse: BRAND_PROSE_ES } };
}
