import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brand, facts } from "#core/brand";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { type Language, LANGUAGE_LABELS } from "#core/i18n/languages";
import type { PageMessageKey } from "#core/i18n/page-en";
import { hasTwin, localizedPath } from "#core/i18n/site-paths";
import { usePageWords } from "~/lib/page-words";
import { Logo } from "./logo";
import { ScrollLink } from "./scroll-link";

/** A link of the menu: its words are a message of the pages' catalogue, or a name (the assessment's) said alike everywhere. */
type NavLabel = { key: PageMessageKey } | { name: string };
type NavItem = ({ kind: "page"; to: string } | { kind: "section"; section: string }) & { id: string; label: NavLabel };

export const NAV_ITEMS: NavItem[] = [
  { kind: "page", id: "about", label: { key: "chrome.nav.about" }, to: "/about" },
  { kind: "section", id: "benefits", label: { key: "chrome.nav.benefits" }, section: "benefits" },
  { kind: "page", id: "how", label: { key: "chrome.nav.howItWorks" }, to: "/howitworks" },
  { kind: "page", id: "assessment", label: { name: brand.assessmentName }, to: facts.assessmentPath },
  { kind: "section", id: "testimonials", label: { key: "chrome.nav.testimonials" }, section: "testimonials" },
];

const desktopLink =
  "rounded-md px-3 py-2 text-sm font-semibold text-ink transition-colors hover:text-brand-strong aria-[current=page]:text-brand-strong";
const mobileLink =
  "block rounded-xl px-4 py-3 text-base font-semibold text-ink hover:bg-brand-soft aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong";

function NavItemLink({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  const { t, href } = usePageWords();
  const label = "key" in item.label ? t(item.label.key) : item.label.name;
  if (item.kind === "section") {
    return (
      <ScrollLink sectionId={item.section} className={className} onNavigate={onNavigate}>
        {label}
      </ScrollLink>
    );
  }
  return (
    <NavLink to={href(item.to)} className={className} onClick={onNavigate}>
      {label}
    </NavLink>
  );
}

/**
 * The language switch (ADR 0113), on every public page that has a twin in the other language: a plain link, in the
 * other language's own words and `lang`, through the server's switch, which remembers the choice and opens the twin.
 * Her pages follow her record instead; she changes it on her details page (ADR 0112).
 */
function LanguageSwitch({ className }: { className: string }) {
  const { language } = usePageWords();
  const { pathname, search } = useLocation();
  if (!hasTwin(pathname)) return null;
  const other: Language = language === "en" ? "es" : "en";
  const next = localizedPath(pathname, other) + search;
  return (
    <a
      href={`/language/${other}?next=${encodeURIComponent(next)}`}
      hrefLang={other}
      lang={other}
      className={className}
      data-language-switch=""
    >
      {LANGUAGE_LABELS[other]}
    </a>
  );
}

const switchClass =
  "inline-flex h-11 items-center rounded-full px-3 text-sm font-semibold text-ink underline-offset-4 hover:text-brand-strong hover:underline";

export function SiteHeader() {
  const { t, href } = usePageWords();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = React.useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = React.useCallback((next: boolean) => setOpenOn(next ? pathname : null), [pathname]);
  const toggleRef = React.useRef<HTMLButtonElement>(null);

  React.useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, setOpen]);

  const close = () => setOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line/80 bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85">
      <nav aria-label={t("chrome.nav")} className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={href("/")} className="rounded-lg" aria-label={t("chrome.home", { brand: brand.name })}>
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.id}>
              <NavItemLink item={item} className={desktopLink} />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <LanguageSwitch className={switchClass} />
          <Link to={href("/apply")} className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}>
            {t("chrome.apply")}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            data-label-open={t("chrome.menu.open")}
            data-label-close={t("chrome.menu.close")}
            onClick={() => setOpen(!open)}
          >
            <span className="sr-only">{open ? t("chrome.menu.close") : t("chrome.menu.open")}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      <div
        id="mobile-menu"
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-canvas px-4 pt-2 pb-6 shadow-lg lg:hidden"
      >
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.id}>
              <NavItemLink item={item} className={mobileLink} onNavigate={close} />
            </li>
          ))}
        </ul>
        <Link to={href("/apply")} onClick={close} className={cn(buttonVariants(), "mt-4 w-full")}>
          {t("chrome.apply")}
        </Link>
      </div>
    </header>
  );
}
