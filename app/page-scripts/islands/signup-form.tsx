/**
 * The signup form as an island (ADR 0028). A success is a document load to Thank-you that carries the
 * success toast and the conversions (components/signup-form/outcomes, the same flow as the routed form's).
 */
import { FORM_SOURCES, type PageContext } from "#core/options";
import { signupOutcomes } from "~/components/signup-form/outcomes";
import { SignupForm, type SignupFormVariant } from "~/components/signup-form/signup-form";
import { islandProps } from "../island";
import { hydrateIsland } from "./hydrate-island";

const outcomes = signupOutcomes();

function isPageContext(value: string | undefined): value is PageContext {
  return value !== undefined && Object.hasOwn(FORM_SOURCES, value);
}

export function hydrate(root: HTMLElement, onLive: () => void): void {
  const props = islandProps(root);
  const variant: SignupFormVariant = props.variant === "hero" ? "hero" : "call-to-action";
  const pageContext = isPageContext(props.pageContext) ? props.pageContext : "landing";
  hydrateIsland(
    root,
    <SignupForm
      variant={variant}
      pageContext={pageContext}
      idPrefix={props.idPrefix}
      className={props.className}
      waitlist={props.waitlist === "1"}
      outcomes={outcomes}
    />,
    onLive,
  );
}
