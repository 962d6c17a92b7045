import { brand, facts } from "#core/brand";
import { pilotSummary } from "~/components/marketing/content";
import { usePilot } from "~/lib/pilot";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { useSiteWords } from "~/lib/site-words";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, FinalCta, HowItWorksSection } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import type { Route } from "./+types/how-it-works";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("howItWorks.meta.title", { brand: brand.name }),
    description: t("howItWorks.meta.description", { brand: brand.name, assessment: brand.assessmentName, price: facts.price }),
  });
}

export default function HowItWorksPage() {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t } = words;
  return (
    <>
      <HowItWorksSection id="how-it-works" headingLevel={1} />
      <Section
        id="benefits"
        tone="surface"
        eyebrow={t("howItWorks.benefits.eyebrow")}
        title={t("howItWorks.benefits.title")}
        intro={pilotSummary(pilot.capacity, words)}
      >
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <FinalCta pageContext="howitworks" title={t("howItWorks.apply.title")} />
    </>
  );
}
