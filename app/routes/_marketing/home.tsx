import { brand, facts } from "#core/brand";
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
import type { Route } from "./+types/home";
import { ISLAND_PAGE } from "~/page-scripts/handle";

export function loader() {
  return { serverNow: Date.now() };
}

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `${brand.name} | The First Egg Freezing Plan with a Guarantee`,
    description: `${brand.tagline} Join the ${brand.name} pilot: egg freezing for ${facts.price} (${facts.discount}), ${facts.storage} and a money-back baby guarantee.`,
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
