import { usePilot } from "~/lib/pilot";
import { Link } from "react-router";
import { brand, facts } from "#core/brand";
import { TeamCard } from "~/components/about/team-card";
import { ValueCard, ValueIcons } from "~/components/about/value-card";
import { BackToHome } from "~/components/site/back-to-home";
import type { Route } from "./+types/about";
import { pageMeta } from "~/components/site/seo";
import { NumberedItem } from "~/components/marketing/numbered-item";
import { STATIC_PAGE } from "~/page-scripts/handle";

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `About Us | ${brand.name}`,
    description: `Why we built ${brand.name}, the first egg freezing plan with a guarantee: our mission, our story, our values and the team behind the pilot.`,
  });
}

const { pilot } = brand;

const differentiators = [
  {
    title: "A guarantee, not just a procedure",
    text: `Egg freezing is usually sold as a procedure with no promise attached. ${brand.name} is a plan: if you qualify, your path forward is backed by our baby guarantee; if you don't, you get a personalized fertility plan instead of a dead end.`,
  },
  {
    title: `${brand.assessmentName}: know before you commit`,
    text: `Our fertility assessment, ${brand.assessmentName}, scores your fertility and tells you whether you are eligible for the guarantee before you make a decision, so you start with facts instead of guesses.`,
  },
  {
    title: "Honest, simple pricing",
    text: `Pilot participants pay ${facts.price} instead of ${facts.regularPrice}. Pay over time with quick financing and monthly payments, or upfront with cash or FSA/HSA funds. No surprise line items.`,
  },
  {
    title: "Storage included",
    text: `Every pilot plan includes ${facts.storage}, ${facts.storageValue} in value, so the cost of keeping your eggs safe doesn't start the day after your retrieval.`,
  },
] as const;

export default function AboutPage() {
  const live = usePilot();
  return (
    <div className="pb-20">
      <section aria-labelledby="about-title" className="bg-brand-soft/50">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12 sm:pb-20">
          <BackToHome />
          <div className="mt-8 grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
            <div>
              <p className="text-sm font-semibold tracking-wide text-brand uppercase">About {brand.name}</p>
              <h1 id="about-title" className="mt-3 font-display text-4xl leading-tight text-ink sm:text-5xl">
                Egg freezing with a plan you can count on
              </h1>
              <p className="mt-5 max-w-[60ch] text-lg leading-relaxed text-ink-muted">
                {brand.tagline} {brand.name} pairs egg freezing at trusted partner clinics with a clear assessment,
                honest pricing and a money-back baby guarantee.
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
              Our mission
            </h2>
            <p className="mt-4 max-w-[65ch] leading-relaxed text-ink">
              We want every woman who is thinking about her future family to be able to make that decision with
              clear information, a fair price and real protection if biology doesn’t cooperate. Preserving your
              options shouldn’t mean taking on all of the risk alone.
            </p>
          </div>
          <div>
            <h2 id="story-heading" className="font-display text-3xl text-ink">
              Our story
            </h2>
            <p className="mt-4 max-w-[65ch] leading-relaxed text-ink">
              Before building anything, our founder spoke with {pilot.womenInterviewed} women about egg freezing. They
              told her the same things again and again: the price is intimidating, the information is confusing, and
              nobody can say whether it will work. {brand.name} is our answer: a plan that starts with an honest
              assessment, stays transparent about cost and shares the risk with you through a guarantee. We are
              starting small, with a pilot {facts.spotsLine(live.capacity)} in {facts.cities}, so that we can get every detail right.
            </p>
          </div>
        </div>
        <figure className="mt-12 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10">
          <svg aria-hidden="true" viewBox="0 0 32 24" className="h-6 w-8 text-accent" fill="currentColor">
            <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12H19z" />
          </svg>
          <blockquote className="mt-4 max-w-[70ch] font-display text-xl leading-relaxed text-ink sm:text-2xl">
            <p>{brand.founder.quote}</p>
          </blockquote>
          <figcaption className="mt-5 text-sm text-ink-muted">
            <span className="font-semibold text-ink">{brand.founder.name}</span>, {brand.founder.title}
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="values-heading" className="bg-surface py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="values-heading" className="font-display text-3xl text-ink">
            Our values
          </h2>
          <p className="mt-3 max-w-[60ch] text-ink-muted">The principles behind every decision we make.</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <ValueCard title="Empowerment First" icon={ValueIcons.empowerment}>
              You decide what is right for your body and your timeline. Our job is to give you the knowledge and
              options to decide with confidence.
            </ValueCard>
            <ValueCard title="Transparency Always" icon={ValueIcons.transparency}>
              Clear prices, plain-language terms and honest odds. If something is uncertain, we say so.
            </ValueCard>
            <ValueCard title="Science + Compassion" icon={ValueIcons.science}>
              Evidence-based medicine from experienced clinicians, delivered by people who remember there is a person
              behind every chart.
            </ValueCard>
            <ValueCard title="Shared Responsibility" icon={ValueIcons.shared}>
              We put our own money behind the outcome. When we ask you to trust the plan, we carry part of the risk
              with you.
            </ValueCard>
          </ul>
        </div>
      </section>

      <section aria-labelledby="different-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="different-heading" className="font-display text-3xl text-ink">
          What makes us different
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-2">
          {differentiators.map((item, index) => (
            <NumberedItem key={item.title} n={index + 1} title={item.title} className="bg-surface shadow-sm" bodyClassName="text-sm">
              {item.text}
            </NumberedItem>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-heading" className="bg-surface py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="team-heading" className="font-display text-3xl text-ink">
            Leadership team
          </h2>
          <p className="mt-3 max-w-[60ch] text-ink-muted">
            Clinicians, researchers and operators who have spent their careers on fertility care.
          </p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {brand.team.map((member, index) => (
              <TeamCard key={member.name} member={member} index={index} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <div className="rounded-3xl bg-brand-strong px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-heading" className="font-display text-3xl">
            Ready to see if the pilot is right for you?
          </h2>
          <p className="mx-auto mt-4 max-w-[60ch] text-white/90">
            The pilot is {facts.spotsLine(live.capacity)} in {facts.cities}. Everyone else can join the priority waitlist.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/#apply"
              className="rounded-full bg-white px-6 py-3 font-semibold text-brand-strong shadow-sm hover:bg-brand-soft focus-visible:outline-white"
            >
              Apply for the Pilot
            </Link>
            <Link
              to="/contact"
              className="rounded-full border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-white"
            >
              Contact Us
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
