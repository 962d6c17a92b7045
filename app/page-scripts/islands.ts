/**
 * Form islands on pages served without React (ISLAND_PAGE): each `[data-island]` part is server HTML
 * until a visitor starts using it (focus, tap, hover, key, input, change or submit inside it); then its
 * hydrate module (./islands/<name>) is fetched (React, the form and its libraries, one chunk) and
 * hydrates that part alone. A submit before then is held and sent again once the island is live; what
 * was typed, pasted or chosen meanwhile stays in the fields, which the form reads as it takes them over
 * (ADR 0027, 0050). A live island is marked `data-island-live`.
 */
import { onFirstUseEvents } from "./first-use";
import { trackApplicationStarted } from "~/tracking/tracker";
import type { IslandName } from "./islands/names";

type Hydrate = (root: HTMLElement, onLive: () => void) => void;

const HYDRATE_MODULES: Record<IslandName, () => Promise<{ hydrate: Hydrate }>> = {
  "contact-form": () => import("./islands/contact-form"),
  "signup-form": () => import("./islands/signup-form"),
};

/** Done at an island's first focus, at once, not when its code has arrived. */
const ON_FIRST_FOCUS: Partial<Record<IslandName, () => void>> = {
  // The first focus in the signup form starts an application (docs/requirements.md §7, §9).
  "signup-form": trackApplicationStarted,
};

interface IslandState {
  started: boolean;
  live: boolean;
  heldSubmits: HTMLFormElement[];
}

/** One more try after a moment for a dropped connection; a second failure leaves the server's form. */
async function loadHydrate(name: IslandName): Promise<Hydrate> {
  const load = HYDRATE_MODULES[name];
  try {
    return (await load()).hydrate;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return (await load()).hydrate;
  }
}

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(HYDRATE_MODULES, name);
}

export function wireIslands(): void {
  const states = new Map<HTMLElement, IslandState>();
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    if (isIslandName(root.dataset.island)) states.set(root, { started: false, live: false, heldSubmits: [] });
  }
  // Submits made before this script ran were held by the inline guard in the head (ADR 0023).
  const early = window.__earlySubmits?.release() ?? [];
  if (states.size === 0) {
    for (const form of early) if (form.isConnected) form.requestSubmit();
    return;
  }

  const start = (root: HTMLElement, state: IslandState) => {
    if (state.started) return;
    state.started = true;
    const name = root.dataset.island as IslandName;
    loadHydrate(name)
      .then((hydrate) =>
        hydrate(root, () => {
          state.live = true;
          root.dataset.islandLive = "";
          for (const form of state.heldSubmits.splice(0)) if (form.isConnected) form.requestSubmit();
        }),
      )
      .catch(() => {
        // The chunk could not be fetched twice: the form stays as the server sent it; let a later use try again.
        state.started = false;
      });
  };

  const hold = (form: HTMLFormElement, state: IslandState) => {
    if (!state.heldSubmits.includes(form)) state.heldSubmits.push(form);
  };

  const onUse = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const root = target.closest<HTMLElement>("[data-island]");
    const state = root && states.get(root);
    if (!root || !state || state.live) return;
    if (event.type === "focusin") ON_FIRST_FOCUS[root.dataset.island as IslandName]?.();
    start(root, state);
    if (event.type === "submit" && target instanceof HTMLFormElement) {
      // Not live yet: the browser would send the form itself. Hold it and submit again once it is live.
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(target, state);
    }
  };
  onFirstUseEvents(onUse);

  for (const form of early) {
    const root = form.closest<HTMLElement>("[data-island]");
    const state = root && states.get(root);
    if (root && state) {
      hold(form, state);
      start(root, state);
    }
  }
  // A field that holds the focus already (autofocus, or focused before this script ran) counts as use.
  const focused = document.activeElement?.closest<HTMLElement>("[data-island]");
  const focusedState = focused && states.get(focused);
  if (focused && focusedState && !focusedState.live) {
    ON_FIRST_FOCUS[focused.dataset.island as IslandName]?.();
    start(focused, focusedState);
  }
}
