/**
 * The public forms' words in the page's language (ADR 0113): their own words (labels, hints, buttons, notices;
 * core/i18n/form-ui-*.ts) and their rules' messages (the forms' catalogue, ADR 0110), which the browser's schemas are
 * built with. English is what the form components import; a Spanish page's loader sends the Spanish ones (`i18n.forms`),
 * the marketing layout gives them here, and a form island carries them in its props (components/ui/island.tsx), so its
 * form speaks Spanish once hydrated on its own. No English page's bundle holds Spanish.
 */
import * as React from "react";
import { type Message, translator, type Translator } from "#core/i18n/catalogue";
import type { MessageKey } from "#core/i18n/en";
import { FORM_UI_EN, type FormUiKey } from "#core/i18n/form-ui-en";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_LOCALES } from "#core/i18n/languages";
import { localizedPath } from "#core/i18n/site-paths";

/** The forms' words of a language other than English, as a page sends them. */
export interface FormLanguage {
  language: Language;
  ui: Readonly<Record<FormUiKey, Message>>;
  rules: Readonly<Record<MessageKey, Message>>;
}

export type FormWords = Translator<FormUiKey> & {
  /** The BCP 47 tag the form's language formats with (Intl). */
  locale: string;
  /** The rules' messages the browser's schemas are built with; `null` for English, whose schemas are the shared ones. */
  rules: FormLanguage["rules"] | null;
  /** A public page's address in the form's language. */
  href(path: string): string;
};

const FormLanguageContext = React.createContext<FormLanguage | null>(null);

export function FormWordsProvider({ value, children }: { value: FormLanguage | null; children: React.ReactNode }) {
  return <FormLanguageContext.Provider value={value}>{children}</FormLanguageContext.Provider>;
}

/** The words a page sent for its forms (a Spanish page), or `null` (English, imported by the forms). */
export function useFormLanguage(): FormLanguage | null {
  return React.useContext(FormLanguageContext);
}

export function useFormWords(): FormWords {
  const sent = useFormLanguage();
  return React.useMemo(() => {
    const language = sent?.language ?? DEFAULT_LANGUAGE;
    return {
      ...translator(language, sent?.ui ?? FORM_UI_EN),
      locale: LANGUAGE_LOCALES[language],
      rules: sent?.rules ?? null,
      href: (path: string) => localizedPath(path, language),
    };
  }, [sent]);
}

/** Reads back the words an island carried (its `words` prop), or `null` for English or anything malformed. */
export function formLanguageFromJson(json: string | undefined): FormLanguage | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<FormLanguage>;
    if (!isLanguage(parsed.language) || typeof parsed.ui !== "object" || typeof parsed.rules !== "object" || !parsed.ui || !parsed.rules) return null;
    return parsed as FormLanguage;
  } catch {
    return null;
  }
}
