/**
 * A form that is server HTML until its code takes over (a form island, or a page React hydrates)
 * leaves every field to the browser until then: whatever a visitor types, pastes, autofills or
 * chooses stays in the field, and react-hook-form reads an edited field from the page as it registers
 * it, writing nothing back (ADR 0050). Nothing may write to those fields, or a keystroke made in the
 * meantime is lost.
 *
 * What React did not see is a select's change made before it ran, and some forms show more on a
 * choice (the signup form's country list and "Please specify" field). Once live, each select whose
 * choice differs from its default sends its change event again: the form reacts as if it were chosen
 * now, and the value itself is not touched.
 */
import * as React from "react";

function chosenBeforeLive(select: HTMLSelectElement): boolean {
  const selected = select.selectedOptions[0];
  if (!selected) return false;
  const byDefault = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  return selected !== byDefault;
}

export function useChoicesMadeBeforeLive(form: React.RefObject<HTMLFormElement | null>): void {
  React.useEffect(() => {
    for (const select of form.current?.querySelectorAll("select") ?? []) {
      if (chosenBeforeLive(select)) select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, [form]);
}
