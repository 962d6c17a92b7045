import { brand } from "#core/brand";
import { pilotFacts } from "#core/pilot-facts";
import {
  AffiliationsSection,
  BenefitsSection,
  FinalCta,
  FreedomBanner,
  Hero,
  HowItWorksSection,
  PresentationSection,
  SocialFeedSection,
  TestimonialsSection,
  TrustSection,
} from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import type { Route } from "./+types/home";
import { ISLAND_PAGE } from "~/page-scripts/handle";

export function loader({ request }: Route.LoaderArgs) {
  return { ...sitePage(request), serverNow: Date.now() };
}

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  const words = siteMetaWords(args.loaderData);
  const { t } = words;
  const pilot = pilotFacts(words);
  return pageMeta(args, {
    title: t("home.meta.title", { brand: brand.name }),
    description: t("home.meta.description", {
      tagline: words.brand.tagline,
      brand: brand.name,
      price: pilot.price,
      discount: pilot.discount,
      storage: pilot.storage,
    }),
    path: "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <BenefitsSection serverNow={loaderData.serverNow} pageContext="landing" />
      <HowItWorksSection />
      <PresentationSection />
      <AffiliationsSection />
      <SocialFeedSection />
      <TrustSection />
      <TestimonialsSection />
      <FreedomBanner />
      <FinalCta pageContext="landing" />
    </>
  );
}
