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
import { STATIC_PAGE } from "~/page-scripts/handle";

/**
 * Served without React when opened directly (the share control is wired by the page script); after a
 * submission the form navigates here inside the running app, and the success toast shows.
 */
export const handle = STATIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Thank You for Applying | ${brand.name}`,
    description: `Your application to the ${brand.name} pilot is in. Here is what happens next.`,
    noindex: true,
  });
}


export default function ThankYouPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteUrl = (root?.siteUrl ?? "").replace(/\/+$/, "");
  const pilot = usePilot();
  return (
    <div className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl text-center">
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-success-soft text-success">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-6 font-display text-4xl font-semibold text-balance text-ink sm:text-5xl">Thank you for applying!</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">
          Your application to the {brand.name} pilot is in. Here is what happens next.
        </p>
      </div>
      <ol className="mx-auto mt-12 grid max-w-4xl gap-4 sm:grid-cols-2">
        {nextSteps(pilot.capacity, applicationsGoToWaitlist(pilot.status)).map((step, i) => (
          <NumberedItem key={step.title} n={i + 1} title={step.title} heading="h2" className="bg-surface" bodyClassName="text-sm">
            {step.body}
          </NumberedItem>
        ))}
      </ol>
      <div className="mx-auto mt-12 flex max-w-xl flex-col items-center gap-6 text-center">
        <SharePanel siteUrl={siteUrl} />
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
