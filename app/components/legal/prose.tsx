import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "#core/brand";
import { useSiteWords } from "~/lib/site-words";

/** Small building blocks for legal text, so the three legal pages share one typography. */

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold text-ink">{children}</h3>;
}

export function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const className = `space-y-2 pl-6 marker:text-brand ${ordered ? "list-decimal" : "list-disc"}`;
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
}

/** A list item that starts with a bold term, e.g. "Access. You may ask…". */
export function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <li>
      <strong className="font-semibold">{term}.</strong> {children}
    </li>
  );
}

export function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside aria-label={title} className="rounded-xl border border-line bg-brand-soft/60 p-5">
      <p className="font-semibold text-ink">{title}</p>
      <div className="mt-2 space-y-3 text-ink">{children}</div>
    </aside>
  );
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium break-words text-brand underline underline-offset-4">
      {address}
    </a>
  );
}

export function PhoneLink() {
  return (
    <a href={`tel:${brand.contact.phoneHref}`} className="font-medium text-brand underline underline-offset-4">
      {brand.contact.phone}
    </a>
  );
}

const linkClass = "font-medium text-brand underline underline-offset-4";

/** A link inside legal text: client-side navigation for our own pages, a plain anchor otherwise. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

/**
 * The company's legal form (`brand.legal.incorporation`, "a Delaware corporation") in the page's language: in English
 * exactly as configured; in another language, "a <state> corporation" is said by `legal.frame.incorporation`, and
 * any other wording keeps its English words (marked as English), as brand prose without a translation does.
 */
export function Incorporation() {
  const { t, language } = useSiteWords();
  const { incorporation } = brand.legal;
  if (language === "en") return <>{incorporation}</>;
  const state = /^an? (.+) corporation$/i.exec(incorporation)?.[1];
  if (state) return <>{t("legal.frame.incorporation", { state })}</>;
  return <span lang="en">{incorporation}</span>;
}

/** The company's postal block, from the brand configuration; its labels in the page's language. */
export function CompanyAddress({ attention, email }: { attention: string; email: string }) {
  const { t } = useSiteWords();
  const { entity, address } = brand.legal;
  return (
    <address className="rounded-xl border border-line bg-surface p-5 not-italic leading-relaxed">
      <span className="block font-semibold">{attention}</span>
      <span className="block">{entity}</span>
      <span className="block">{address.street}</span>
      <span className="block">
        {address.city}, {address.region} {address.postalCode}
      </span>
      <span className="block">{address.country}</span>
      <span className="mt-3 block">
        {t("legal.frame.email")}: <MailLink address={email} />
      </span>
      <span className="block">
        {t("legal.frame.phone")}: <PhoneLink />
      </span>
    </address>
  );
}
