import * as React from "react";
import { Outlet, useMatches } from "react-router";
import { PAGE_EN } from "#core/i18n/page-en";
import { PrivacyChoicesButton } from "~/components/consent/privacy-choices-button";
import { footerLinkClass, SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { pageLanguageOf, PageWordsProvider, usePageWords } from "~/lib/page-words";
import { SiteWordsProvider } from "~/lib/site-words";
import { FormWordsProvider } from "~/lib/form-words";
import type { Route } from "./+types/layout";

/** The copyright year comes from the server so the server and browser render the same footer. */
export function loader() {
  return { year: new Date().getFullYear() };
}

export function shouldRevalidate() {
  return false;
}

/**
 * The page's words for the frame and the page (ADR 0112): the messages its loader sent (a page in Spanish), else the
 * English catalogue, which only this layout's chunk carries; a public page's own words too (ADR 0113), which its
 * loader always sends.
 */
export default function MarketingLayout(props: Route.ComponentProps) {
  const i18n = pageLanguageOf(useMatches());
  const language = i18n?.language ?? "en";
  // The same tree on every page, whichever words it has: a page reached by a client-side navigation keeps its frame
  // (header, footer, the focus inside them) instead of mounting it again.
  return (
    <PageWordsProvider language={language} messages={i18n?.messages ?? PAGE_EN}>
      <SiteWordsProvider language={language} messages={i18n?.site ?? null} brandProse={i18n?.brandProse}>
        <FormWordsProvider value={i18n?.forms ?? null}>
          <Frame {...props} />
        </FormWordsProvider>
      </SiteWordsProvider>
    </PageWordsProvider>
  );
}

function Frame({ loaderData }: Route.ComponentProps) {
  const { t } = usePageWords();
  // Marks the document once the page is interactive (used by end-to-end tests and by CSS if needed).
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("chrome.skip")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[60vh] pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter
        year={loaderData.year}
        legalExtras={
          <li>
            <PrivacyChoicesButton className={footerLinkClass} />
          </li>
        }
      />
    </>
  );
}
