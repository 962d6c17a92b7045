import type * as React from "react";
import { Link } from "react-router";
import { usePageWords } from "~/lib/page-words";
import { scrollToSection } from "~/lib/scroll-to-section";

/**
 * A link to a section of the home page (`/#id`, `/es#id` on a Spanish page). On the home page it scrolls smoothly to the
 * section and moves focus there; from any other page it navigates home and React Router's scroll
 * restoration brings the section into view. Without JavaScript it is a plain `/#id` link.
 *
 * "On the home page" is read from the address bar at the click, not from the rendered location: while
 * a navigation away from home is still rendering, the address already names the next page and the
 * home page's sections are still in the document, so a click then must navigate, not scroll.
 */
export function ScrollLink({
  sectionId,
  onNavigate,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Link>, "to"> & { sectionId: string; onNavigate?: () => void }) {
  // The home page in the page's language (`/es` on a Spanish page, ADR 0113).
  const home = usePageWords().href("/");
  return (
    <Link
      {...props}
      to={`${home}#${sectionId}`}
      data-section-link=""
      onClick={(event) => {
        onNavigate?.();
        if (window.location.pathname !== home) return;
        const target = document.getElementById(sectionId);
        if (!target) return;
        event.preventDefault();
        scrollToSection(target);
      }}
    >
      {children}
    </Link>
  );
}

/** A same-page anchor (for example "Apply for our Pilot" → #apply) with smooth scrolling and focus. */
export function SectionAnchor({
  targetId,
  children,
  ...props
}: Omit<React.ComponentProps<"a">, "href"> & { targetId: string }) {
  return (
    <a
      {...props}
      href={`#${targetId}`}
      data-section-link=""
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        scrollToSection(target);
      }}
    >
      {children}
    </a>
  );
}
