/**
 * Section links on pages served without React, as ScrollLink and SectionAnchor do them on pages React
 * runs (components/site/scroll-link, `data-section-link`): one that leads to a section of this very page
 * (`#apply`, or `/#benefits` on the home page) scrolls there smoothly and moves focus to it. Other links,
 * such as a legal page's table of contents, are left to the browser.
 */
import { scrollToSection } from "~/lib/scroll-to-section";

function sectionOnThisPage(link: HTMLAnchorElement): HTMLElement | null {
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || url.search !== window.location.search) return null;
  const id = decodeURIComponent(url.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

export function wireSectionLinks(): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-section-link]");
    if (!link || link.target) return;
    const section = sectionOnThisPage(link);
    if (!section) return;
    event.preventDefault();
    scrollToSection(section);
  });
}
