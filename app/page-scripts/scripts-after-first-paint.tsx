/**
 * React Router's scripts, started after the page's first paint. On a page React hydrates at load (the
 * admin), `<Scripts>` would have the browser request every module of the page (`modulepreload`, about
 * 125 KB on the sign-in) while it is still fetching the stylesheet and fonts the first paint waits for; on a
 * slow connection they share the bandwidth and the page shows later. Here the server writes the same
 * elements inside a `<noscript>`, which a browser running scripts keeps as text, and a small inline
 * script puts them in the page: the router's context script at once (the streamed loader data that
 * follows in the document needs it), the module preloads and the module script once the browser
 * reports the first contentful paint. docs/decisions/0033-scripts-after-the-first-paint.md
 */
import { Scripts } from "react-router";
import { InlineScript } from "~/components/ui/inline-script";

const HOLDER_ID = "router-scripts";

/** The inline script (see `InlineScript`). */
function startRouterScripts(holderId: string): void {
  const holder = document.getElementById(holderId);
  if (!holder) return;
  // The elements go after this script, where React, hydrating the body, takes them for a third party's.
  const anchor = document.currentScript ?? holder;
  const parsed = document.createRange().createContextualFragment(holder.textContent ?? "");
  const now: Element[] = [];
  const later: Element[] = [];
  for (const element of Array.from(parsed.children)) {
    const isModule = element instanceof HTMLScriptElement && element.type === "module";
    (element instanceof HTMLScriptElement && !isModule ? now : later).push(element);
  }
  anchor.after(...now);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    anchor.after(...later);
  };
  // A page opened in the background paints nothing until it is shown: nothing to wait for.
  if (document.visibilityState === "hidden") return start();
  // The first contentful paint as the browser reports it: the frame's presentation, which comes after
  // the task that drew it. The timer is for a browser that never reports it.
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

export function ScriptsAfterFirstPaint({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <noscript id={HOLDER_ID}>
        <Scripts nonce={nonce} />
      </noscript>
      <InlineScript run={startRouterScripts} args={[HOLDER_ID]} nonce={nonce} />
    </>
  );
}
