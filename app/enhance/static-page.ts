/**
 * The whole script of a page served without React in the browser (routes whose `handle` says
 * `hydrate: false`: content that never changes). It does, with plain DOM code, the little those
 * pages do in the browser:
 *   - tracking exactly as on hydrated pages (the same tracker: consent first, page view, engaged
 *     user, time on page), with the pixel id and CSP nonce the server put on this script's tag;
 *   - the consent banner, cloned from the server-rendered templates (the same markup as the React
 *     banner), asking where a pixel is configured and reopened by "Privacy choices";
 *   - the mobile menu toggle (Escape closes it and gives focus back);
 *   - links to a section of the page, scrolled to smoothly with focus moved there (./section-links);
 *   - the countdown, the affiliations carousel, the video and TikTok facades and the share control
 *     of the thank-you page (./widgets);
 *   - "Coming Soon!" toasts of quick actions not available yet (`data-coming-soon`, components/ui/toast.widget);
 *   - the form islands of ISLAND_PAGE routes, each hydrated by React on first use (./islands), and
 *     the toast such a form's success carries to the next page (components/ui/toast.widget).
 * It marks the document `data-hydrated` once it is wired, as the React layout does.
 */
import { currentChoiceText, type ConsentSnapshot } from "~/tracking/consent";
import { beginPage, getConsentStore, startTracking } from "~/tracking/tracker";
import { comingSoonNotice } from "~/components/site/coming-soon";
import { wireIslands } from "./islands";
import { wireSectionLinks } from "./section-links";
import { showCarriedToast, showToast } from "~/components/ui/toast.widget";
import { wireWidgets } from "./widgets";

export const STATIC_PAGE_SCRIPT_ATTRIBUTE = "data-static-page-script";

function ownTag(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(`script[${STATIC_PAGE_SCRIPT_ATTRIBUTE}]`);
}

function wireConsentBanner(pixelConfigured: boolean): void {
  const store = getConsentStore();
  let panel: HTMLElement | null = null;
  let returnFocusTo: HTMLElement | null = null;

  const close = () => {
    panel?.remove();
    panel = null;
    if (returnFocusTo?.isConnected) returnFocusTo.focus();
    returnFocusTo = null;
  };

  const open = (snapshot: ConsentSnapshot) => {
    const kind = snapshot.state.gpc ? "gpc" : "ask";
    const template = document.querySelector<HTMLTemplateElement>(`template[data-consent-template="${kind}"]`);
    const section = template?.content.firstElementChild?.cloneNode(true);
    if (!(section instanceof HTMLElement)) return;
    const current = currentChoiceText(snapshot.state);
    const currentLine = section.querySelector<HTMLElement>("[data-consent-current]");
    if (currentLine) {
      currentLine.textContent = current ?? "";
      currentLine.hidden = !current;
    }
    if (!snapshot.reopened) section.querySelectorAll("[data-consent-reopened-only]").forEach((el) => el.remove());
    section.addEventListener("click", (event) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-consent-action]");
      const action = button?.dataset.consentAction;
      if (action === "granted" || action === "denied") store.choose(action);
      else if (action === "dismiss") store.dismiss();
    });
    panel?.remove();
    document.body.append(section);
    panel = section;
    if (snapshot.reopened) {
      returnFocusTo ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
      section.querySelector<HTMLElement>("h2")?.focus();
    }
  };

  const render = () => {
    const snapshot = store.getSnapshot();
    const show = snapshot.bannerOpen && (snapshot.reopened || pixelConfigured);
    if (show) open(snapshot);
    else if (panel) close();
  };
  store.subscribe(render);
  render();

  document.querySelectorAll<HTMLElement>("[data-privacy-choices]").forEach((button) => {
    button.addEventListener("click", () => store.reopen());
  });
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
    if (label) label.textContent = open ? "Close menu" : "Open menu";
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
    if (button?.dataset.comingSoon) showToast(comingSoonNotice(button.dataset.comingSoon));
  });
}

/** Wires the page (run once, as this file is the page's whole script). */
export default function enhanceStaticPage(): void {
  const tag = ownTag();
  const pixelId = tag?.dataset.pixelId || null;
  startTracking({ pixelId, nonce: tag?.nonce || undefined });
  beginPage(window.location.pathname);
  wireConsentBanner(Boolean(pixelId));
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
