import { usePilot } from "~/lib/pilot";
import { brand } from "#core/brand";
import { posterPath } from "~/components/marketing/content";
import { pilotFacts } from "#core/pilot-facts";
import { Section } from "~/components/marketing/section";
import { BenefitsGrid, FinalCta, Hero, StepCards } from "~/components/marketing/sections";
import { TikTokEmbed } from "~/components/marketing/tiktok-embed";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { useSiteWords } from "~/lib/site-words";
import type { Route } from "./+types/tiktok";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const words = siteMetaWords(args.loaderData);
  const { t } = words;
  const pilot = pilotFacts(words);
  const region = brand.pilot.region;
  return pageMeta(args, {
    title: t("tiktok.meta.title", { region, brand: brand.name }),
    description: t("tiktok.meta.description", {
      brand: brand.name,
      region,
      price: pilot.price,
      discount: pilot.discount,
      storage: pilot.storage,
      maxAge: brand.pilot.maxAge,
      cities: pilot.cities,
    }),
  });
}

export default function TiktokPage() {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t, language } = words;
  const said = pilotFacts(words);
  const region = brand.pilot.region;
  const founder = words.brand.founder;
  const videoTitle = t("tiktok.video.title");
  return (
    <>
      <Hero
        eyebrow={t("tiktok.hero.eyebrow", { region, cities: said.cities })}
        headline={t("tiktok.hero.headline", { region })}
        subline={t("tiktok.hero.subline", {
          brand: brand.name,
          cities: said.cities,
          price: said.price,
          regularPrice: said.regularPrice,
          storage: said.storage,
        })}
        ctaLabel={t("marketing.applyNow")}
      >
        <p role="note" className="mt-6 inline-flex items-center gap-2 rounded-2xl border border-accent/50 bg-accent-soft px-4 py-3 text-sm font-semibold text-ink">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-accent" />
          {/* The places said on this page: the live number (ADR 0091). */}
          {t("tiktok.spots", { capacity: String(pilot.capacity), region })}
        </p>
      </Hero>
      <Section id="video" tone="surface" eyebrow={t("marketing.watch")} title={videoTitle} intro={t("tiktok.video.intro")}>
        <div className="mt-10 grid items-center gap-10 lg:grid-cols-2">
          <TikTokEmbed kind="video" title={videoTitle} poster={posterPath("tiktok", language)} className="max-w-sm" />
          <figure className="rounded-3xl bg-brand-soft p-8">
            <svg aria-hidden="true" viewBox="0 0 32 24" className="h-8 w-10 text-brand" fill="currentColor">
              <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
            </svg>
            <blockquote className="mt-4 font-display text-2xl leading-snug text-ink">{founder.quote}</blockquote>
            <figcaption className="mt-6 text-sm">
              <span className="font-semibold text-ink">{founder.name}</span>
              <span className="block text-ink-muted">{founder.title}</span>
            </figcaption>
          </figure>
        </div>
      </Section>
      <Section id="benefits" eyebrow={t("tiktok.benefits.eyebrow")} title={t("tiktok.benefits.title", { region })}>
        <BenefitsGrid className="mt-10 lg:grid-cols-3" />
      </Section>
      <Section id="how-it-works" tone="surface" eyebrow={t("marketing.howItWorks")} title={t("tiktok.steps.title")}>
        <StepCards className="mt-10" />
      </Section>
      <FinalCta
        pageContext="tiktok"
        title={t("tiktok.apply.title", { region })}
        intro={t("tiktok.apply.intro", { capacity: String(pilot.capacity), region, maxAge: brand.pilot.maxAge, cities: said.cities })}
      />
    </>
  );
}
