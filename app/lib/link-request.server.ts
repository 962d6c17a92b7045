/**
 * "Email me a link" in the request's language (ADR 0112): the address checked with the public form's rule and its
 * message in that language, and the words when links cannot be sent. Server only (the Spanish catalogues).
 */
import { translator } from "#core/i18n/catalogue";
import { EN } from "#core/i18n/en";
import { ES } from "#core/i18n/es";
import type { Language } from "#core/i18n/languages";
import { PAGE_EN } from "#core/i18n/page-en";
import { PAGE_ES } from "#core/i18n/page-es";
import { submissionSchemasIn } from "#core/validation";

export function linkRequestIn(language: Language) {
  const spanish = language === "es";
  return {
    schema: submissionSchemasIn(language, spanish ? ES : EN).applicantLink,
    unavailable: (spanish ? translator("es", PAGE_ES) : translator("en", PAGE_EN)).t("find.unavailable"),
  };
}
