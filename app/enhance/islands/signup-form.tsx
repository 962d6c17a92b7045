/**
 * The signup form as an island (ADR 0028). A success is a document load to Thank-you: the success
 * toast and the conversions go with it through sessionStorage and are shown and sent there, by that
 * page's script. A failure raises the page's own toast.
 */
import { FORM_SOURCES, type PageContext } from "#core/options";
import { SignupForm, type SignupFormVariant, type SignupOutcomes } from "~/components/signup-form/signup-form";
import { islandProps } from "../island";
import { carryToast, showToast } from "../static-toast";
import { hydrateIsland } from "./hydrate-island";

/** Resolves once this document is being left (or after a while, if the browser stays). */
function leaving(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener("pagehide", () => resolve(), { once: true });
    setTimeout(resolve, 10_000);
  });
}

const outcomes: SignupOutcomes = {
  conversions: "next-page",
  accepted: (notice) => {
    carryToast(notice);
    window.location.assign("/thank-you");
    return leaving();
  },
  failed: (notice) => showToast({ ...notice, variant: "destructive" }),
};

function isPageContext(value: string | undefined): value is PageContext {
  return value !== undefined && Object.hasOwn(FORM_SOURCES, value);
}

export function hydrate(root: HTMLElement, onLive: () => void): void {
  const props = islandProps(root);
  const variant: SignupFormVariant = props.variant === "hero" ? "hero" : "call-to-action";
  const pageContext = isPageContext(props.pageContext) ? props.pageContext : "landing";
  hydrateIsland(
    root,
    <SignupForm variant={variant} pageContext={pageContext} idPrefix={props.idPrefix} className={props.className} outcomes={outcomes} />,
    onLive,
  );
}
