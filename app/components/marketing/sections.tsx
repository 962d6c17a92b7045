/** The landing page's sections, reused by the apply and campaign pages, in the page's language (ADR 0113). */
import type * as React from "react";
import { Link } from "react-router";
import { brand } from "#core/brand";
import type { PageContext } from "#core/options";
import { SectionAnchor } from "../site/scroll-link";
import { SignupFormIsland } from "../signup-form/island";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { AffiliationsCarousel } from "./affiliations-carousel";
import { benefits, pilotSummary, posterPath, steps } from "./content";
import { pilotFacts } from "#core/pilot-facts";
import { waitlistSentence } from "./pilot-words";
import { usePilot } from "~/lib/pilot";
import { Rich } from "~/lib/page-words";
import { useSiteWords } from "~/lib/site-words";
import { Countdown } from "./countdown";
import { BenefitIcon, CheckIcon } from "./icons";
import { Section } from "./section";
import { TikTokEmbed } from "./tiktok-embed";
import { VideoFacade } from "./video-facade";
import { StepBadge } from "./numbered-item";

/** The landing page's opening; a campaign page gives its own headline, eyebrow, subline and button words. */
export function Hero({
  headline,
  subline,
  eyebrow,
  ctaLabel,
  ctaTarget = "apply",
  children,
}: {
  headline?: string;
  subline?: React.ReactNode;
  eyebrow?: string;
  ctaLabel?: string;
  ctaTarget?: string;
  children?: React.ReactNode;
}) {
  const words = useSiteWords();
  const { t, href } = words;
  const pilot = pilotFacts(words);
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden px-4 pt-10 pb-16 sm:px-6 sm:pt-16 sm:pb-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 h-[28rem] w-[28rem] rounded-full bg-accent-soft blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-strong">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent" />
            {eyebrow ?? t("sections.hero.eyebrow", { cities: pilot.cities })}
          </p>
          <h1 id="hero-heading" className="mt-5 font-display text-4xl leading-[1.08] font-semibold text-balance text-ink sm:text-5xl lg:text-6xl">
            {headline ?? t("sections.hero.headline")}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted sm:text-xl">
            {subline ?? t("sections.hero.subline", { tagline: words.brand.tagline, price: pilot.price, storage: pilot.storage })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <SectionAnchor targetId={ctaTarget} className={cn(buttonVariants({ size: "lg" }))}>
              {ctaLabel ?? t("marketing.applyPilot")}
            </SectionAnchor>
            <Link to={href("/howitworks")} className={cn(buttonVariants({ variant: "outline", size: "lg" }))}>
              {t("sections.hero.seeHow")}
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-ink-muted sm:grid-cols-3">
            {[t("sections.hero.check.discount", { discount: pilot.discount }), pilot.storage, t("sections.hero.check.monthly")].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckIcon className="text-success" />
                {item}
              </li>
            ))}
          </ul>
          {children}
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <img
            src="/hero-art.svg"
            alt=""
            width={560}
            height={520}
            fetchPriority="high"
            className="h-auto w-full"
            onError={() => console.warn("Hero artwork failed to load")}
          />
        </div>
      </div>
    </section>
  );
}

