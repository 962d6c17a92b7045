import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Language } from "#core/i18n/languages";
import { formatCalendarDay } from "#core/time";
import { BackToHome } from "~/components/site/back-to-home";
import { useSiteWords } from "~/lib/site-words";
import { Callout } from "./prose";

export interface LegalSectionContent {
  /** Anchor id used by the table of contents (e.g. "information-we-collect"). */
  id: string;
  /** Heading text without its number. */
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** Label before the date, e.g. `t("legal.frame.lastUpdated")` or `t("legal.frame.effective")`. */
  dateLabel: string;
  /** ISO date from the brand configuration. */
  isoDate: string;
  /** Text shown above the table of contents. */
  intro?: ReactNode;
  sections: readonly LegalSectionContent[];
  /**
   * The English original's path (e.g. "/terms-of-service"). On a page in another language the document opens with
   * the note that it is a translation and the English version governs (`GoverningLanguageNote`); on the English
   * page it changes nothing.
   */
  englishPath?: string;
}

/**
 * Shared layout of the legal pages: title, date line, on-page table of contents and numbered sections, in the
 * page's language (ADR 0113: the frame's words come from `legal.frame.*`, the document is the page's own).
 * Section numbers come from the order of `sections`, so the contents and headings never disagree.
 */
export function LegalPage({ title, dateLabel, isoDate, intro, sections, englishPath }: LegalPageProps) {
  const { language, locale } = useSiteWords();
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12" aria-labelledby="legal-title">
      <BackToHome />
      <header className="mt-6 border-b border-line pb-6">
        <h1 id="legal-title" className="font-display text-3xl leading-tight text-ink sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-ink-muted" data-testid="legal-date">
          {dateLabel}: <time dateTime={isoDate}>{formatLegalDate(isoDate, language, locale)}</time>
        </p>
      </header>
      {englishPath && language !== "en" ? (
        <div className="mt-6">
          <GoverningLanguageNote englishPath={englishPath} />
        </div>
      ) : null}
      {intro ? <div className="mt-6 max-w-[70ch] space-y-4 text-base leading-relaxed text-ink">{intro}</div> : null}
      <TableOfContents sections={sections} />
      <div className="mt-10 space-y-12">
        {sections.map((section, index) => (
          <LegalSection key={section.id} id={section.id} number={index + 1} title={section.title}>
            {section.body}
          </LegalSection>
        ))}
      </div>
      <div className="mt-16 border-t border-line pt-6">
        <BackToHome />
      </div>
    </article>
  );
}

/**
 * A legal date ("2025-08-15") as the page's language writes it: in English exactly as everywhere else on the site
 * ("August 15, 2025"), in another language by `Intl` in its locale ("15 de agosto de 2025"). The day is a calendar
 * day, so it is read and written in UTC and never shifts with a time zone.
 */
export function formatLegalDate(isoDate: string, language: Language, locale: string): string {
  if (language === "en") return formatCalendarDay(isoDate);
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * The note a translated legal document opens with: it is a translation for convenience, and where it differs from
 * the English original, the English version governs, with a link to that original. `LegalPage` shows it when given
 * `englishPath`; a page may also place it itself.
 */
export function GoverningLanguageNote({ englishPath }: { englishPath: string }) {
  const { t } = useSiteWords();
  return (
    <Callout title={t("legal.frame.governingTitle")}>
      <p data-testid="governing-language-note">
        {t("legal.frame.governingBody")}{" "}
        <Link to={englishPath} hrefLang="en" className="font-medium text-brand underline underline-offset-4">
          {t("legal.frame.governingLink")}
        </Link>
        .
      </p>
    </Callout>
  );
}

export function TableOfContents({ sections }: { sections: readonly LegalSectionContent[] }) {
  const { t } = useSiteWords();
  return (
    <nav aria-labelledby="toc-heading" className="mt-8 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {t("legal.frame.toc")}
      </h2>
      <ol className="mt-3 gap-x-8 text-sm sm:columns-2">
        {sections.map((section, index) => (
          <li key={section.id} className="flex break-inside-avoid gap-2 py-1">
            <span aria-hidden="true" className="w-6 shrink-0 text-right text-ink-muted tabular-nums">
              {index + 1}.
            </span>
            <a
              href={`#${section.id}`}
              className="rounded-sm text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
            >
              <span className="sr-only">{index + 1}. </span>
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function LegalSection({
  id,
  number,
  title,
  children,
}: {
  id: string;
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} data-legal-section className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="font-display text-2xl leading-snug text-ink">
        {number}. {title}
      </h2>
      <div className="mt-4 max-w-[70ch] space-y-4 text-base leading-relaxed text-ink">{children}</div>
    </section>
  );
}
