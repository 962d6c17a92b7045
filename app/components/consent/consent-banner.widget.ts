/**
 * The consent banner's behaviour (ADR 0029, 0042), the same where React renders the page and where it
 * does not: the banner is cloned from the templates ./consent-banner.tsx renders (the ordinary
 * question, or the notice for a browser sending Global Privacy Control), shown while the consent store
 * says so (asking on its own only where a pixel is configured, `data-pixel-configured` on the root),
 * its buttons answer the store, "Privacy choices" (`data-privacy-choices`) reopens it with focus moved
 * in, and focus goes back where it was when it closes.
 */
import { currentChoiceText, type ConsentSnapshot } from "~/tracking/consent";
import { getConsentStore } from "~/tracking/tracker";

export function wireConsentBanner(root: HTMLElement): () => void {
  const store = getConsentStore();
  const pixelConfigured = root.dataset.pixelConfigured !== undefined;
  const wiring = new AbortController();
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
    const template = root.querySelector<HTMLTemplateElement>(`template[data-consent-template="${kind}"]`);
    const section = template?.content.firstElementChild?.cloneNode(true);
    if (!(section instanceof HTMLElement)) return;
    // The words the server rendered in the page's language (consent-banner.tsx).
    const current = currentChoiceText(snapshot.state, { granted: section.dataset.consentGrantedText ?? "", declined: section.dataset.consentDeclinedText ?? "" });
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
  const unsubscribe = store.subscribe(render);
  render();

  document.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element | null)?.closest("[data-privacy-choices]")) store.reopen();
    },
    { signal: wiring.signal },
  );

  return () => {
    wiring.abort();
    unsubscribe();
    close();
  };
}
