import * as React from "react";
import { brand } from "#core/brand";
import type { PilotPublicState } from "#core/pipeline/pilot-status";
import { pilotFacts } from "#core/pilot-facts";
import { usePilot } from "~/lib/pilot";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, StepCards } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import { SignupFormIsland } from "~/components/signup-form/island";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { ISLAND_PAGE } from "~/page-scripts/handle";
import type { Route } from "./+types/apply";

/** Served without React's scripts: the signup form is an island, hydrated on first use (ADR 0027, 0028). */
export const handle = ISLAND_PAGE;

/** The page's words, in the language of its address (`/apply` or `/es/apply`, ADR 0113). */
export function loader({ request }: Route.LoaderArgs) {
  return { ...sitePage(request) };
}

export function meta(args: Route.MetaArgs) {
  const words = siteMetaWords(args.loaderData);
  // No number of places: a description is read by search engines and link previews long after (ADR 0091).
  const pilot = pilotFacts(words, brand.pilot.spots);
  return pageMeta(args, {
    title: words.t("applyPage.meta.title", { brand: brand.name }),
    description: words.t("applyPage.meta.description", {
      brand: brand.name,
      price: pilot.price,
      regularPrice: pilot.regularPrice,
      storage: pilot.storage,
      maxAge: brand.pilot.maxAge,
      cities: pilot.cities,
    }),
  });
}

/**
 * The hero's first sentence: while the pilot takes no new places (ADR 0091), that applying puts her on the priority
 * waitlist; else its live places (the words of the marketing pages' `waitlistSentence` and `pilotSummary`).
 */
function lead(words: SiteWords, pilot: PilotPublicState): string {
  const { t } = words;
  switch (pilot.status) {
    case "full":
      return t("applyPage.lead.full");
    case "closed":
      return t("applyPage.lead.closed");
    case "not_open":
      return t("applyPage.lead.notOpen");
    case "open": {
      const { spots, cities } = pilotFacts(words, pilot.capacity);
      return t("applyPage.lead.open", { spots, cities });
    }
  }
}

export default function ApplyPage() {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t } = words;
  // Visitors arriving by a client-side navigation (from buttons deep in other pages): start at the top.
  React.useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <PageHero
        eyebrow={t("applyPage.eyebrow")}
        title={t("applyPage.title", { brand: brand.name })}
        intro={t("applyPage.intro", { lead: lead(words, pilot) })}
      />
      <div className="px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-2xl">
          <SignupFormIsland variant="call-to-action" pageContext="apply" idPrefix="apply" />
        </div>
      </div>
      <Section id="benefits" tone="surface" eyebrow={t("applyPage.benefits.eyebrow")} title={t("applyPage.benefits.title")}>
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <Section id="how-it-works" eyebrow={t("applyPage.steps.eyebrow")} title={t("applyPage.steps.title")}>
        <StepCards className="mt-10" />
      </Section>
    </>
  );
}
