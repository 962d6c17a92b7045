/**
 * The signup form on pages served without React (ISLAND_PAGE): server HTML marked as an island that
 * the page's script hydrates on first use (app/page-scripts/islands/signup-form, ADR 0028). Where React runs
 * the whole page (a client-side navigation), the same component renders the routed form as usual.
 */
import { applicationsGoToWaitlist } from "#core/pipeline/pilot-status";
import { usePilot } from "~/lib/pilot";
import { Island } from "../ui/island";
import { RoutedSignupForm } from "./routed";
import type { SignupFormProps } from "./signup-form";

export function SignupFormIsland({ variant, pageContext, idPrefix, className }: SignupFormProps & { idPrefix: string }) {
  // While the pilot takes no new places, the form is the waitlist's (ADR 0091).
  const waitlist = applicationsGoToWaitlist(usePilot().status);
  // Plain values only: the island's module reads them back to render the very same form.
  const props: Record<string, string> = { idPrefix };
  if (waitlist) props.waitlist = "1";
  if (variant) props.variant = variant;
  if (pageContext) props.pageContext = pageContext;
  if (className) props.className = className;
  return (
    <Island name="signup-form" props={props}>
      <RoutedSignupForm variant={variant} pageContext={pageContext} idPrefix={idPrefix} className={className} waitlist={waitlist} />
    </Island>
  );
}
