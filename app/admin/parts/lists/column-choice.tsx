/**
 * Which columns of a wide list are shown (ADR 0086): the columns a tab marks `hiddenByDefault` start hidden,
 * so the ones staff read first fit a 1440 px screen, and a "Columns" chooser above the table shows or hides
 * any of them. The choice is kept in this browser (localStorage, one key per list); a column the staff
 * member never chose follows its default, so a column added later appears as its tab says.
 */
import { useCallback, useId, useMemo, useState } from "react";
import { checkboxControlClass } from "~/components/ui/checkbox";
import type { ServerColumn } from "./server-table";

type Choices = Readonly<Record<string, boolean>>;

const storageKey = (listKey: string) => `ovella.admin.columns:${listKey}`;

function readChoices(listKey: string): Choices {
  try {
    const stored = window.localStorage.getItem(storageKey(listKey));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
  } catch {
    // No storage (private mode, blocked) or a value from elsewhere: the defaults.
    return {};
  }
}

function writeChoices(listKey: string, choices: Choices) {
  try {
    window.localStorage.setItem(storageKey(listKey), JSON.stringify(choices));
  } catch {
    // The choice still holds for this visit.
  }
}

function isColumnShown(column: Pick<ServerColumn<never>, "id" | "hiddenByDefault">, choices: Choices): boolean {
  return choices[column.id] ?? !column.hiddenByDefault;
}

export interface ColumnChoice<T> {
  /** The columns to draw, in their declared order. */
  shown: readonly ServerColumn<T>[];
  /** Every column that can be chosen, with whether it is shown. */
  options: readonly { id: string; header: string; shown: boolean }[];
  setShown: (id: string, shown: boolean) => void;
}

export function useColumnChoice<T>(listKey: string, columns: readonly ServerColumn<T>[]): ColumnChoice<T> {
  const [choices, setChoices] = useState<Choices>(() => (typeof window === "undefined" ? {} : readChoices(listKey)));
  const setShown = useCallback(
    (id: string, shown: boolean) =>
      setChoices((previous) => {
        const next = { ...previous, [id]: shown };
        writeChoices(listKey, next);
        return next;
      }),
    [listKey],
  );
  const shown = useMemo(() => columns.filter((column) => isColumnShown(column, choices)), [columns, choices]);
  const options = useMemo(
    () => columns.map((column) => ({ id: column.id, header: column.header, shown: isColumnShown(column, choices) })),
    [columns, choices],
  );
  return { shown, options, setShown };
}

/** A disclosure ("Columns") with one checkbox per column; at least one column stays shown. */
export function ColumnChooser<T>({ choice, label }: { choice: ColumnChoice<T>; label: string }) {
  const id = useId();
  const shownCount = choice.options.filter((option) => option.shown).length;
  return (
    <details className="group text-sm">
      <summary className="inline-flex min-h-10 cursor-pointer items-center rounded-full border border-line bg-surface px-4 font-semibold text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand">
        Columns ({shownCount} of {choice.options.length} shown)
      </summary>
      <fieldset className="mt-2 rounded-2xl border border-line bg-surface p-4">
        <legend className="sr-only">{label}</legend>
        <p className="mb-2 text-ink-muted">Your choice is kept in this browser.</p>
        <ul className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
          {choice.options.map((option) => (
            <li key={option.id}>
              <label htmlFor={`${id}-${option.id}`} className="flex min-h-9 cursor-pointer items-center gap-2 text-ink">
                <input
                  id={`${id}-${option.id}`}
                  type="checkbox"
                  className={checkboxControlClass}
                  checked={option.shown}
                  disabled={option.shown && shownCount === 1}
                  onChange={(event) => choice.setShown(option.id, event.currentTarget.checked)}
                />
                {option.header}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
