/**
 * Interactive pieces (the forms) that the server renders in full but the browser hydrates only once a
 * visitor starts using them: their code (react-hook-form, the fields, the API client) is a chunk of its
 * own, fetched on the first focus, tap, hover or key press inside the piece, not with the page.
 *
 * How: the piece sits in a <Suspense> boundary. The server has the module at hand and renders it, so
 * the HTML is complete (and works for reading without JavaScript). During hydration the browser's copy
 * suspends on a promise that only starts the download once the piece is used; React keeps the server's
 * HTML in place meanwhile and hydrates it when the chunk arrives. A piece rendered by a client-side
 * navigation (no server HTML) loads at once. A submit before the chunk is here is held and repeated
 * once the form is live, and what was typed in the meantime is kept (`useTypedBeforeHydration`).
 * docs/decisions/0018-form-pages-first-load.md
 */
import * as React from "react";
import { onFirstUseEvents } from "./first-use";

interface Tracked<T> extends Promise<T> {
  status?: "pending" | "fulfilled" | "rejected";
  value?: T;
  reason?: unknown;
}

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = "pending";
  tracked.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
    },
  );
  return tracked;
}

const isBrowser = typeof document !== "undefined";
/** True until the first render of the page in the browser has been committed. */
let hydrating = isBrowser;
/** Values of the fields of not-yet-live pieces, by element id, taken just before they hydrate. */
const typed = new Map<string, string | boolean>();

interface Piece {
  name: string;
  start: () => void;
  onFocus?: () => void;
  live: boolean;
  heldSubmits: HTMLFormElement[];
}
const pieces = new Map<string, Piece>();

/**
 * Called by the root once the page has hydrated: pieces rendered from now on load at once. `early`:
 * forms submitted before the page was live (../../enhance/early-submits), each sent again now, by
 * its piece once that is live. A piece that holds the focus since then counts as used (first focus).
 */
export function markPageHydrated(early: readonly HTMLFormElement[] = []): void {
  hydrating = false;
  for (const piece of pieces.values()) {
    if (piece.live) continue;
    const root = document.activeElement?.closest<HTMLElement>("[data-deferred]");
    if (root?.dataset.deferred !== piece.name) continue;
    piece.onFocus?.();
    piece.start();
  }
  for (const form of early) {
    const piece = pieces.get(form.closest<HTMLElement>("[data-deferred]")?.dataset.deferred ?? "");
    if (piece && !piece.live) {
      if (!piece.heldSubmits.includes(form)) piece.heldSubmits.push(form);
      piece.start();
    } else if (form.isConnected) form.requestSubmit();
  }
}

