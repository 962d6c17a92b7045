/**
 * Rows picked by hand in a server-side list (the applications' bulk actions): a set of record ids that
 * survives paging and sorting (the rows of other pages stay picked) and is dropped when the filters
 * change, since the picked rows may no longer be among the rows shown. The owner clears it after it
 * has acted on the rows. The state is a plain set of ids keyed by the filters, so the rules below are
 * pure functions (tested in use-row-selection.test.ts).
 */
import { useCallback, useMemo, useState } from "react";

export interface SelectionState {
  /** The filters the ids were picked under (`list.filterQuery`). */
  key: string;
  ids: ReadonlySet<string>;
}

/** Whether every, some or none of this page's rows are picked (the header checkbox's three states). */
export type PageSelection = "all" | "some" | "none";

const EMPTY: ReadonlySet<string> = new Set();

/** The ids that hold under `key`: none when the filters have changed since they were picked. */
export function idsUnder(state: SelectionState, key: string): ReadonlySet<string> {
  return state.key === key ? state.ids : EMPTY;
}

/** The state once the list shows the filters `key`: unchanged for the same filters, empty for new ones. */
export function atKey(state: SelectionState, key: string): SelectionState {
  return state.key === key ? state : { key, ids: EMPTY };
}

/** Picks (`on`) or drops the given ids; picks made under other filters are dropped first. */
export function withIds(state: SelectionState, key: string, ids: readonly string[], on: boolean): SelectionState {
  const next = new Set(idsUnder(state, key));
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return { key, ids: next };
}

export function pageSelection(pageIds: readonly string[], picked: ReadonlySet<string>): PageSelection {
  let count = 0;
  for (const id of pageIds) if (picked.has(id)) count += 1;
  if (count === 0) return "none";
  return count === pageIds.length ? "all" : "some";
}

/** What the list table and the bulk actions read and call. */
export interface RowSelection {
  ids: ReadonlySet<string>;
  count: number;
  isSelected: (id: string) => boolean;
  /** Picks or drops these rows (one row, or a whole page from the header checkbox). */
  set: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

/** `key`: the list's applied filters; a new value starts with nothing picked. */
export function useRowSelection(key: string): RowSelection {
  const [state, setState] = useState<SelectionState>({ key, ids: EMPTY });
  // New filters: the picks are dropped at once (stored, so going back to the old filters does not
  // bring them back). Setting state while rendering is React's way to adjust state to a new prop.
  if (state.key !== key) setState(atKey(state, key));
  const ids = idsUnder(state, key);
  const set = useCallback((changed: readonly string[], on: boolean) => setState((current) => withIds(current, key, changed, on)), [key]);
  const clear = useCallback(() => setState({ key, ids: EMPTY }), [key]);
  return useMemo(() => ({ ids, count: ids.size, isSelected: (id: string) => ids.has(id), set, clear }), [ids, set, clear]);
}
