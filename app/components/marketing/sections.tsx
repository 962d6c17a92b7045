/** The landing page's sections, reused by the apply and campaign pages. */
import type * as React from "react";
import { Link } from "react-router";
import { brand, facts } from "#core/brand";
import type { PageContext } from "#core/options";
import { SectionAnchor } from "../site/scroll-link";
import { SignupFormIsland } from "../signup-form/island";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { AffiliationsCarousel } from "./affiliations-carousel";
import { BENEFITS, pilotSummary, STEPS } from "./content";
import { waitlistSentence } from "./pilot-words";
import { usePilot } from "~/lib/pilot";
import { Countdown } from "./countdown";
import { BenefitIcon, CheckIcon } from "./icons";
import { Section } from "./section";
import { TikTokEmbed } from "./tiktok-embed";
import { VideoFacade } from "./video-facade";
import { StepBadge } from "./numbered-item";

export const HERO_HEADLINE = "The First Egg Freezing Plan with a Guarantee";

export function Hero({
  headline = HERO_HEADLINE,
  subline,
  eyebrow,
  ctaLabel = "Apply for our Pilot",
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
            {eyebrow ?? `Pilot program · ${facts.cities}`}
          </p>
          <h1 id="hero-heading" className="mt-5 font-display text-4xl leading-[1.08] font-semibold text-balance text-ink sm:text-5xl lg:text-6xl">
            {headline}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted sm:text-xl">
            {subline ??
              `${brand.tagline} Freeze your eggs at a trusted partner clinic for ${facts.price} during the pilot, with ${facts.storage} and a money-back baby guarantee if you qualify.`}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <SectionAnchor targetId={ctaTarget} className={cn(buttonVariants({ size: "lg" }))}>
              {ctaLabel}
            </SectionAnchor>
            <Link to="/howitworks" className={cn(buttonVariants({ variant: "outline", size: "lg" }))}>
              See how it works
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-ink-muted sm:grid-cols-3">
            {[`${facts.discount} for pilot members`, `${facts.storage}`, "Monthly payments available"].map((item) => (
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
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {BENEFITS.map((b) => (
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
  return (
    <Section
      id="benefits"
      tone="surface"
      eyebrow="Pilot benefits"
      title="Everything the pilot includes"
      intro={pilotSummary(pilot.capacity)}
    >
      {/* On phones the form follows the price and countdown; on wide screens it sits beside everything. */}
      <div className={cn("mt-12 grid gap-8 lg:gap-x-10", withForm && "lg:grid-cols-[1fr_minmax(0,30rem)]")}>
        <div className="rounded-3xl bg-ink p-6 text-white sm:p-8 lg:col-start-1 lg:row-start-1">
          <p className="font-display text-2xl font-semibold">
            <span className="text-[#e7dde0] line-through decoration-2">{facts.regularPrice}</span>{" "}
            <span className="text-white">{facts.price}</span>
            <span className="ml-3 inline-block rounded-full bg-accent px-3 py-1 align-middle font-sans text-sm font-bold text-ink">
              {facts.discount}
            </span>
          </p>
          <p className="mt-2 text-[#e7dde0]">Pilot pricing for the first {pilot.capacity} members.</p>
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
  return (
    <ol className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {STEPS.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-line bg-surface p-6">
          <StepBadge n={i + 1} />
          <Heading className="mt-4 font-display text-xl font-semibold text-ink">
            <span className="sr-only">Step {i + 1}: </span>
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
  return (
    <Section
      id={id}
      tone={tone}
      headingLevel={headingLevel}
      eyebrow="How it works"
      title="Four clear steps, one guarantee"
      intro="No guesswork and no fine print surprises. Here is exactly what happens after you apply."
    >
      <StepCards className="mt-12" headingLevel={headingLevel === 1 ? 2 : 3} />
      <VideoFacade
        className="mx-auto mt-12 max-w-4xl"
        videoId={brand.media.presentationVideoId}
        title={`How ${brand.name} works`}
        poster="/posters/how-it-works.svg"
      />
      {withCta ? (
        <div className="mt-10 text-center">
          <SectionAnchor targetId="apply" className={buttonVariants({ size: "lg" })}>
            Start Your Journey Today
          </SectionAnchor>
        </div>
      ) : null}
    </Section>
  );
}

export function PresentationSection() {
  return (
    <Section
      id="presentation"
      tone="soft"
      eyebrow="Watch"
      title={`Meet ${brand.name} in a short video`}
      intro="Our founder walks through why egg freezing needs a guarantee, and how the pilot keeps costs honest."
    >
      <VideoFacade
        className="mx-auto mt-10 max-w-4xl"
        videoId={brand.media.presentationVideoId}
        title={`${brand.name} pilot presentation`}
        poster="/posters/presentation.svg"
      />
    </Section>
  );
}

export function AffiliationsSection() {
  return (
    <Section id="affiliations" eyebrow="Backed by" title="Built with support from university innovation programs">
      <div className="mt-10">
        <AffiliationsCarousel />
      </div>
    </Section>
  );
}

export function SocialFeedSection() {
  return (
    <Section
      id="community"
      tone="surface"
      eyebrow="Community"
      title="Real questions, answered in public"
      intro={`We share what we learn about fertility, costs and the pilot on TikTok. Follow along, or load our latest posts right here.`}
    >
      <TikTokEmbed
        kind="profile"
        title={`@${brand.media.tiktokProfile} latest posts`}
        poster="/posters/social-feed.svg"
        className="mt-10 max-w-3xl"
      />
    </Section>
  );
}

export function TrustSection() {
  const points = [
    {
      title: `Shaped by ${brand.pilot.womenInterviewed} women`,
      body: "Every part of the plan started as a question from a real conversation about egg freezing.",
    },
    {
      title: "Medical care at established clinics",
      body: "Treatment happens at partner fertility clinics with board-certified specialists. We never practice medicine ourselves.",
    },
    {
      title: "Your data treated like medical data",
      body: "Encrypted in transit and never sold. Advertising tools run only if you opt in, and your form answers never reach them.",
    },
    {
      title: "Pricing in writing",
      body: `${facts.price} during the pilot, ${facts.storage} included, and a clear refund rule if the guarantee applies.`,
    },
  ];
  return (
    <Section
      id="trust"
      eyebrow="Why trust us"
      title="Honest numbers, real clinics, your privacy first"
    >
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
        Questions first?{" "}
        <Link to="/contact" className="font-semibold text-brand underline underline-offset-2">
          Talk to our team
        </Link>{" "}
        or read the{" "}
        <Link to="/hipaa-notice" className="font-semibold text-brand underline underline-offset-2">
          HIPAA notice
        </Link>
        .
      </p>
    </Section>
  );
}

export function TestimonialsSection() {
  return (
    <Section
      id="testimonials"
      tone="soft"
      eyebrow="Testimonials"
      title="What early members tell us"
      intro="Illustrative stories based on the conversations that shaped the pilot."
    >
      <ul className="mt-12 grid gap-4 md:grid-cols-3">
        {brand.testimonials.map((t) => (
          <li key={t.name} className="flex">
            <figure className="flex flex-col rounded-3xl bg-surface p-6 shadow-sm">
              <svg aria-hidden="true" viewBox="0 0 32 24" className="h-6 w-8 text-accent" fill="currentColor">
                <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
              </svg>
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">{t.quote}</blockquote>
              <figcaption className="mt-5 text-sm">
                <span className="font-semibold text-ink">{t.name}</span>
                <span className="block text-ink-muted">{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function FreedomBanner() {
  return (
    <section aria-labelledby="freedom-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-brand-strong px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id="freedom-heading" className="font-display text-3xl font-semibold text-balance sm:text-4xl">
          Freedom to Choose
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-[#f6e7ed]">
          Your career, your relationship, your timeline. Freezing your eggs is about keeping your options open, and a
          guarantee means you are not carrying the uncertainty alone.
        </p>
        <SectionAnchor targetId="apply" className={cn(buttonVariants({ variant: "inverse", size: "lg" }), "mt-8")}>
          Apply for our Pilot
        </SectionAnchor>
      </div>
    </section>
  );
}

/** The final call to action with the form (id "apply"). */
export function FinalCta({
  pageContext,
  title = "Ready to take the uncertainty off your plate?",
  intro,
}: {
  pageContext: PageContext;
  title?: string;
  intro?: string;
}) {
  const pilot = usePilot();
  const waiting = waitlistSentence(pilot);
  return (
    <section id="apply" aria-labelledby="apply-heading" className="scroll-mt-20 bg-surface px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[0.9fr_1.1fr] lg:items-start">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand uppercase">Apply</p>
          <h2 id="apply-heading" className="mt-2 font-display text-3xl font-semibold text-balance text-ink sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-ink-muted">
            {intro ??
              `Spots in the pilot are ${facts.spotsLine(pilot.capacity)} in ${facts.cities}. Apply in about a minute; if the pilot is full or you live elsewhere, you join the priority waitlist.`}
            {waiting ? ` ${waiting}` : null}
          </p>
          <ul className="mt-6 space-y-3">
            {[`${facts.price} instead of ${facts.regularPrice}`, `${facts.storage} (${facts.storageValue} value)`, "Priority waitlist if the pilot is full"].map(
              (item) => (
                <li key={item} className="flex items-start gap-3 text-ink">
                  <CheckIcon className="mt-0.5 text-success" />
                  {item}
                </li>
              ),
            )}
          </ul>
        </div>
        <SignupFormIsland variant="call-to-action" pageContext={pageContext} idPrefix="apply-form" />
      </div>
    </section>
  );
}
