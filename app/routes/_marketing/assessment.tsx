import { brand } from "#core/brand";
import { pilotFacts } from "#core/pilot-facts";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { FinalCta } from "~/components/marketing/sections";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { useSiteWords } from "~/lib/site-words";
import type { Route } from "./+types/assessment";
import { ISLAND_PAGE } from "~/page-scripts/handle";

/** Served without React's scripts: the widgets are plain scripts and the forms islands (ADR 0029). */
export const handle = ISLAND_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  const names = { assessment: brand.assessmentName, brand: brand.name };
  return pageMeta(args, {
    title: t("assessment.meta.title", names),
    description: t("assessment.meta.description", names),
  });
}

const INPUTS = [
  { title: "assessment.input.reserve.title", body: "assessment.input.reserve.body" },
  { title: "assessment.input.ultrasound.title", body: "assessment.input.ultrasound.body" },
  { title: "assessment.input.history.title", body: "assessment.input.history.body" },
  { title: "assessment.input.goals.title", body: "assessment.input.goals.body" },
] as const;

const OUTCOMES = [
  { title: "assessment.outcome.eligible.title", body: "assessment.outcome.eligible.body" },
  { title: "assessment.outcome.plan.title", body: "assessment.outcome.plan.body" },
] as const;

export default function AssessmentPage() {
  const words = useSiteWords();
  const { t } = words;
  const pilot = pilotFacts(words);
  const names = { assessment: brand.assessmentName, brand: brand.name };
  return (
    <>
      <PageHero eyebrow={t("assessment.eyebrow")} title={t("assessment.title", names)} intro={t("assessment.intro", names)} />
      <Section id="model" tone="surface" eyebrow={t("assessment.model.eyebrow")} title={t("assessment.model.title")}>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {INPUTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-line bg-canvas p-6">
              <h3 className="font-display text-xl font-semibold text-ink">{t(item.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{t(item.body)}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-ink-muted">{t("assessment.model.note", names)}</p>
      </Section>
      <Section id="outcomes" eyebrow={t("assessment.result.eyebrow")} title={t("assessment.result.title")}>
        <ul className="mt-10 grid gap-4 md:grid-cols-2">
          {OUTCOMES.map((item) => (
            <li key={item.title} className="rounded-3xl bg-brand-soft p-8">
              <h3 className="font-display text-2xl font-semibold text-ink">{t(item.title)}</h3>
              <p className="mt-3 leading-relaxed text-ink">{t(item.body)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-ink-muted">
          {t("assessment.result.note", { assessment: brand.assessmentName, price: pilot.price, storage: pilot.storage })}
        </p>
      </Section>
      <FinalCta pageContext="assessment" title={t("assessment.apply.title", names)} />
    </>
  );
}
