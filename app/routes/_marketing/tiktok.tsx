import { usePilot } from "~/lib/pilot";
import { brand, facts } from "#core/brand";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, FinalCta, Hero, StepCards } from "~/components/marketing/sections";
import { TikTokEmbed } from "~/components/marketing/tiktok-embed";
import { pageMeta } from "~/components/site/seo";
import type { Route } from "./+types/tiktok";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** The places said on this page, the live number (ADR 0091). */
const spotsNotice = (capacity: number) => `Spots are limited to ${capacity} women in ${brand.pilot.region}`;

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Egg Freezing with a Guarantee in ${brand.pilot.region} | ${brand.name}`,
    description: `${brand.name}'s ${brand.pilot.region} pilot: egg freezing for ${facts.price} (${facts.discount}), ${facts.storage} and a money-back baby guarantee. Open to women under ${brand.pilot.maxAge} in ${facts.cities}.`,
  });
}

export default function TiktokPage() {
  const pilot = usePilot();
  return (
    <>
      <Hero
        eyebrow={`${brand.pilot.region} pilot · ${facts.cities}`}
        headline={`Egg freezing in ${brand.pilot.region}, now with a guarantee`}
        subline={`Saw us on TikTok? Here is the short version: the ${brand.name} pilot lets women in ${facts.cities} freeze their eggs for ${facts.price} instead of ${facts.regularPrice}, with ${facts.storage} and a money-back baby guarantee if you qualify.`}
        ctaLabel="Apply Now"
      >
        <p role="note" className="mt-6 inline-flex items-center gap-2 rounded-2xl border border-accent/50 bg-accent-soft px-4 py-3 text-sm font-semibold text-ink">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-accent" />
          {spotsNotice(pilot.capacity)}
        </p>
      </Hero>
      <Section
        id="video"
        tone="surface"
        eyebrow="Watch"
        title="Why we built a guarantee"
        intro="The video loads from TikTok only when you press play."
      >
        <div className="mt-10 grid items-center gap-10 lg:grid-cols-2">
          <TikTokEmbed kind="video" title="Why we built a guarantee" poster="/posters/tiktok.svg" className="max-w-sm" />
          <figure className="rounded-3xl bg-brand-soft p-8">
            <svg aria-hidden="true" viewBox="0 0 32 24" className="h-8 w-10 text-brand" fill="currentColor">
              <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
            </svg>
            <blockquote className="mt-4 font-display text-2xl leading-snug text-ink">{brand.founder.quote}</blockquote>
            <figcaption className="mt-6 text-sm">
              <span className="font-semibold text-ink">{brand.founder.name}</span>
              <span className="block text-ink-muted">{brand.founder.title}</span>
            </figcaption>
          </figure>
        </div>
      </Section>
      <Section id="benefits" eyebrow="What you get" title={`The ${brand.pilot.region} pilot at a glance`}>
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <Section id="how-it-works" tone="surface" eyebrow="How it works" title="Four steps from application to plan">
        <StepCards className="mt-10" />
      </Section>
      <FinalCta
        pageContext="tiktok"
        title={`Claim your spot in ${brand.pilot.region}`}
        intro={`${spotsNotice(pilot.capacity)}, under ${brand.pilot.maxAge}, in ${facts.cities}. Apply in about a minute; if the pilot is full you join the priority waitlist.`}
      />
    </>
  );
}
