import { usePilot } from "~/lib/pilot";
import { Link } from "react-router";
import { brand } from "#core/brand";
import type { Translator } from "#core/i18n/catalogue";
import type { SiteMessageKey } from "#core/i18n/site-en";
import { pilotFacts } from "#core/pilot-facts";
import { ContactForm } from "~/components/contact/contact-form";
import { PageHero } from "~/components/marketing/page-hero";
import { BackToHome } from "~/components/site/back-to-home";
import { pageMeta } from "~/components/site/seo";
import { SOCIAL_LABELS, SocialIcon, type SocialNetwork } from "~/components/site/social-icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast.widget";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { ISLAND_PAGE } from "~/page-scripts/handle";
import { Island } from "~/page-scripts/island";
import type { Route } from "./+types/contact";

/** Served without React's scripts: the form is an island, the quick actions are wired by the page script. */
export const handle = ISLAND_PAGE;

/** The page's words, in the language of its address (`/contact` or `/es/contact`, ADR 0113). */
export function loader({ request }: Route.LoaderArgs) {
  return { ...sitePage(request) };
}

/** How soon we reply, in the page's words: "24 hours" is counted in the language; any other wording as the brand writes it. */
function responseTime({ t }: Pick<Translator<SiteMessageKey>, "t">): string {
  const hours = /^(\d+) hours?$/.exec(brand.contact.responseTime);
  return hours ? t("contactPage.hours", { n: Number(hours[1]) }) : brand.contact.responseTime;
}

export function meta(args: Route.MetaArgs) {
  const words = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: words.t("contactPage.meta.title", { brand: brand.name }),
    description: words.t("contactPage.meta.description", { brand: brand.name, responseTime: responseTime(words) }),
  });
}

const MAILBOXES = [
  { title: "contactPage.press.title", body: "contactPage.press.body", email: brand.contact.press },
  { title: "contactPage.clinics.title", body: "contactPage.clinics.body", email: brand.contact.clinics },
  { title: "contactPage.employers.title", body: "contactPage.employers.body", email: brand.contact.employers },
] as const satisfies readonly { title: SiteMessageKey; body: SiteMessageKey; email: string }[];

/** The questions and answers; the places are the pilot's live number (ADR 0091). */
function faq(words: SiteWords, capacity: number) {
  const { t } = words;
  const { cities } = pilotFacts(words, capacity);
  const { maxAge, minAge } = brand.pilot;
  return [
    { q: t("contactPage.faq.who.q"), a: t("contactPage.faq.who.a", { capacity: String(capacity), maxAge, cities, minAge }) },
    { q: t("contactPage.faq.guarantee.q"), a: t("contactPage.faq.guarantee.a", { assessment: brand.assessmentName }) },
    { q: t("contactPage.faq.fsa.q"), a: t("contactPage.faq.fsa.a") },
    { q: t("contactPage.faq.privacy.q"), a: t("contactPage.faq.privacy.a") },
  ];
}

const SOCIAL: SocialNetwork[] = ["instagram", "facebook", "x", "linkedin"];

/**
 * A quick action that is not available yet: the "Coming Soon!" toast in the page's words. Where React runs the page
 * (a client-side navigation) its click shows it; on a document load the page script's delegated handler shows it
 * from the data attributes.
 */
function ComingSoonButton({ label, what }: { label: string; what: string }) {
  const { t } = useSiteWords();
  const notice = { title: t("contactPage.comingSoon.title"), description: t("contactPage.comingSoon.description", { what }) };
  return (
    <Button
      variant="outline"
      data-coming-soon={what}
      data-coming-soon-title={notice.title}
      data-coming-soon-description={notice.description}
      onClick={() => showToast(notice)}
    >
      {label}
    </Button>
  );
}

