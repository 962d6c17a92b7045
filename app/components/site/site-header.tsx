import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brand, facts } from "#core/brand";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { Logo } from "./logo";
import { ScrollLink } from "./scroll-link";

type NavItem = { kind: "page"; label: string; to: string } | { kind: "section"; label: string; section: string };

export const NAV_ITEMS: NavItem[] = [
  { kind: "page", label: "About Us", to: "/about" },
  { kind: "section", label: "Benefits", section: "benefits" },
  { kind: "page", label: "How It Works", to: "/howitworks" },
  { kind: "page", label: brand.assessmentName, to: facts.assessmentPath },
  { kind: "section", label: "Testimonials", section: "testimonials" },
];

const desktopLink =
  "rounded-md px-3 py-2 text-sm font-semibold text-ink transition-colors hover:text-brand-strong aria-[current=page]:text-brand-strong";
const mobileLink =
  "block rounded-xl px-4 py-3 text-base font-semibold text-ink hover:bg-brand-soft aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong";

function NavItemLink({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  if (item.kind === "section") {
    return (
      <ScrollLink sectionId={item.section} className={className} onNavigate={onNavigate}>
        {item.label}
      </ScrollLink>
    );
  }
  return (
    <NavLink to={item.to} className={className} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}

export function SiteHeader() {
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
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label={`${brand.name} home`}>
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItemLink item={item} className={desktopLink} />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <Link to="/apply" className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}>
            Apply Now
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(!open)}
          >
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
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
            <li key={item.label}>
              <NavItemLink item={item} className={mobileLink} onNavigate={close} />
            </li>
          ))}
        </ul>
        <Link to="/apply" onClick={close} className={cn(buttonVariants(), "mt-4 w-full")}>
          Apply Now
        </Link>
      </div>
    </header>
  );
}
