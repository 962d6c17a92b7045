import { brand, facts } from "#core/brand";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { FinalCta } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import type { Route } from "./+types/assessment";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `${brand.assessmentName}: The Fertility Assessment | ${brand.name}`,
    description: `${brand.assessmentName} scores your fertility, explains it in plain language and decides whether the ${brand.name} baby guarantee fits you, or what personalized plan does.`,
  });
}

const INPUTS = [
  { title: "Ovarian reserve", body: "Hormone blood work, such as AMH, that estimates how many eggs you have today." },
  { title: "Ultrasound findings", body: "An antral follicle count from a pelvic ultrasound at a partner clinic." },
  { title: "Age and health history", body: "Your age, cycles and relevant medical history, reviewed by clinicians." },
  { title: "Your goals", body: "How many children you may want and when, so the plan fits your life, not an average." },
];

const OUTCOMES = [
  {
    title: "Eligible for the guarantee",
    body: "Your score shows the plan is likely to work for you: you can join with the money-back baby guarantee.",
  },
  {
    title: "A personalized fertility plan",
    body: "If the guarantee is not the right fit, you get a clear, personalized plan and honest options, including whether to freeze now.",
  },
];

export default function AssessmentPage() {
  return (
    <>
      <PageHero
        eyebrow="The assessment"
        title={`${brand.assessmentName}: know your numbers before you decide`}
        intro={`${brand.assessmentName} is our fertility assessment. It scores your fertility, explains what the score means, and decides eligibility for the ${brand.name} guarantee.`}
      />
      <Section id="model" tone="surface" eyebrow="The model" title="What goes into your score">
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {INPUTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-line bg-canvas p-6">
              <h3 className="font-display text-xl font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{item.body}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-ink-muted">
          Tests are ordered and read by licensed clinicians at partner clinics. {brand.assessmentName} informs your
          decision; it does not replace medical advice.
        </p>
      </Section>
      <Section id="outcomes" eyebrow="Your result" title="Two clear paths forward">
        <ul className="mt-10 grid gap-4 md:grid-cols-2">
          {OUTCOMES.map((item) => (
            <li key={item.title} className="rounded-3xl bg-brand-soft p-8">
              <h3 className="font-display text-2xl font-semibold text-ink">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-ink">{item.body}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-ink-muted">
          Pilot members take {brand.assessmentName} as step two, after applying. Pilot price {facts.price}, with{" "}
          {facts.storage}.
        </p>
      </Section>
      <FinalCta pageContext="assessment" title={`Apply to take ${brand.assessmentName} in the pilot`} />
    </>
  );
}
