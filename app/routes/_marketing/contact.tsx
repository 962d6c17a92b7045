import { usePilot } from "~/lib/pilot";
import { Link } from "react-router";
import { brand } from "#core/brand";
import { ContactForm } from "~/components/contact/contact-form";
import { PageHero } from "~/components/marketing/page-hero";
import { BackToHome } from "~/components/site/back-to-home";
import { pageMeta } from "~/components/site/seo";
import { SOCIAL_LABELS, SocialIcon, type SocialNetwork } from "~/components/site/social-icons";
import { comingSoonNotice } from "~/components/site/coming-soon";
import { Button, buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast.widget";
import { ISLAND_PAGE } from "~/page-scripts/handle";
import { Island } from "~/page-scripts/island";
import type { Route } from "./+types/contact";

/** Served without React's scripts: the form is an island, the quick actions are wired by the page script. */
export const handle = ISLAND_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Contact Us | ${brand.name}`,
    description: `Questions about the ${brand.name} pilot, eligibility, pricing or partnerships? Send us a message: we reply within ${brand.contact.responseTime}.`,
  });
}

const MAILBOXES = [
  { title: "Press & media", body: "Interviews, press kits and media questions.", email: brand.contact.press },
  { title: "Clinic partnerships", body: "Fertility clinics interested in joining our network.", email: brand.contact.clinics },
  { title: "Employer partnerships", body: "Offer the plan as a benefit to your team.", email: brand.contact.employers },
];

/** The questions and answers; the places are the pilot's live number (ADR 0091). */
const faq = (capacity: number) => [
  {
    q: "Who can join the pilot?",
    a: `The pilot is open to ${capacity} women under ${brand.pilot.maxAge} in ${brand.pilot.cities.join(" or ")}, aged ${brand.pilot.minAge} or older. Everyone else can apply for the priority waitlist.`,
  },
  {
    q: "How does the baby guarantee work?",
    a: `After the ${brand.assessmentName} assessment, eligible members join with a money-back guarantee: if the plan does not lead to a baby under its terms, you get your money back. The Terms of Service describe exactly what is covered.`,
  },
  {
    q: "Can I use FSA or HSA funds?",
    a: "Yes. You can pay upfront by cash or FSA/HSA funds, or choose quick financing with monthly payments.",
  },
  {
    q: "How is my information protected?",
    a: "We treat everything you share as medical information: encrypted in transit, never sold, and never sent to advertisers. See our Privacy Policy and HIPAA Notice for details.",
  },
];

const SOCIAL: SocialNetwork[] = ["instagram", "facebook", "x", "linkedin"];

// Where React runs the page (a client-side navigation); on a document load the page script's
// delegated handler shows the same toast.
const comingSoon = (what: string) => showToast(comingSoonNotice(what));

export default function ContactPage() {
  const pilot = usePilot();
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="We're here to help"
        intro={`Questions about the pilot, eligibility, the guarantee or pricing? Write to us and a real person will reply within ${brand.contact.responseTime}.`}
      >
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
                Frequently asked questions
              </h2>
              <div className="mt-4 divide-y divide-line">
                {faq(pilot.capacity).map((item) => (
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
          <aside aria-label="Other ways to reach us" className="space-y-6">
            <section aria-labelledby="emergency-heading" className="rounded-3xl border-2 border-danger/40 bg-danger-soft p-6">
              <h2 id="emergency-heading" className="font-display text-xl font-semibold text-danger">
                Medical emergency?
              </h2>
              <p className="mt-2 text-sm text-ink">
                This form is not monitored for emergencies. If you are experiencing a medical emergency, call{" "}
                {brand.contact.emergencyNumber} or go to the nearest emergency room.
              </p>
              <a href={`tel:${brand.contact.emergencyNumber}`} className={`${buttonVariants({ variant: "destructive" })} mt-4`}>
                Call {brand.contact.emergencyNumber}
              </a>
            </section>
            <section aria-labelledby="quick-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="quick-heading" className="font-display text-xl font-semibold text-ink">
                Quick actions
              </h2>
              <div className="mt-4 grid gap-3">
                <Link to="/#apply" className={buttonVariants()}>
                  Apply for Pilot Program
                </Link>
                <Button variant="outline" data-coming-soon="Our info packet" onClick={() => comingSoon("Our info packet")}>
                  Download Info Packet
                </Button>
                <Button variant="outline" data-coming-soon="The partner clinic finder" onClick={() => comingSoon("The partner clinic finder")}>
                  Find Partner Clinic
                </Button>
              </div>
            </section>
            <section aria-labelledby="reach-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="reach-heading" className="font-display text-xl font-semibold text-ink">
                Get in touch
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-semibold text-ink">General questions</dt>
                  <dd>
                    <a href={`mailto:${brand.contact.general}`} className="text-brand underline underline-offset-2">
                      {brand.contact.general}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink">Phone</dt>
                  <dd>
                    <a href={`tel:${brand.contact.phoneHref}`} className="text-brand underline underline-offset-2">
                      {brand.contact.phone}
                    </a>
                  </dd>
                </div>
              </dl>
              <h3 className="mt-6 font-semibold text-ink">Specialized inquiries</h3>
              <ul className="mt-3 space-y-4">
                {MAILBOXES.map((m) => (
                  <li key={m.email} className="text-sm">
                    <p className="font-semibold text-ink">{m.title}</p>
                    <p className="text-ink-muted">{m.body}</p>
                    <a href={`mailto:${m.email}`} className="text-brand underline underline-offset-2">
                      {m.email}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="social-heading" className="rounded-3xl border border-line bg-surface p-6">
              <h2 id="social-heading" className="font-display text-xl font-semibold text-ink">
                Follow us
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
                      <span className="sr-only"> (opens in a new tab)</span>
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
