/**
 * The words of a public page (ADR 0113): the site's catalogue in the page's language, which the page's loader sends
 * (`i18n.site`, app/lib/site-page.server.ts) and the marketing layout gives to everything it renders. Public pages are
 * rendered on the server (built once, ADR 0051) and ship no React, so neither language's copy is in a browser bundle.
 * `href` gives a public page's address in the same language (`/apply` on a Spanish page is `/es/apply`).
 */
import * as React from "react";
import { type Brand, type BrandProse, brandWithProse } from "#core/brand";
import { type Message, type Translator, translator } from "#core/i18n/catalogue";
import { type Language, LANGUAGE_LOCALES } from "#core/i18n/languages";
import type { SiteMessageKey } from "#core/i18n/site-en";
import { localizedPath } from "#core/i18n/site-paths";

export type SiteWords = Translator<SiteMessageKey> & {
  locale: string;
  /** The brand as the page's language says it: its prose translated, its names and numbers as they are. */
  brand: Brand;
  /** The address of a public page in this page's language. */
  href(path: string): string;
};

const SiteWordsContext = React.createContext<SiteWords | null>(null);

/** The words of the public page being rendered (its loader must send them: `...sitePage(request)`). */
export function useSiteWords(): SiteWords {
  const words = React.useContext(SiteWordsContext);
  if (!words) throw new Error("useSiteWords needs the page's loader to return sitePage(request) (the marketing layout gives the words)");
  return words;
}

/** The words of a public page in a language; `messages` is the site's catalogue in that language. */
export function siteWords(language: Language, messages: Readonly<Record<SiteMessageKey, Message>>, brandProse?: BrandProse): SiteWords {
  return {
    ...translator(language, messages),
    locale: LANGUAGE_LOCALES[language],
    brand: brandWithProse(brandProse),
    href: (path) => localizedPath(path, language),
  };
}

export function SiteWordsProvider({
  language,
  messages,
  brandProse,
  children,
}: {
  language: Language;
  /** `null` on a page that is not one of the public site's (her pages): `useSiteWords` is not for them. */
  messages: Readonly<Record<SiteMessageKey, Message>> | null;
  brandProse?: BrandProse;
  children: React.ReactNode;
}) {
  const words = React.useMemo(() => (messages ? siteWords(language, messages, brandProse) : null), [language, messages, brandProse]);
  return <SiteWordsContext.Provider value={words}>{children}</SiteWordsContext.Provider>;
}
