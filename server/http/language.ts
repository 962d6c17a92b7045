/**
 * The language of a public submission (ADR 0110): the one its body names (`preferred_language`, "en" or "es"),
 * else the best of ours in the request's Accept-Language (RFC 9110 §12.5.4, q-values honoured, read by the
 * `negotiator` package): "es", "es-US", "es-419", "es-MX" and every other Spanish tag give Spanish; a header
 * that accepts neither, or none at all, gives English. The answer's messages, a 400's included, are in it.
 */
import Negotiator from "negotiator";
import { z } from "zod";
import { formatMessage, type Message } from "#core/i18n/catalogue";
import { EN, type MessageKey } from "#core/i18n/en";
import { ES } from "#core/i18n/es";
import { type Language, DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from "#core/i18n/languages";
import { type SubmissionSchemas, submissionSchemasIn } from "#core/validation";

/** The language an Accept-Language header prefers among ours (English when it names none of them). */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  if (acceptLanguage === undefined || acceptLanguage.trim() === "") return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}

/** The language of a submission: its body's `preferred_language` when that is one of ours, else its Accept-Language. */
export function submissionLanguage(body: unknown, acceptLanguage: string | undefined): Language {
  const named = typeof body === "object" && body !== null ? (body as { preferred_language?: unknown }).preferred_language : undefined;
  return isLanguage(named) ? named : negotiateLanguage(acceptLanguage);
}

const CATALOGUES = { en: EN, es: ES } as const satisfies Record<Language, Readonly<Record<MessageKey, Message>>>;
const ZOD_MESSAGES: Readonly<Record<Language, z.core.$ZodErrorMap>> = { en: z.locales.en().localeError, es: z.locales.es().localeError };

/** The summary of a 400 and the message for text that cannot be stored, in a language. */
export function refusalWords(language: Language): { summary: string; unstorable: string } {
  const catalogue = CATALOGUES[language];
  return { summary: formatMessage(language, catalogue["form.invalid"]), unstorable: formatMessage(language, catalogue["form.text.unstorable"]) };
}

/** The public forms' schemas and the words of a 400 in a language (English: the schemas' own, as the forms show them). */
export function submissionsIn(language: Language): {
  schemas: SubmissionSchemas;
  answer: { message: string; zodErrors: z.core.$ZodErrorMap } | undefined;
} {
  const catalogue = CATALOGUES[language];
  return {
    schemas: submissionSchemasIn(language, catalogue),
    answer:
      language === DEFAULT_LANGUAGE
        ? undefined
        : { message: refusalWords(language).summary, zodErrors: ZOD_MESSAGES[language] },
  };
}
