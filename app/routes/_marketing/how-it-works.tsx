import { brand, facts } from "#core/brand";
import { pilotSummary } from "~/components/marketing/content";
import { usePilot } from "~/lib/pilot";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, FinalCta, HowItWorksSection } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import type { Route } from "./+types/how-it-works";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `How It Works | ${brand.name}`,
    description: `How the ${brand.name} plan works in four steps: apply, take the ${brand.assessmentName} eligibility check, get your path forward, and pay monthly or upfront. Pilot price ${facts.price}.`,
  });
}

export default function HowItWorksPage() {
  const pilot = usePilot();
  return (
    <>
      <HowItWorksSection id="how-it-works" headingLevel={1} />
      <Section id="benefits" tone="surface" eyebrow="Included" title="What the pilot includes" intro={pilotSummary(pilot.capacity)}>
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <FinalCta pageContext="howitworks" title="Start with a one-minute application" />
    </>
  );
}
