/**
 * Form submits made before React is live. The signup and contact forms are JavaScript forms without an
 * `action`: sent by the browser itself, in the moment between the first paint and hydration, they would
 * go out as a GET with the answers in the address. A small inline script in the head holds
 * such a submit until the root has hydrated; the root then sends each held form again
 * through its own handler (`takeHeldSubmits`). A form with an action (a router `<Form method="post">`)
 * works without scripts and is left to the browser. docs/decisions/0023-early-form-submits.md
 */
import { InlineScript } from "~/components/ui/inline-script";

interface EarlySubmits {
  /** Forms submitted before the page was live; stops holding further submits. */
  release(): HTMLFormElement[];
}

declare global {
  interface Window {
    __earlySubmits?: EarlySubmits;
  }
}

/** The inline script (see `InlineScript`). */
function holdEarlySubmits(): void {
  const held: HTMLFormElement[] = [];
  const hold = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(form)) held.push(form);
  };
  addEventListener("submit", hold, true);
  window.__earlySubmits = {
    release() {
      removeEventListener("submit", hold, true);
      return held.splice(0);
    },
  };
}

/** Forms a visitor submitted before the page was live (each once); from now on React handles submits. */
export function takeHeldSubmits(): HTMLFormElement[] {
  return window.__earlySubmits?.release() ?? [];
}

export function EarlySubmitGuard({ nonce }: { nonce: string | undefined }) {
  return <InlineScript run={holdEarlySubmits} args={[]} nonce={nonce} />;
}
