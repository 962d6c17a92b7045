import * as React from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ConsentBanner } from "./components/consent/consent-banner";
import { EarlySubmitGuard, takeHeldSubmits } from "./page-scripts/early-submits";
import { hasIslands, wantsHydration } from "./page-scripts/handle";
import { ScriptsAfterFirstPaint } from "./page-scripts/scripts-after-first-paint";
import staticPageScript from "./page-scripts/static-page.ts?worker&url";
import type { RootData } from "./lib/root-data";
import { pageLanguageOf } from "./lib/page-words";
import { translator } from "#core/i18n/catalogue";
import { NOTICE_EN } from "#core/i18n/notice-en";
import { requestContext } from "./request-context.server";
import { PageTracker } from "./tracking/page-tracker";
import stylesheet from "./app.css?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** The two Latin web fonts every page uses: fetched with the HTML instead of after the stylesheet. */
export const FONT_PRELOADS = [interLatin, frauncesLatin];

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOADS.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" as const })),
  { rel: "stylesheet", href: stylesheet },
];

export function loader({ context }: Route.LoaderArgs): RootData {
  const { nonce, siteUrl, metaPixelId, pilot } = context.get(requestContext);
  return { nonce, siteUrl, metaPixelId: metaPixelId ?? null, pilot };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Empty for a page built once (ADR 0051), whose inline scripts the policy allows by hash.
  const nonce = data?.nonce || undefined;
  const matches = useMatches();
  // In the browser React is running already (a client-side navigation from a hydrated page): it keeps
  // rendering the full document. Only the server leaves React out of pages that never change.
  const hydrate = typeof document !== "undefined" || wantsHydration(matches);
  // Forms that are not live yet must not be sent by the browser itself (ADR 0023), island or not.
  const holdSubmits = hydrate || hasIslands(matches);
  // The page's language (ADR 0112): the deepest route that names one; English otherwise.
  const i18n = pageLanguageOf(matches);
  // The words said outside the page's layout, in its language (ADR 0113): the consent banner and the notifications.
  const notices = translator(i18n?.language ?? "en", i18n?.notices ?? NOTICE_EN);
  return (
    <html lang={i18n?.language ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7f4" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {holdSubmits ? <EarlySubmitGuard nonce={nonce} /> : null}
      </head>
      <body data-toasts-label={notices.t("notice.toasts")} data-toast-close-label={notices.t("notice.toastClose")}>
        {children}
        <ConsentBanner words={notices} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <ScriptsAfterFirstPaint nonce={nonce} />
          </>
        ) : (
          <>
            <script type="module" src={staticPageScript} nonce={nonce} data-static-page-script="" data-pixel-id={data?.metaPixelId ?? undefined} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Forms submitted before the page was live (ADR 0023) are sent now, through their own handlers.
  React.useEffect(() => {
    for (const form of takeHeldSubmits()) if (form.isConnected) form.requestSubmit();
  }, []);
  return (
    <>
      <Outlet />
      <PageTracker />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "404 Page Not Found" : "Something went wrong";
  const detail = notFound
    ? "The page you are looking for does not exist."
    : "An unexpected error occurred. Please try again in a moment.";
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center p-6 text-center">
      <h1 className="font-display text-3xl text-ink">{title}</h1>
      <p className="mt-3 text-ink-muted">{detail}</p>
      <a className="mt-6 underline" href="/">
        Back to Home
      </a>
    </main>
  );
}
