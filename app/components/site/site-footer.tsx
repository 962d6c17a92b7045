import { Link } from "react-router";
import { brand, facts } from "#core/brand";
import { Logo } from "./logo";
import { SocialLinks } from "./social-icons";

const PROGRAM_LINKS = [
  { to: "/howitworks", label: "How It Works" },
  { to: facts.assessmentPath, label: brand.assessmentName },
  { to: "/apply", label: "Apply for the Pilot" },
];
const COMPANY_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
];
const LEGAL_LINKS = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/hipaa-notice", label: "HIPAA Notice" },
];

const linkClass = "rounded-md text-sm text-ink-muted underline-offset-4 hover:text-brand-strong hover:underline";

function FooterColumn({ title, links, children }: { title: string; links: { to: string; label: string }[]; children?: React.ReactNode }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <div>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink uppercase">
        {title}
      </h2>
      <ul aria-labelledby={headingId} className="mt-3 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
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
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-xs">
          <Link to="/" className="inline-block rounded-lg" aria-label={`${brand.name} home`}>
            <Logo />
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-ink-muted">{brand.tagline}</p>
          <SocialLinks className="mt-5" networks={["instagram", "facebook", "x", "linkedin", "tiktok"]} />
        </div>
        <FooterColumn title="Program" links={PROGRAM_LINKS} />
        <FooterColumn title="Company" links={COMPANY_LINKS} />
        <FooterColumn title="Legal" links={LEGAL_LINKS}>
          {legalExtras}
        </FooterColumn>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-ink-muted sm:px-6 md:text-left">
          {facts.copyright(year)}
        </p>
      </div>
    </footer>
  );
}

/** Class for a button placed in the footer's Legal column so it looks like the other links. */
export const footerLinkClass = linkClass;