export function BenefitsGrid({ className }: { className?: string }) {
  const words = useSiteWords();
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {benefits(words).map((b) => (
        <li key={b.title} className="rounded-2xl border border-line bg-surface p-5">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-soft text-brand-strong">
            <BenefitIcon icon={b.icon} />
          </span>
          <h3 className="mt-3 font-semibold text-ink">{b.title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-ink-muted">{b.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** Benefits with the countdown and the form (landing page, id "benefits"). */
export function BenefitsSection({
  serverNow,
  pageContext,
  withForm = true,
}: {
  serverNow: number;
  pageContext: PageContext;
  withForm?: boolean;
}) {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t } = words;
  const said = pilotFacts(words);
  return (
    <Section
      id="benefits"
      tone="surface"
      eyebrow={t("sections.benefits.eyebrow")}
      title={t("sections.benefits.title")}
      intro={pilotSummary(pilot.capacity, words)}
    >
      {/* On phones the form follows the price and countdown; on wide screens it sits beside everything. */}
      <div className={cn("mt-12 grid gap-8 lg:gap-x-10", withForm && "lg:grid-cols-[1fr_minmax(0,30rem)]")}>
        <div className="rounded-3xl bg-ink p-6 text-white sm:p-8 lg:col-start-1 lg:row-start-1">
          <p className="font-display text-2xl font-semibold">
            <span className="text-[#e7dde0] line-through decoration-2">{said.regularPrice}</span>{" "}
            <span className="text-white">{said.price}</span>
            <span className="ml-3 inline-block rounded-full bg-accent px-3 py-1 align-middle font-sans text-sm font-bold text-ink">
              {said.discount}
            </span>
          </p>
          <p className="mt-2 text-[#e7dde0]">{t("sections.benefits.pricing", { capacity: String(pilot.capacity) })}</p>
          <Countdown pilot={pilot} serverNow={serverNow} tone="dark" className="mt-6" />
        </div>
        {withForm ? (
          <SignupFormIsland
            variant="hero"
            pageContext={pageContext}
            idPrefix="hero-form"
            className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
          />
        ) : null}
        <BenefitsGrid className="lg:col-start-1 lg:row-start-2" />
      </div>
    </Section>
  );
}

export function StepCards({ className, headingLevel = 3 }: { className?: string; headingLevel?: 2 | 3 }) {
  // One level below the section's own heading (the how-it-works page uses it as its h1).
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const words = useSiteWords();
  return (
    <ol className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {steps(words).map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-line bg-surface p-6">
          <StepBadge n={i + 1} />
          <Heading className="mt-4 font-display text-xl font-semibold text-ink">
            <span className="sr-only">{`${words.t("sections.step.number", { n: i + 1 })} `}</span>
            {step.title}
          </Heading>
          <p className="mt-2 text-sm leading-relaxed text-ink-muted">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** Four step cards, the how-it-works video and an optional button to the final form. */
export function HowItWorksSection({
  id = "how-it-works",
  withCta = true,
  headingLevel = 2,
  tone = "canvas",
}: {
  id?: string;
  withCta?: boolean;
  headingLevel?: 1 | 2;
  tone?: "canvas" | "surface";
}) {
  const { t, language } = useSiteWords();
  return (
    <Section
      id={id}
      tone={tone}
      headingLevel={headingLevel}
      eyebrow={t("marketing.howItWorks")}
      title={t("sections.howItWorks.title")}
      intro={t("sections.howItWorks.intro")}
    >
      <StepCards className="mt-12" headingLevel={headingLevel === 1 ? 2 : 3} />
      <VideoFacade
        className="mx-auto mt-12 max-w-4xl"
        videoId={brand.media.presentationVideoId}
        title={t("sections.howItWorks.video", { brand: brand.name })}
        poster={posterPath("how-it-works", language)}
      />
      {withCta ? (
        <div className="mt-10 text-center">
          <SectionAnchor targetId="apply" className={buttonVariants({ size: "lg" })}>
            {t("sections.howItWorks.cta")}
          </SectionAnchor>
        </div>
      ) : null}
    </Section>
  );
}

export function PresentationSection() {
  const { t, language } = useSiteWords();
  return (
    <Section
      id="presentation"
      tone="soft"
      eyebrow={t("marketing.watch")}
      title={t("sections.presentation.title", { brand: brand.name })}
      intro={t("sections.presentation.intro")}
    >
      <VideoFacade
        className="mx-auto mt-10 max-w-4xl"
        videoId={brand.media.presentationVideoId}
        title={t("sections.presentation.video", { brand: brand.name })}
        poster={posterPath("presentation", language)}
      />
    </Section>
  );
}

export function AffiliationsSection() {
  const { t } = useSiteWords();
  return (
    <Section id="affiliations" eyebrow={t("sections.affiliations.eyebrow")} title={t("sections.affiliations.title")}>
      <div className="mt-10">
        <AffiliationsCarousel />
      </div>
    </Section>
  );
}

export function SocialFeedSection() {
  const { t } = useSiteWords();
  const profile = brand.media.tiktokProfile;
  return (
    <Section
      id="community"
      tone="surface"
      eyebrow={t("sections.social.eyebrow")}
      title={t("sections.social.title")}
      intro={t("sections.social.intro")}
    >
      <TikTokEmbed
        kind="profile"
        title={t("sections.social.feed", { profile })}
        label={t("sections.social.load", { profile })}
        poster="/posters/social-feed.svg"
        className="mt-10 max-w-3xl"
      />
    </Section>
  );
}

export function TrustSection() {
  const words = useSiteWords();
  const { t, href } = words;
  const pilot = pilotFacts(words);
  const points = [
    { title: t("sections.trust.shaped.title", { women: brand.pilot.womenInterviewed }), body: t("sections.trust.shaped.body") },
    { title: t("sections.trust.clinics.title"), body: t("sections.trust.clinics.body") },
    { title: t("sections.trust.data.title"), body: t("sections.trust.data.body") },
    { title: t("sections.trust.pricing.title"), body: t("sections.trust.pricing.body", { price: pilot.price, storage: pilot.storage }) },
  ];
  const linkClass = "font-semibold text-brand underline underline-offset-2";
  return (
    <Section id="trust" eyebrow={t("sections.trust.eyebrow")} title={t("sections.trust.title")}>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2">
        {points.map((p) => (
          <li key={p.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-6">
            <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
              <CheckIcon />
            </span>
            <div>
              <h3 className="font-semibold text-ink">{p.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-ink-muted">{p.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-ink-muted">
        <Rich
          text={t("sections.trust.questions")}
          parts={{
            contact: (
              <Link to={href("/contact")} className={linkClass}>
                {t("sections.trust.questions.contact")}
              </Link>
            ),
            hipaa: (
              <Link to={href("/hipaa-notice")} className={linkClass}>
                {t("sections.trust.questions.hipaa")}
              </Link>
            ),
          }}
        />
      </p>
    </Section>
  );
}

export function TestimonialsSection() {
  const { t, brand: local } = useSiteWords();
  return (
    <Section
      id="testimonials"
      tone="soft"
      eyebrow={t("sections.testimonials.eyebrow")}
      title={t("sections.testimonials.title")}
      intro={t("sections.testimonials.intro")}
    >
      <ul className="mt-12 grid gap-4 md:grid-cols-3">
        {local.testimonials.map((testimonial) => (
          <li key={testimonial.name} className="flex">
            <figure className="flex flex-col rounded-3xl bg-surface p-6 shadow-sm">
              <svg aria-hidden="true" viewBox="0 0 32 24" className="h-6 w-8 text-accent" fill="currentColor">
                <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
              </svg>
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">{testimonial.quote}</blockquote>
              <figcaption className="mt-5 text-sm">
                <span className="font-semibold text-ink">{testimonial.name}</span>
                <span className="block text-ink-muted">{testimonial.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function FreedomBanner() {
  const { t } = useSiteWords();
  return (
    <section aria-labelledby="freedom-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-brand-strong px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id="freedom-heading" className="font-display text-3xl font-semibold text-balance sm:text-4xl">
          {t("sections.freedom.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-[#f6e7ed]">{t("sections.freedom.body")}</p>
        <SectionAnchor targetId="apply" className={cn(buttonVariants({ variant: "inverse", size: "lg" }), "mt-8")}>
          {t("marketing.applyPilot")}
        </SectionAnchor>
      </div>
    </section>
  );
}

/** The final call to action with the form (id "apply"). */
export function FinalCta({
  pageContext,
  title,
  intro,
}: {
  pageContext: PageContext;
  title?: string;
  intro?: string;
}) {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t } = words;
  const said = pilotFacts(words);
  const waiting = waitlistSentence(pilot, words);
  return (
    <section id="apply" aria-labelledby="apply-heading" className="scroll-mt-20 bg-surface px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[0.9fr_1.1fr] lg:items-start">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand uppercase">{t("sections.apply.eyebrow")}</p>
          <h2 id="apply-heading" className="mt-2 font-display text-3xl font-semibold text-balance text-ink sm:text-4xl">
            {title ?? t("sections.apply.title")}
          </h2>
          <p className="mt-4 text-lg text-ink-muted">
            {intro ?? t("sections.apply.intro", { capacity: String(pilot.capacity), maxAge: brand.pilot.maxAge, cities: said.cities })}
            {waiting ? ` ${waiting}` : null}
          </p>
          <ul className="mt-6 space-y-3">
            {[
              t("marketing.fact.priceInstead", { price: said.price, regularPrice: said.regularPrice }),
              said.storageWithValue,
              t("sections.apply.waitlist"),
            ].map((item) => (
              <li key={item} className="flex items-start gap-3 text-ink">
                <CheckIcon className="mt-0.5 text-success" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <SignupFormIsland variant="call-to-action" pageContext={pageContext} idPrefix="apply-form" />
      </div>
    </section>
  );
}
