import { Link, useRouteLoaderData } from "react-router";
import { brand } from "#core/brand";
import { pageMeta } from "~/components/site/seo";
import { SharePanel } from "~/components/site/share-panel";
import { buttonVariants } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/thank-you";
import { NumberedItem } from "~/components/marketing/numbered-item";
import { nextSteps } from "#core/next-steps";
import { applicationsGoToWaitlist } from "#core/pipeline/pilot-status";
import { usePilot } from "~/lib/pilot";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";

/**
 * Served without React when opened directly (the share control is wired by the page script); after a
 * submission the form navigates here inside the running app, and the success toast shows. A Spanish page's form
 * comes to /es/thank-you, said in Spanish (ADR 0113).
 */
export const handle = STATIC_PAGE;

/** The page's words, in the language of its address (`/thank-you` or `/es/thank-you`, ADR 0113). */
export function loader({ request }: Route.LoaderArgs) {
  return { ...sitePage(request) };
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("thanks.meta.title", { brand: brand.name }),
    description: t("thanks.intro", { brand: brand.name }),
    noindex: true,
  });
}

export default function ThankYouPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteUrl = (root?.siteUrl ?? "").replace(/\/+$/, "");
  const pilot = usePilot();
  const words = useSiteWords();
  const { t, href } = words;
  return (
    <div className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl text-center">
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-success-soft text-success">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-6 font-display text-4xl font-semibold text-balance text-ink sm:text-5xl">{t("thanks.title")}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">{t("thanks.intro", { brand: brand.name })}</p>
      </div>
      <ol className="mx-auto mt-12 grid max-w-4xl gap-4 sm:grid-cols-2">
        {nextSteps(words, pilot.capacity, applicationsGoToWaitlist(pilot.status)).map((step, i) => (
          <NumberedItem key={step.title} n={i + 1} title={step.title} heading="h2" className="bg-surface" bodyClassName="text-sm">
            {step.body}
          </NumberedItem>
        ))}
      </ol>
      <div className="mx-auto mt-12 flex max-w-xl flex-col items-center gap-6 text-center">
        <SharePanel siteUrl={siteUrl} />
        <Link to={href("/")} className={buttonVariants({ variant: "outline" })}>
          {t("thanks.home")}
        </Link>
      </div>
    </div>
  );
}
