/**
 * The whole script of a page served without React in the browser (routes whose `handle` says
 * `hydrate: false`: content that never changes). It does, with plain DOM code, the little those
 * pages do in the browser:
 *   - tracking exactly as on hydrated pages (the same tracker: consent first, page view, engaged
 *     user, time on page), with the pixel id and CSP nonce the server put on this script's tag;
 *   - the mobile menu toggle (Escape closes it and gives focus back);
 *   - links to a section of the page, scrolled to smoothly with focus moved there (./section-links);
 *   - the widgets, each wired by the same plain DOM function its React component runs (./widgets):
 *     the consent banner (asking where a pixel is configured, reopened by "Privacy choices"), the
 *     countdown, the affiliations carousel, the video and TikTok facades and the share control of
 *     the thank-you page;
 *   - "Coming Soon!" toasts of quick actions not available yet (`data-coming-soon`, components/ui/toast.widget);
 *   - the form islands of ISLAND_PAGE routes, each hydrated by React on first use (./islands), and
 *     the toast such a form's success carries to the next page (components/ui/toast.widget).
 * It marks the document `data-hydrated` once it is wired, as the React layout does.
 */
import { beginPage, startTracking } from "~/tracking/tracker";
import { comingSoonNotice } from "~/components/site/coming-soon";
import { wireIslands } from "./islands";
import { wireSectionLinks } from "./section-links";
import { showCarriedToast, showToast } from "~/components/ui/toast.widget";
import { wireWidgets } from "./widgets";

export const STATIC_PAGE_SCRIPT_ATTRIBUTE = "data-static-page-script";

function ownTag(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(`script[${STATIC_PAGE_SCRIPT_ATTRIBUTE}]`);
}

function wireMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const label = toggle.querySelector(".sr-only");
  const icon = toggle.querySelector("svg path");
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    // The words the server rendered in the page's language (site-header.tsx).
    if (label) label.textContent = (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? label.textContent;
    icon?.setAttribute("d", open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16");
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden !== false));
  menu.addEventListener("click", (event) => {
    if ((event.target as Element | null)?.closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || menu.hidden) return;
    setOpen(false);
    toggle.focus();
  });
}

function wireComingSoon(): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-coming-soon]");
    const words = button?.dataset;
    if (!words?.comingSoon) return;
    // The words the server rendered in the page's language, when it did (ADR 0113).
    showToast(words.comingSoonTitle && words.comingSoonDescription ? { title: words.comingSoonTitle, description: words.comingSoonDescription } : comingSoonNotice(words.comingSoon));
  });
}

/** Wires the page (run once, as this file is the page's whole script). */
export default function enhanceStaticPage(): void {
  const tag = ownTag();
  const pixelId = tag?.dataset.pixelId || null;
  startTracking({ pixelId, nonce: tag?.nonce || undefined });
  beginPage(window.location.pathname);
  wireMobileMenu();
  wireSectionLinks();
  wireWidgets();
  wireComingSoon();
  wireIslands();
  // A toast the previous page left for this one (a form island's success, before Thank-you loaded).
  showCarriedToast();
  document.documentElement.dataset.hydrated = "true";
}

enhanceStaticPage();
