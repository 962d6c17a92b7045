/**
 * The signup form's success and failure, one flow for both kinds of page (ADR 0042). A success goes to
 * Thank-you and shows the success toast there; a failure raises an error toast on the form's page.
 * Where React Router runs the page, the way to Thank-you is a client-side navigation: the toast is
 * shown once it has happened and the conversions are sent from here. On a page served without React
 * (a form island, ADR 0028) it is a document load: the toast and the conversions are carried through
 * sessionStorage and shown and sent by Thank-you's page script.
 */
import { carryToast, showToast } from "../ui/toast.widget";
import type { SignupOutcomes } from "./signup-form";

/** Resolves once this document is being left (or after a while, if the browser stays). */
function leaving(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener("pagehide", () => resolve(), { once: true });
    setTimeout(resolve, 10_000);
  });
}

/** `navigate`: React Router's, where it runs the page; without it Thank-you is a document load. */
export function signupOutcomes(navigate?: (to: string) => Promise<void> | void): SignupOutcomes {
  return {
    conversions: navigate ? "here" : "next-page",
    accepted: async (notice, thankYou) => {
      if (navigate) {
        await navigate(thankYou);
        showToast(notice);
        return;
      }
      carryToast(notice);
      window.location.assign(thankYou);
      return leaving();
    },
    failed: (notice) => showToast({ ...notice, variant: "destructive" }),
  };
}
