import { usePilot } from "~/lib/pilot";
import { Link } from "react-router";
import { brand } from "#core/brand";
import { pilotFacts } from "#core/pilot-facts";
import { TeamCard } from "~/components/about/team-card";
import { ValueCard, ValueIcons } from "~/components/about/value-card";
import { BackToHome } from "~/components/site/back-to-home";
import type { Route } from "./+types/about";
import { pageMeta } from "~/components/site/seo";
import { NumberedItem } from "~/components/marketing/numbered-item";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

/** The page's words, in the language of its address (`/about` or `/es/about`, ADR 0113). */
export function loader({ request }: Route.LoaderArgs) {
  return { ...sitePage(request) };
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("about.meta.title", { brand: brand.name }),
    description: t("about.meta.description", { brand: brand.name }),
  });
}

/** What sets the plan apart, its facts in the page's words. */
function differentiators(words: SiteWords, capacity: number) {
  const { t } = words;
  const pilot = pilotFacts(words, capacity);
  return [
    { title: t("about.different.guarantee.title"), text: t("about.different.guarantee.body", { brand: brand.name }) },
    {
      title: t("about.different.assessment.title", { assessment: brand.assessmentName }),
      text: t("about.different.assessment.body", { assessment: brand.assessmentName }),
    },
    { title: t("about.different.pricing.title"), text: t("about.different.pricing.body", { price: pilot.price, regularPrice: pilot.regularPrice }) },
    { title: t("about.different.storage.title"), text: t("about.different.storage.body", { storage: pilot.storage, storageValue: pilot.storageValue }) },
  ];
}

/** "75+" women, in the page's words ("más de 75" in Spanish); any other wording as the brand writes it. */
function womenInterviewed({ t }: SiteWords): string {
  const more = /^(\d+)\+$/.exec(brand.pilot.womenInterviewed);
  return more ? t("about.story.moreThan", { n: more[1]! }) : brand.pilot.womenInterviewed;
}

export default function AboutPage() {
  const live = usePilot();
  const words = useSiteWords();
  const { t, href } = words;
  const local = words.brand;
  const pilot = pilotFacts(words, live.capacity);
  return (
    <div className="pb-20">
      <section aria-labelledby="about-title" className="bg-brand-soft/50">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12 sm:pb-20">
          <BackToHome />
          <div className="mt-8 grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
            <div>
              <p className="text-sm font-semibold tracking-wide text-brand uppercase">{t("about.eyebrow", { brand: brand.name })}</p>
              <h1 id="about-title" className="mt-3 font-display text-4xl leading-tight text-ink sm:text-5xl">
                {t("about.title")}
              </h1>
              <p className="mt-5 max-w-[60ch] text-lg leading-relaxed text-ink-muted">
                {t("about.intro", { tagline: local.tagline, brand: brand.name })}
              </p>
            </div>
            <HeroArt />
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="mission-heading" className="font-display text-3xl text-ink">
              {t("about.mission.heading")}
            </h2>
            <p className="mt-4 max-w-[65ch] leading-relaxed text-ink">{t("about.mission.body")}</p>
          </div>
          <div>
            <h2 id="story-heading" className="font-display text-3xl text-ink">
              {t("about.story.heading")}
            </h2>
            <p className="mt-4 max-w-[65ch] leading-relaxed text-ink">
              {t("about.story.body", { interviewed: womenInterviewed(words), brand: brand.name, spots: pilot.spots, cities: pilot.cities })}
            </p>
          </div>
        </div>
        <figure className="mt-12 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10">
          <svg aria-hidden="true" viewBox="0 0 32 24" className="h-6 w-8 text-accent" fill="currentColor">
            <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
          </svg>
          <blockquote className="mt-4 max-w-[70ch] font-display text-xl leading-relaxed text-ink sm:text-2xl">
            <p>{local.founder.quote}</p>
          </blockquote>
          <figcaption className="mt-5 text-sm text-ink-muted">
            <span className="font-semibold text-ink">{local.founder.name}</span>, {local.founder.title}
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="values-heading" className="bg-surface py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="values-heading" className="font-display text-3xl text-ink">
            {t("about.values.heading")}
          </h2>
          <p className="mt-3 max-w-[60ch] text-ink-muted">{t("about.values.intro")}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <ValueCard title={t("about.value.empowerment.title")} icon={ValueIcons.empowerment}>
              {t("about.value.empowerment.body")}
            </ValueCard>
            <ValueCard title={t("about.value.transparency.title")} icon={ValueIcons.transparency}>
              {t("about.value.transparency.body")}
            </ValueCard>
            <ValueCard title={t("about.value.science.title")} icon={ValueIcons.science}>
              {t("about.value.science.body")}
            </ValueCard>
            <ValueCard title={t("about.value.shared.title")} icon={ValueIcons.shared}>
              {t("about.value.shared.body")}
            </ValueCard>
          </ul>
        </div>
      </section>

      <section aria-labelledby="different-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="different-heading" className="font-display text-3xl text-ink">
          {t("about.different.heading")}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-2">
          {differentiators(words, live.capacity).map((item, index) => (
            <NumberedItem key={item.title} n={index + 1} title={item.title} className="bg-surface shadow-sm" bodyClassName="text-sm">
              {item.text}
            </NumberedItem>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-heading" className="bg-surface py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="team-heading" className="font-display text-3xl text-ink">
            {t("about.team.heading")}
          </h2>
          <p className="mt-3 max-w-[60ch] text-ink-muted">{t("about.team.intro")}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {local.team.map((member, index) => (
              <TeamCard key={member.name} member={member} index={index} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <div className="rounded-3xl bg-brand-strong px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-heading" className="font-display text-3xl">
            {t("about.cta.heading")}
          </h2>
          <p className="mx-auto mt-4 max-w-[60ch] text-white/90">{t("about.cta.body", { spots: pilot.spots, cities: pilot.cities })}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to={href("/#apply")}
              className="rounded-full bg-white px-6 py-3 font-semibold text-brand-strong shadow-sm hover:bg-brand-soft focus-visible:outline-white"
            >
              {t("about.cta.apply")}
            </Link>
            <Link
              to={href("/contact")}
              className="rounded-full border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-white"
            >
              {t("about.cta.contact")}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** Decorative artwork: soft concentric shapes in the brand palette. */
function HeroArt() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 260" className="mx-auto hidden w-full max-w-sm lg:block">
      <circle cx="170" cy="130" r="118" fill="#f6e7ed" />
      <circle cx="170" cy="130" r="84" fill="#fbeee6" />
      <circle cx="118" cy="92" r="26" fill="#d9825b" opacity="0.85" />
      <circle cx="206" cy="104" r="18" fill="#5f7a6a" opacity="0.8" />
      <circle cx="180" cy="176" r="34" fill="#8a3b5c" opacity="0.9" />
      <circle cx="80" cy="190" r="10" fill="#8a3b5c" opacity="0.35" />
      <circle cx="268" cy="60" r="12" fill="#d9825b" opacity="0.4" />
      <path d="M60 60c40-40 120-50 170-10" fill="none" stroke="#8a3b5c" strokeOpacity="0.25" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
