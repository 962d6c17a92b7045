/**
 * The words of a page in its language (ADR 0112). A page in another language than English returns that language's
 * messages from its loader (`i18n`, app/lib/page-language.server.ts); the marketing layout hands them, or the English
 * catalogue it imports, to everything it renders, the site's frame included. So an English page carries no Spanish, a
 * Spanish page carries its messages once, in its data, and this module imports no catalogue: the site's shared chunk,
 * which the admin loads too, carries none.
 */
import * as React from "react";
import { type Message, type Translator, translator } from "#core/i18n/catalogue";
import { type Language, LANGUAGE_LOCALES } from "#core/i18n/languages";
import type { BrandProse } from "#core/brand";
import type { NoticeKey } from "#core/i18n/notice-en";
import type { PageMessageKey } from "#core/i18n/page-en";
import type { SiteMessageKey } from "#core/i18n/site-en";
import { localizedPath } from "#core/i18n/site-paths";
import type { FormLanguage } from "./form-words";

/** What a page's loader returns as `i18n`: its language, and its messages unless they are the English ones. */
export interface PageLanguage {
  language: Language;
  messages: Readonly<Record<PageMessageKey, Message>> | null;
  /** A public page's own words (ADR 0113), in its language: sent by its loader, in English too. */
  site?: Readonly<Record<SiteMessageKey, Message>>;
  /** On a public page in another language than English: the forms' words (app/lib/form-words.tsx). */
  forms?: FormLanguage;
  /** On a public page in another language than English: the brand's prose in it (core/i18n/brand-es.ts). */
  brandProse?: BrandProse;
  /** In another language than English: the words the root layout says on every page (the consent banner, notifications). */
  notices?: Readonly<Record<NoticeKey, Message>>;
}

export type PageWords = Translator<PageMessageKey> & {
  locale: string;
  /** The address of a public page in this page's language (`/apply` on a Spanish page is `/es/apply`, ADR 0113). */
  href(path: string): string;
};

const WordsContext = React.createContext<PageWords | null>(null);

/** The words of the page being rendered (inside the marketing layout, which provides them). */
export function usePageWords(): PageWords {
  const words = React.useContext(WordsContext);
  if (!words) throw new Error("usePageWords needs a PageWordsProvider (the marketing layout gives one)");
  return words;
}

/** The page's language as the deepest route that names one says (English when none does). */
export function pageLanguageOf(matches: readonly { loaderData?: unknown }[]): PageLanguage | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const i18n = (matches[i]?.loaderData as { i18n?: PageLanguage } | undefined)?.i18n;
    if (i18n) return i18n;
  }
  return undefined;
}

/** Gives the page's words to everything inside: its language's messages (the English catalogue, when the page names none). */
export function PageWordsProvider({ language, messages, children }: { language: Language; messages: Readonly<Record<PageMessageKey, Message>>; children: React.ReactNode }) {
  const words = React.useMemo<PageWords>(
    () => ({ ...translator(language, messages), locale: LANGUAGE_LOCALES[language], href: (path) => localizedPath(path, language) }),
    [language, messages],
  );
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/**
 * A message whose placeholders hold markup (a link, a strong date): the text as the catalogue has it, each named part
 * put in its place. Text placeholders are filled before, by `t`.
 */
export function Rich({ text, parts }: { text: string; parts: Readonly<Record<string, React.ReactNode>> }) {
  const out: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!Object.hasOwn(parts, name)) continue;
    out.push(text.slice(last, match.index), <React.Fragment key={`${name}-${match.index}`}>{parts[name]}</React.Fragment>);
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return <>{out}</>;
}
