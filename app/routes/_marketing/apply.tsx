import * as React from "react";
import { brand, facts } from "#core/brand";
import { PILOT_SUMMARY_TIMELESS, pilotSummary } from "~/components/marketing/content";
import { waitlistSentence } from "~/components/marketing/pilot-words";
import { usePilot } from "~/lib/pilot";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, StepCards } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import { SignupFormIsland } from "~/components/signup-form/island";
import { ISLAND_PAGE } from "~/page-scripts/handle";
import type { Route } from "./+types/apply";

/** Served without React's scripts: the signup form is an island, hydrated on first use (ADR 0027, 0028). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Apply for the Pilot | ${brand.name}`,
    description: `Apply for the ${brand.name} egg freezing pilot: ${facts.price} instead of ${facts.regularPrice}, ${facts.storage} and a money-back baby guarantee. ${PILOT_SUMMARY_TIMELESS}`,
  });
}

export default function ApplyPage() {
  const pilot = usePilot();
  // Visitors arriving by a client-side navigation (from buttons deep in other pages): start at the top.
  React.useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <PageHero
        eyebrow="Pilot application"
        title={`Apply for the ${brand.name} pilot`}
        intro={`${waitlistSentence(pilot) ?? pilotSummary(pilot.capacity)} It takes about a minute, and applying does not commit you to anything.`}
      />
      <div className="px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-2xl">
          <SignupFormIsland variant="call-to-action" pageContext="apply" idPrefix="apply" />
        </div>
      </div>
      <Section id="benefits" tone="surface" eyebrow="Benefits" title="What pilot members get">
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <Section id="how-it-works" eyebrow="How it works" title="What happens after you apply">
        <StepCards className="mt-10" />
      </Section>
    </>
  );
}