/** Sets a field's value as a visitor would, so the form's own change handlers see it. */
function replay(field: HTMLElement, value: string | boolean): void {
  if (field instanceof HTMLInputElement && field.type === "checkbox") {
    if (value !== true) return;
    field.checked = false;
    field.click();
    return;
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) return;
  // Through React's own setter first (it remembers the value), then the element's: React sees a change.
  field.value = "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, String(value));
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * Puts back what a visitor typed or chose before the form went live (hydrating resets each field to
 * its default value): `idOf(name)` is the element id of each named field. The values are entered again
 * once the form's effects have run, as change events, so the form reacts as if they were typed now.
 */
export function useTypedBeforeHydration(names: readonly string[], idOf: (name: string) => string): void {
  // Only once, when the form first becomes live.
  const first = React.useRef({ names, idOf });
  React.useEffect(() => {
    const { names: fields, idOf: idFor } = first.current;
    const found = fields.flatMap((name) => {
      const id = idFor(name);
      const value = typed.get(id);
      typed.delete(id);
      return value === undefined ? [] : [[id, value] as const];
    });
    if (found.length === 0) return;
    const timer = setTimeout(() => {
      for (const [id, value] of found) {
        const field = document.getElementById(id);
        if (field) replay(field, value);
      }
    }, 0);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Takes what was typed or chosen in the fields under `root` (by element id), just before that part of
 * the page hydrates, for `useTypedBeforeHydration` to enter again. Also used by form islands.
 */
export function rememberTypedValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    if (!field.id) continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") {
      if (field.checked) typed.set(field.id, true);
    } else if (field.value) typed.set(field.id, field.value);
  }
}

function snapshot(name: string): void {
  for (const root of document.querySelectorAll(`[data-deferred="${name}"]`)) rememberTypedValues(root);
}

function onUse(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const root = target.closest<HTMLElement>("[data-deferred]");
  const piece = root && pieces.get(root.dataset.deferred ?? "");
  if (!piece || piece.live) return;
  if (event.type === "focusin") piece.onFocus?.();
  piece.start();
  if (event.type === "submit" && target instanceof HTMLFormElement) {
    // Not live yet: the browser would send the form itself. Hold it and submit again once it is live.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!piece.heldSubmits.includes(target)) piece.heldSubmits.push(target);
  }
}

/** The server's HTML of each piece on this page, by the wrapper's id, as it was before hydration. */
const serverHtml = new Map<string, string>();

if (isBrowser) {
  onFirstUseEvents(onUse);
  for (const root of document.querySelectorAll<HTMLElement>("[data-deferred-id]")) {
    serverHtml.set(root.dataset.deferredId ?? "", root.innerHTML);
  }
}

/**
 * A component that is rendered by the server and hydrated in the browser on first use.
 * `name` marks its wrapper (`data-deferred`); `load` imports its module.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<React.ComponentType<P>>,
  options: { onFocus?: () => void } = {},
): React.ComponentType<P> {
  let promise: Tracked<React.ComponentType<P>> | null = null;
  let release: (() => void) | undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const piece: Piece = { name, start: () => release?.(), onFocus: options.onFocus, live: false, heldSubmits: [] };
  pieces.set(name, piece);

  const retryingLoad = () =>
    load().catch(async () => {
      // A dropped connection: one more try after a moment, then React's error boundary takes over.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return load();
    });

  // `fromServer`: this copy hydrates the server's HTML (React hydrates the inside of the boundary after
  // the rest of the page, so the page-wide flag cannot tell), or was mounted by a client-side navigation.
  const modulePromise = (fromServer: boolean): Tracked<React.ComponentType<P>> => {
    if (!promise) {
      if (!isBrowser) promise = track(load());
      else if (fromServer)
        promise = track(
          gate.then(retryingLoad).then((component) => {
            snapshot(name);
            return component;
          }),
        );
      else promise = track(retryingLoad());
    }
    // Mounted by a client-side navigation (no server HTML to show meanwhile): load now.
    if (!fromServer) piece.start();
    return promise;
  };
  // The server imports the module as it starts, so pages render it without waiting.
  if (!isBrowser) modulePromise(true);

  function Live({ props, fromServer }: { props: P; fromServer: boolean }) {
    const Component = React.use(modulePromise(fromServer) as Promise<React.ComponentType<P>>);
    React.useEffect(() => {
      piece.live = true;
      const held = piece.heldSubmits.splice(0);
      for (const form of held) if (form.isConnected) form.requestSubmit();
    }, []);
    return React.createElement(Component, props);
  }

  /**
   * Shown only if React has to drop the waiting server HTML (something above changed before the piece
   * was used): the same HTML again, while the piece now loads at once.
   */
  function Fallback({ html }: { html: string | undefined }) {
    piece.start();
    return html ? <div className="contents" dangerouslySetInnerHTML={{ __html: html }} /> : null;
  }

  function Deferred(props: P) {
    const uid = React.useId();
    // Hydrated from the server's HTML (which stays until the piece is used), or mounted by the client.
    const [fromServer] = React.useState(() => !isBrowser || hydrating);
    return (
      <div data-deferred={name} data-deferred-id={uid} className="contents">
        {fromServer ? (
          <React.Suspense fallback={<Fallback html={serverHtml.get(uid)} />}>
            <Live props={props} fromServer />
          </React.Suspense>
        ) : (
          // Mounted by a navigation (a transition): without a boundary of its own, React keeps showing
          // the previous page until the code is here, so the new page appears whole (and scrolls right).
          <Live props={props} fromServer={false} />
        )}
      </div>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  // The same props never re-render the waiting boundary (an update there would drop the server's HTML).
  return React.memo(Deferred) as unknown as React.ComponentType<P>;
}
