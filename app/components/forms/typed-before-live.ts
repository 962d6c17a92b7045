/**
 * What a visitor typed or chose in a form before it went live (a form island, app/enhance/islands, is
 * server HTML until its code has arrived): taken just before the form hydrates, which resets each field
 * to its default value, and entered again once the form is live, so nothing typed is lost.
 */
import * as React from "react";

/** Values of the fields of not-yet-live forms, by element id, taken just before they hydrate. */
const typed = new Map<string, string | boolean>();

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
 * the page hydrates, for `useTypedBeforeHydration` to enter again.
 */
export function rememberTypedValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    if (!field.id) continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") {
      if (field.checked) typed.set(field.id, true);
    } else if (field.value) typed.set(field.id, field.value);
  }
}
