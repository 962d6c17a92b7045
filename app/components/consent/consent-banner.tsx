/**
 * The consent banner: a small, non-modal bottom sheet asking whether advertising measurement may
 * run. Accept and Decline carry equal weight. It shows until the visitor answers (a browser sending
 * Global Privacy Control has answered already) and reopens from "Privacy choices" in the footer.
 */
import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import type { RootData } from "~/lib/root-data";
import { currentChoiceText, type ConsentState } from "~/tracking/consent";
import { isTrackedPath } from "~/tracking/page-tracker";
import { getConsentStore } from "~/tracking/tracker";
import { useConsent } from "~/tracking/use-consent";

/**
 * Asks on its own only where there is something to ask about (a configured pixel); "Privacy
 * choices" opens it everywhere on the public site.
 */
export function ConsentBanner() {
  const { state, bannerOpen, reopened } = useConsent();
  const { pathname } = useLocation();
  const pixelConfigured = Boolean(useRouteLoaderData<RootData>("root")?.metaPixelId);
  if (!bannerOpen || !isTrackedPath(pathname)) return null;
  if (!reopened && !pixelConfigured) return null;
  return <ConsentPanel state={state} reopened={reopened} />;
}

/**
 * The banner's markup for pages served without React in the browser: the page script
 * (app/enhance/static-page.ts) clones it and wires its buttons (`data-consent-action`) to the same
 * consent store. One template for the ordinary question, one for a browser sending GPC.
 */
export function ConsentBannerTemplates() {
  return (
    <>
      <template data-consent-template="ask">
        <ConsentPanel state={{ status: "unset", source: "none", gpc: false }} reopened template />
      </template>
      <template data-consent-template="gpc">
        <ConsentPanel state={{ status: "denied", source: "gpc", gpc: true }} reopened template />
      </template>
    </>
  );
}

function ConsentPanel({ state, reopened, template = false }: { state: ConsentState; reopened: boolean; template?: boolean }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Reopened on purpose: move focus into the panel, and give it back to the trigger afterwards.
  useEffect(() => {
    if (!reopened) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    headingRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [reopened]);

  const store = getConsentStore();
  const current = currentChoiceText(state);

  return (
    <section
      aria-labelledby={headingId}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 max-h-[45vh] overflow-y-auto border-t border-line bg-surface text-ink shadow-[0_-8px_24px_rgba(42,34,48,0.12)]"
    >
      <div className="mx-auto max-w-6xl px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:items-center sm:gap-8 sm:px-6 sm:py-4">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-display text-base font-semibold">
            Your privacy choices
          </h2>
          {state.gpc ? (
            <p className="mt-1 text-sm text-ink-muted">
              Your browser sends a Global Privacy Control signal, and we honor it as a decline: no advertising pixel,
              no ad cookies and no location request. Details are in our{" "}
              <Link to="/privacy-policy" className="font-semibold text-brand underline underline-offset-2">
                Privacy Policy
              </Link>
              .
            </p>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">
              May we use Meta&rsquo;s advertising pixel to measure our ads, and ask for your approximate location?
              Only with your OK. Your form answers (age, interest, zip code, phone, notes) are never shared with
              advertisers.{" "}
              <Link to="/privacy-policy" className="font-semibold text-brand underline underline-offset-2">
                Privacy Policy
              </Link>
            </p>
          )}
          {template ? (
            <p data-consent-current hidden className="mt-1 text-sm font-medium text-ink" />
          ) : current ? (
            <p className="mt-1 text-sm font-medium text-ink">{current}</p>
          ) : null}
        </div>
        <div className="mt-3 flex shrink-0 gap-3 sm:mt-0">
          {state.gpc ? (
            <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="dismiss" onClick={() => store.dismiss()}>
              Close
            </Button>
          ) : (
            <>
              <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="granted" onClick={() => store.choose("granted")}>
                Accept
              </Button>
              <Button size="sm" variant="outline" className="flex-1 sm:w-32" data-consent-action="denied" onClick={() => store.choose("denied")}>
                Decline
              </Button>
              {reopened ? (
                <Button size="sm" variant="ghost" data-consent-action="dismiss" data-consent-reopened-only onClick={() => store.dismiss()}>
                  Close
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
