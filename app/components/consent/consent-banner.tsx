/**
 * The consent banner: a small, non-modal bottom sheet asking whether advertising measurement may
 * run. Accept and Decline carry equal weight. It shows until the visitor answers (a browser sending
 * Global Privacy Control has answered already) and reopens from "Privacy choices" in the footer.
 * This component renders the banner's markup only, as two templates (the ordinary question, and the
 * notice for a browser sending GPC); its behaviour is ./consent-banner.widget.ts, run through
 * `useWidget` where React renders the page and by the static page script elsewhere (ADR 0042).
 */
import { useId } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { useWidget } from "~/components/ui/use-widget";
import { Button } from "~/components/ui/button";
import type { RootData } from "~/lib/root-data";
import type { ConsentState } from "~/tracking/consent";
import { isTrackedPath } from "~/tracking/page-tracker";
import type { Translator } from "#core/i18n/catalogue";
import type { NoticeKey } from "#core/i18n/notice-en";
import { Rich } from "~/lib/page-words";
import { localizedPath } from "#core/i18n/site-paths";

type NoticeWords = Translator<NoticeKey>;
import { wireConsentBanner } from "./consent-banner.widget";

/** The staff admin is not tracked: no banner there. */
const wireNothing = () => () => {};

/**
 * Rendered by the root layout on every page. The templates are server markup: in the browser React
 * keeps the server's (`dangerouslySetInnerHTML` left empty is not hydrated) and never renders them
 * again, since a `<template>`'s content is not part of the document React would hydrate.
 */
export function ConsentBanner({ words }: { words: NoticeWords }) {
  const { pathname } = useLocation();
  const pixelConfigured = Boolean(useRouteLoaderData<RootData>("root")?.metaPixelId);
  const ref = useWidget<HTMLDivElement>(isTrackedPath(pathname) ? wireConsentBanner : wireNothing);
  const hookProps = { ref, hidden: true, "data-widget": "consent", "data-pixel-configured": pixelConfigured ? "" : undefined };
  if (typeof document !== "undefined") {
    return <div {...hookProps} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  }
  return (
    <div {...hookProps}>
      <template data-consent-template="ask">
        <ConsentPanel state={{ status: "unset", source: "none", gpc: false }} words={words} />
      </template>
      <template data-consent-template="gpc">
        <ConsentPanel state={{ status: "denied", source: "gpc", gpc: true }} words={words} />
      </template>
    </div>
  );
}

function ConsentPanel({ state, words }: { state: ConsentState; words: NoticeWords }) {
  const headingId = useId();
  const { t } = words;
  const policy = (
    <Link to={localizedPath("/privacy-policy", words.language)} className="font-semibold text-brand underline underline-offset-2">
      {t("notice.consent.policy")}
    </Link>
  );

  return (
    <section
      aria-labelledby={headingId}
      data-testid="consent-banner"
      data-consent-granted-text={t("notice.consent.granted")}
      data-consent-declined-text={t("notice.consent.declined")}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[45vh] overflow-y-auto border-t border-line bg-surface text-ink shadow-[0_-8px_24px_rgba(42,34,48,0.12)]"
    >
      <div className="mx-auto max-w-6xl px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:items-center sm:gap-8 sm:px-6 sm:py-4">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} tabIndex={-1} className="font-display text-base font-semibold">
            {t("notice.consent.heading")}
          </h2>
          {state.gpc ? (
            <p className="mt-1 text-sm text-ink-muted">
              <Rich text={t("notice.consent.gpc")} parts={{ policy }} />
            </p>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">
              <Rich text={t("notice.consent.ask")} parts={{ policy }} />
            </p>
          )}
          <p data-consent-current hidden className="mt-1 text-sm font-medium text-ink" />
        </div>
        <div className="mt-3 flex shrink-0 gap-3 sm:mt-0">
          {state.gpc ? (
            <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="dismiss">
              {t("notice.consent.close")}
            </Button>
          ) : (
            <>
              <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="granted">
                {t("notice.consent.accept")}
              </Button>
              <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="denied">
                {t("notice.consent.decline")}
              </Button>
              <Button size="sm" variant="ghost" data-consent-action="dismiss" data-consent-reopened-only>
                {t("notice.consent.close")}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
