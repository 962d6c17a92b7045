/**
 * The languages Ovella speaks to visitors and applicants (ADR 0110): English, the default, and Spanish (es-US).
 * Plain data: the browser's small bundles may import it. Staff screens stay English and read a language by its
 * own name ("English", "Español").
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a request that names none and of every record made before languages were stored. */
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language by its own name, as staff read it on a record, in the list's filter and in the CSV. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = { en: "English", es: "Español" };

/** The BCP 47 tag each language formats dates, numbers and plurals with (Intl). */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: "en-US", es: "es-US" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored language as staff read it (an unknown value as it is). */
export function languageLabel(value: string): string {
  return isLanguage(value) ? LANGUAGE_LABELS[value] : value;
}
