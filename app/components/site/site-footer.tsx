import { Link } from "react-router";
import { brand, facts } from "#core/brand";
import type { PageMessageKey } from "#core/i18n/page-en";
import { usePageWords } from "~/lib/page-words";
import { Logo } from "./logo";
import { SocialLinks } from "./social-icons";

/** A footer link: its words are a message of the pages' catalogue, or a name said alike everywhere. */
type FooterLink = { to: string; label: { key: PageMessageKey } | { name: string } };

const PROGRAM_LINKS: FooterLink[] = [
  { to: "/howitworks", label: { key: "chrome.nav.howItWorks" } },
  { to: facts.assessmentPath, label: { name: brand.assessmentName } },
  { to: "/apply", label: { key: "chrome.footer.applyPilot" } },
];
const COMPANY_LINKS: FooterLink[] = [
  { to: "/about", label: { key: "chrome.nav.about" } },
  { to: "/contact", label: { key: "chrome.footer.contact" } },
];
const LEGAL_LINKS: FooterLink[] = [
  { to: "/privacy-policy", label: { key: "chrome.footer.privacy" } },
  { to: "/terms-of-service", label: { key: "chrome.footer.terms" } },
  { to: "/hipaa-notice", label: { key: "chrome.footer.hipaa" } },
];

const linkClass = "rounded-md text-sm text-ink-muted underline-offset-4 hover:text-brand-strong hover:underline";

function FooterColumn({ id, title, links, children }: { id: string; title: string; links: FooterLink[]; children?: React.ReactNode }) {
  const { t, href } = usePageWords();
  const headingId = `footer-${id}`;
  return (
    <div>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink uppercase">
        {title}
      </h2>
      <ul aria-labelledby={headingId} className="mt-3 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={href(link.to)} className={linkClass}>
              {"key" in link.label ? t(link.label.key) : link.label.name}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}

/**
 * Site footer. The Legal column takes extra list items as children: the consent banner adds its
 * "Privacy choices" control there (an <li> holding a button styled like the links).
 */
export function SiteFooter({ year, legalExtras }: { year: number; legalExtras?: React.ReactNode }) {
  const { t, language, href } = usePageWords();
  // English says the brand's own words (a deployment may set them); another language, its catalogue's.
  const english = language === "en";
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-xs">
          <Link to={href("/")} className="inline-block rounded-lg" aria-label={t("chrome.home", { brand: brand.name })}>
            <Logo />
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-ink-muted">{english ? brand.tagline : t("chrome.tagline")}</p>
          <SocialLinks className="mt-5" networks={["instagram", "facebook", "x", "linkedin", "tiktok"]} />
        </div>
        <FooterColumn id="program" title={t("chrome.footer.program")} links={PROGRAM_LINKS} />
        <FooterColumn id="company" title={t("chrome.footer.company")} links={COMPANY_LINKS} />
        <FooterColumn id="legal" title={t("chrome.footer.legal")} links={LEGAL_LINKS}>
          {legalExtras}
        </FooterColumn>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-ink-muted sm:px-6 md:text-left">
          {english ? facts.copyright(year) : t("chrome.copyright", { year: String(year), entity: brand.legal.entity })}
        </p>
      </div>
    </footer>
  );
}

/** Class for a button placed in the footer's Legal column so it looks like the other links. */
export const footerLinkClass = linkClass;
