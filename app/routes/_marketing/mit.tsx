import { usePilot } from "~/lib/pilot";
import { brand, facts } from "#core/brand";
import { AffiliationsCarousel } from "~/components/marketing/affiliations-carousel";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { FinalCta, StepCards } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import type { Route } from "./+types/mit";
import { NumberedItem } from "~/components/marketing/numbered-item";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Our MIT Origins | ${brand.name}`,
    description: `${brand.name} grew out of the MIT innovation community: research, ${brand.pilot.womenInterviewed} interviews with women, and a plan for egg freezing with a guarantee.`,
  });
}

/** The milestones; the last states the pilot's live places (ADR 0091). */
const milestones = (capacity: number) => [
  {
    title: "A question worth answering",
    body: `Why does egg freezing feel like a gamble? Our founder started by listening: ${brand.pilot.womenInterviewed} conversations with women weighing the decision.`,
  },
  {
    title: "Tested in the MIT innovation community",
    body: "The model was shaped with mentors, researchers and fellow founders through university innovation programs, a sandbox fund and an accelerator.",
  },
  {
    title: "A guarantee built on data",
    body: `The ${brand.assessmentName} assessment turns fertility data into a clear score, so a guarantee can be offered honestly to the women it fits.`,
  },
  {
    title: `A pilot in ${brand.pilot.region}`,
    body: `Now the plan is being tested with ${capacity} women in ${facts.cities}, at ${facts.price} instead of ${facts.regularPrice}.`,
  },
];

export default function MitPage() {
  const pilot = usePilot();
  return (
    <>
      <PageHero
        eyebrow="Our origins"
        title="Born in the MIT community, built for women everywhere"
        intro={`${brand.name} began the way MIT projects often do: with a stubborn question, a lot of interviews and a model that had to survive hard feedback. The result is ${brand.pitch.toLowerCase()}`}
      />
      <Section id="story" tone="surface" eyebrow="The story" title="From research to a real plan">
        <ol className="mx-auto mt-10 max-w-3xl space-y-4">
          {milestones(pilot.capacity).map((m, i) => (
            <NumberedItem key={m.title} n={i + 1} title={m.title} className="bg-canvas">
              {m.body}
            </NumberedItem>
          ))}
        </ol>
      </Section>
      <Section id="affiliations" eyebrow="Supported by" title="University innovation programs behind us">
        <div className="mt-10">
          <AffiliationsCarousel />
        </div>
      </Section>
      <Section id="how-it-works" tone="surface" eyebrow="How it works" title="What the pilot looks like for you">
        <StepCards className="mt-10" />
      </Section>
      <FinalCta pageContext="MIT" title="Part of the MIT community? Apply for the pilot" />
    </>
  );
}
