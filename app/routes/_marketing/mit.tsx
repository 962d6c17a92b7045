import { usePilot } from "~/lib/pilot";
import { brand } from "#core/brand";
import { AffiliationsCarousel } from "~/components/marketing/affiliations-carousel";
import { type MarketingWords } from "~/components/marketing/content";
import { pilotFacts } from "#core/pilot-facts";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { FinalCta, StepCards } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { useSiteWords } from "~/lib/site-words";
import type { Route } from "./+types/mit";
import { NumberedItem } from "~/components/marketing/numbered-item";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("mit.meta.title", { brand: brand.name }),
    description: t("mit.meta.description", { brand: brand.name, women: brand.pilot.womenInterviewed }),
  });
}

/** The milestones; the last states the pilot's live places (ADR 0091). */
function milestones(words: MarketingWords, capacity: number) {
  const { t } = words;
  const pilot = pilotFacts(words);
  return [
    { title: t("mit.milestone.question.title"), body: t("mit.milestone.question.body", { women: brand.pilot.womenInterviewed }) },
    { title: t("mit.milestone.tested.title"), body: t("mit.milestone.tested.body") },
    { title: t("mit.milestone.data.title"), body: t("mit.milestone.data.body", { assessment: brand.assessmentName }) },
    {
      title: t("mit.milestone.pilot.title", { region: brand.pilot.region }),
      body: t("mit.milestone.pilot.body", { capacity: String(capacity), cities: pilot.cities, price: pilot.price, regularPrice: pilot.regularPrice }),
    },
  ];
}

export default function MitPage() {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t } = words;
  return (
    <>
      <PageHero
        eyebrow={t("mit.eyebrow")}
        title={t("mit.title")}
        intro={t("mit.intro", { brand: brand.name, pitch: words.brand.pitch.toLowerCase() })}
      />
      <Section id="story" tone="surface" eyebrow={t("mit.story.eyebrow")} title={t("mit.story.title")}>
        <ol className="mx-auto mt-10 max-w-3xl space-y-4">
          {milestones(words, pilot.capacity).map((m, i) => (
            <NumberedItem key={m.title} n={i + 1} title={m.title} className="bg-canvas">
              {m.body}
            </NumberedItem>
          ))}
        </ol>
      </Section>
      <Section id="affiliations" eyebrow={t("mit.affiliations.eyebrow")} title={t("mit.affiliations.title")}>
        <div className="mt-10">
          <AffiliationsCarousel />
        </div>
      </Section>
      <Section id="how-it-works" tone="surface" eyebrow={t("marketing.howItWorks")} title={t("mit.steps.title")}>
        <StepCards className="mt-10" />
      </Section>
      <FinalCta pageContext="MIT" title={t("mit.apply.title")} />
    </>
  );
}
