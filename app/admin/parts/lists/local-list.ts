/**
 * A short list the admin holds whole (staff users, the outbox's latest emails) shown through the same
 * table as the server-paged lists: `useLocalList` sorts and pages the loaded rows in the browser and
 * answers with the shape `ServerTable` reads from a server list.
 *
 * Sorting (docs/requirements.md §4): numbers sort numerically, dates by time, text case-insensitively
 * (accents folded); ties keep the loaded order.
 */
import { useCallback, useMemo, useState } from "react";
import { PAGE_SIZE_DEFAULT } from "#core/lists/paging";
import type { SortDirection } from "~/components/ui/table-parts";
import type { SortState } from "./list-path";
import type { ServerColumn, TableSource } from "./server-table";

export type SortType = "text" | "number" | "date";
type SortInput = string | number | boolean | null | undefined;

/** A column of a local list: the table's column, with how to read and compare its value where it sorts. */
export interface LocalColumn<T> extends Omit<ServerColumn<T>, "sortable"> {
  sort?: { type: SortType; value: (row: T) => SortInput };
}

/** Lower-cased, accent-folded text, for case-insensitive sorting. */
export function normalizeText(value: SortInput): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // Fast path: plain ASCII needs no Unicode normalisation.
  return /[\u0080-\uffff]/.test(text) ? text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() : text.toLowerCase();
}

export function sortKey(type: SortType, value: SortInput): number | string {
  if (type === "text") return normalizeText(value);
  if (value === null || value === undefined || value === "") return Number.NEGATIVE_INFINITY;
  if (type === "date") {
    const time = Date.parse(String(value));
    return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  const number = Number(value);
  return Number.isNaN(number) ? Number.NEGATIVE_INFINITY : number;
}

/** Row indexes in sorted order; ties keep the loaded order. */
export function sortedOrder(keys: readonly (number | string)[], direction: SortDirection): Uint32Array {
  const order = new Uint32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const sign = direction === "asc" ? 1 : -1;
  order.sort((a, b) => {
    const ka = keys[a] as number | string;
    const kb = keys[b] as number | string;
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return a - b;
  });
  return order;
}

/** The rows in the order of `sort` (as loaded when its column does not sort). */
export function sortRows<T>(rows: readonly T[], columns: readonly LocalColumn<T>[], sort: SortState): readonly T[] {
  const rule = columns.find((c) => c.id === sort.columnId)?.sort;
  if (!rule) return rows;
  const order = sortedOrder(rows.map((row) => sortKey(rule.type, rule.value(row))), sort.direction);
  return Array.from(order, (index) => rows[index] as T);
}

/** Which page is shown (a page beyond the end shows the last one) and its rows. */
export function pageOf<T>(rows: readonly T[], limit: number, pageIndex: number): { rows: readonly T[]; pageIndex: number; lastPage: number } {
  const lastPage = Math.max(0, Math.ceil(rows.length / limit) - 1);
  const shown = Math.min(Math.max(pageIndex, 0), lastPage);
  return { rows: rows.slice(shown * limit, (shown + 1) * limit), pageIndex: shown, lastPage };
}

export interface LocalListOptions<T> {
  rows: readonly T[];
  columns: readonly LocalColumn<T>[];
  defaultSort: SortState;
  pageSize?: number;
}

export function useLocalList<T extends { id: string }>({ rows, columns, defaultSort, pageSize = PAGE_SIZE_DEFAULT }: LocalListOptions<T>) {
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [limit, setLimitState] = useState(pageSize);
  const [pageIndex, setPageIndex] = useState(0);

  const tableColumns = useMemo<ServerColumn<T>[]>(
    () => columns.map(({ sort: rule, ...column }) => ({ ...column, sortable: rule !== undefined })),
    [columns],
  );
  const sorted = useMemo(() => sortRows(rows, columns, sort), [columns, rows, sort]);
  // A page beyond the end (rows deleted, a larger page size) shows the last page instead.
  const { rows: pageRows, pageIndex: shownPage, lastPage } = useMemo(() => pageOf(sorted, limit, pageIndex), [limit, pageIndex, sorted]);

  const toggleSort = useCallback((columnId: string) => {
    setSort((current) =>
      current.columnId === columnId ? { columnId, direction: current.direction === "asc" ? "desc" : "asc" } : { columnId, direction: "asc" },
    );
    setPageIndex(0);
  }, []);
  const setLimit = useCallback((size: number) => {
    setLimitState(size);
    setPageIndex(0);
  }, []);

  const source: TableSource<T> = {
    rows: pageRows,
    sort,
    toggleSort,
    total: sorted.length,
    pageIndex: shownPage,
    limit,
    setLimit,
    hasNext: shownPage < lastPage,
    hasPrevious: shownPage > 0,
    next: () => setPageIndex(Math.min(shownPage + 1, lastPage)),
    previous: () => setPageIndex(Math.max(shownPage - 1, 0)),
    isUpdating: false,
    isLoadingPage: false,
  };
  return { source, columns: tableColumns, isEmpty: rows.length === 0 };
}
