/**
 * The events that count as a visitor starting to use a form that is not live yet (a form island,
 * app/page-scripts/islands): a first touch, and also a value set without one
 * (autofill, a picker). Plain code: pages served without React load it too.
 */
export const FIRST_USE_EVENTS = ["focusin", "pointerdown", "pointerover", "keydown", "input", "change", "submit"] as const;

/** Listens for them on the document, before any handler of the page (a submit listener must be able to cancel). */
export function onFirstUseEvents(listener: (event: Event) => void): void {
  for (const type of FIRST_USE_EVENTS) document.addEventListener(type, listener, { capture: true, passive: type !== "submit" });
}