export default function ContactPage() {
  const pilot = usePilot();
  const words = useSiteWords();
  const { t, href } = words;
  const emergency = brand.contact.emergencyNumber;
  return (
    <>
      <PageHero eyebrow={t("contactPage.eyebrow")} title={t("contactPage.title")} intro={t("contactPage.intro", { responseTime: responseTime(words) })}>
        <div className="mt-6">
          <BackToHome />
        </div>
      </PageHero>
      <div className="px-4 pb-16 sm:px-6">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-8">
            <Island name="contact-form">
              <ContactForm />
            </Island>
            <section aria-labelledby="faq-heading" className="rounded-3xl border border-line bg-surface p-5 sm:p-8">
              <h2 id="faq-heading" className="font-display text-2xl font-semibold text-ink">
                {t("contactPage.faq.heading")}
              </h2>
              <div className="mt-4 divide-y divide-line">
                {faq(words, pilot.capacity).map((item) => (
                  <details key={item.q} className="group py-4">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-ink [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-brand transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
                        <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </summary>
                    <p className="mt-3 leading-relaxed text-ink-muted">{item.a}</p>
                  </details>
                ))}
              </div>
            </section>
          </div>
          <aside aria-label={t("contactPage.otherWays")} className="space-y-6">
            <section aria-labelledby="emergency-heading" className="rounded-3xl border-2 border-danger/40 bg-danger-soft p-6">
              <h2 id="emergency-heading" className="font-display text-xl font-semibold text-danger">
                {t("contactPage.emergency.heading")}
              </h2>
              <p className="mt-2 text-sm text-ink">{t("contactPage.emergency.body", { emergency })}</p>
              <a href={`tel:${emergency}`} className={`${buttonVariants({ variant: "destructive" })} mt-4`}>
                {t("contactPage.emergency.call", { emergency })}
              </a>
            </section>
            <section aria-labelledby="quick-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="quick-heading" className="font-display text-xl font-semibold text-ink">
                {t("contactPage.quick.heading")}
              </h2>
              <div className="mt-4 grid gap-3">
                <Link to={href("/#apply")} className={buttonVariants()}>
                  {t("contactPage.quick.apply")}
                </Link>
                <ComingSoonButton label={t("contactPage.quick.packet")} what={t("contactPage.quick.packet.what")} />
                <ComingSoonButton label={t("contactPage.quick.clinic")} what={t("contactPage.quick.clinic.what")} />
              </div>
            </section>
            <section aria-labelledby="reach-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="reach-heading" className="font-display text-xl font-semibold text-ink">
                {t("contactPage.reach.heading")}
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-semibold text-ink">{t("contactPage.reach.general")}</dt>
                  <dd>
                    <a href={`mailto:${brand.contact.general}`} className="text-brand underline underline-offset-2">
                      {brand.contact.general}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink">{t("contactPage.reach.phone")}</dt>
                  <dd>
                    <a href={`tel:${brand.contact.phoneHref}`} className="text-brand underline underline-offset-2">
                      {brand.contact.phone}
                    </a>
                  </dd>
                </div>
              </dl>
              <h3 className="mt-6 font-semibold text-ink">{t("contactPage.reach.specialized")}</h3>
              <ul className="mt-3 space-y-4">
                {MAILBOXES.map((m) => (
                  <li key={m.email} className="text-sm">
                    <p className="font-semibold text-ink">{t(m.title)}</p>
                    <p className="text-ink-muted">{t(m.body)}</p>
                    <a href={`mailto:${m.email}`} className="text-brand underline underline-offset-2">
                      {m.email}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="social-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="social-heading" className="font-display text-xl font-semibold text-ink">
                {t("contactPage.social.heading")}
              </h2>
              <ul className="mt-4 grid grid-cols-2 gap-2">
                {SOCIAL.map((network) => (
                  <li key={network}>
                    <a
                      href={brand.social[network]}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm font-semibold text-ink hover:bg-brand-soft"
                    >
                      <SocialIcon network={network} className="text-brand" />
                      {SOCIAL_LABELS[network]}
                      <span className="sr-only"> {t("contactPage.newTab")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>
    </>
  );
}
