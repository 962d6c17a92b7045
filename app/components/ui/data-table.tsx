/**
 * One declarative, virtualised data table (TanStack Table + TanStack Virtual) for the admin lists.
 * Columns, sort rules and text filters are configuration; sorting and filtering run on cached,
 * normalised keys and are deferred, so the page stays responsive at 100,000 rows.
 *
 * Sorting (docs/requirements.md §4): a click sorts ascending, a second click on the same column flips it. Numbers
 * sort numerically, dates by time, text case-insensitively (accents folded).
 */
import { type ColumnDef, createTable, getCoreRowModel, type SortingState, type Table } from "@tanstack/react-table";
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualItem,
  Virtualizer,
} from "@tanstack/react-virtual";
import { type ReactNode, type RefObject, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { whenIdle } from "~/lib/when-idle";
import { Button } from "./button";
import { cn } from "./cn";
import { Input } from "./input";
import { Label } from "./label";
import { BodyRow, ColumnWidths, NoMatchesRow, SortableHead, type SortDirection } from "./table-parts";

export type SortType = "text" | "number" | "date";
type SortInput = string | number | boolean | null | undefined;

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** Column width in CSS pixels (the table scrolls horizontally on narrow screens). */
  width: number;
  cell: (row: T) => ReactNode;
  /** Present on sortable columns: how to read the value and how to compare it. */
  sort?: { type: SortType; value: (row: T) => SortInput };
  className?: string;
}

export interface DataTableFilter<T> {
  id: string;
  label: string;
  /** Rows match when this text contains the typed text (case- and accent-insensitive). */
  value: (row: T) => string | null | undefined;
}

export type { SortDirection } from "./table-parts";
export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableOptions<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  filters?: readonly DataTableFilter<T>[];
  defaultSort?: SortState;
}

export interface DataTableController<T> {
  /** Every row, unfiltered and unsorted (as loaded). */
  allRows: readonly T[];
  /** The filtered and sorted rows: what the table shows and what an export writes. */
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  filters: readonly DataTableFilter<T>[];
  filterValues: Readonly<Record<string, string>>;
  setFilterValue: (id: string, value: string) => void;
  clearFilters: () => void;
  hasActiveFilters: boolean;
  /** The sort the person asked for (the table may still be catching up, see isUpdating). */
  sort: SortState | null;
  /** The sort the shown rows are in: what headers announce with aria-sort. */
  appliedSort: SortState | null;
  toggleSort: (columnId: string) => void;
  /** True while a new sort or filter is being applied in the background. */
  isUpdating: boolean;
}

/** Lower-cased, accent-folded text used for case-insensitive sorting and matching. */
export function normalizeText(value: SortInput): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // Fast path: plain ASCII needs no Unicode normalisation.
  return /[\u0080-\uffff]/.test(text) ? text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() : text.toLowerCase();
}

function sortKey(type: SortType, value: SortInput): number | string {
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

/**
 * Normalised sort and filter keys, computed once per loaded data set (array identity) and column,
 * then reused by every later sort click and filter keystroke.
 */
const keyCache = new WeakMap<readonly unknown[], Map<string, readonly (number | string)[]>>();

function cachedKeys<T>(rows: readonly T[], id: string, compute: (row: T) => number | string): readonly (number | string)[] {
  let byId = keyCache.get(rows);
  if (!byId) {
    byId = new Map();
    keyCache.set(rows, byId);
  }
  let keys = byId.get(id);
  if (!keys) {
    keys = rows.map(compute);
    byId.set(id, keys);
  }
  return keys;
}

/**
 * A TanStack Table instance for one set of inputs. Sorting and filtering are done by
 * useDataTable (manual mode), so the instance only models columns, headers and cells; a new,
 * immutable instance per input keeps it safe to memoise.
 */
function buildTable<T extends Identified>(rows: readonly T[], columns: ColumnDef<T>[], sorting: SortingState): Table<T> {
  const table = createTable<T>({
    data: rows as T[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualSorting: true,
    manualFiltering: true,
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  table.setOptions((previous) => ({ ...previous, state: { ...table.initialState, sorting } }));
  return table;
}

interface RowWindow {
  items: readonly VirtualItem[];
  totalSize: number;
}

/**
 * Row virtualisation with TanStack Virtual's core: a virtualizer per scroll element and row count
 * publishes each new window of rows as an immutable snapshot in React state.
 */
function useRowWindow(scrollElement: HTMLElement | null, count: number, rowHeight: number): RowWindow | null {
  const [snapshot, setSnapshot] = useState<RowWindow | null>(null);
  useLayoutEffect(() => {
    if (!scrollElement) return;
    const virtualizer = new Virtualizer<HTMLElement, HTMLTableRowElement>({
      count,
      getScrollElement: () => scrollElement,
      estimateSize: () => rowHeight,
      overscan: 12,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      onChange: (instance) => setSnapshot({ items: instance.getVirtualItems(), totalSize: instance.getTotalSize() }),
    });
    const unmount = virtualizer._didMount();
    virtualizer._willUpdate();
    return unmount;
  }, [scrollElement, count, rowHeight]);
  return snapshot;
}

/** Before the scroll region is measured: the first rows, enough to fill a screen. */
function initialWindow(count: number, rowHeight: number): RowWindow {
  const shown = Math.min(count, 20);
  return {
    items: Array.from({ length: shown }, (_, index) => ({
      key: index,
      index,
      start: index * rowHeight,
      end: (index + 1) * rowHeight,
      size: rowHeight,
      lane: 0,
    })),
    totalSize: count * rowHeight,
  };
}

export function useDataTable<T>({ rows, columns, filters = [], defaultSort }: DataTableOptions<T>): DataTableController<T> {
  const [sort, setSort] = useState<SortState | null>(defaultSort ?? null);
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const deferredSort = useDeferredValue(sort);
  const deferredFilters = useDeferredValue(filterValues);

  const order = useMemo(() => {
    const column = deferredSort ? columns.find((c) => c.id === deferredSort.columnId) : undefined;
    if (!deferredSort || !column?.sort) return null;
    const { type, value } = column.sort;
    const keys = cachedKeys(rows, `sort:${column.id}`, (row) => sortKey(type, value(row)));
    return sortedOrder(keys, deferredSort.direction);
  }, [columns, deferredSort, rows]);

  const viewRows = useMemo(() => {
    const active = filters
      .map((filter) => ({ filter, needle: normalizeText(deferredFilters[filter.id]?.trim() ?? "") }))
      .filter((entry) => entry.needle !== "");
    const haystacks = active.map(({ filter, needle }) => ({
      needle,
      values: cachedKeys(rows, `filter:${filter.id}`, (row) => normalizeText(filter.value(row))) as readonly string[],
    }));
    const out: T[] = [];
    const count = rows.length;
    for (let position = 0; position < count; position++) {
      const index = order ? (order[position] as number) : position;
      let keep = true;
      for (const { needle, values } of haystacks) {
        if (!(values[index] as string).includes(needle)) {
          keep = false;
          break;
        }
      }
      if (keep) out.push(rows[index] as T);
    }
    return out;
  }, [deferredFilters, filters, order, rows]);

  // Prepare the filters' normalised text while the browser is idle, so the first keystroke is fast.
  useEffect(() => {
    if (filters.length === 0 || rows.length === 0) return;
    const warm = () => {
      for (const filter of filters) cachedKeys(rows, `filter:${filter.id}`, (row) => normalizeText(filter.value(row)));
    };
    return whenIdle(warm);
  }, [filters, rows]);

  const toggleSort = useCallback((columnId: string) => {
    setSort((current) =>
      current?.columnId === columnId
        ? { columnId, direction: current.direction === "asc" ? "desc" : "asc" }
        : { columnId, direction: "asc" },
    );
  }, []);
  const setFilterValue = useCallback((id: string, value: string) => {
    setFilterValues((current) => ({ ...current, [id]: value }));
  }, []);
  const clearFilters = useCallback(() => setFilterValues({}), []);

  return {
    allRows: rows,
    rows: viewRows,
    columns,
    filters,
    filterValues,
    setFilterValue,
    clearFilters,
    hasActiveFilters: Object.values(filterValues).some((v) => v.trim() !== ""),
    sort,
    appliedSort: deferredSort,
    toggleSort,
    isUpdating: deferredSort !== sort || deferredFilters !== filterValues,
  };
}

/** The text filters of a table and the Clear Filters button. */
export function DataTableFilters<T>({ table, idPrefix }: { table: DataTableController<T>; idPrefix: string }) {
  if (table.filters.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
      {table.filters.map((filter) => {
        const id = `${idPrefix}-filter-${filter.id}`;
        return (
          <div key={filter.id} className="min-w-0 space-y-1.5 sm:w-56">
            <Label htmlFor={id}>{filter.label}</Label>
            <Input
              id={id}
              type="search"
              autoComplete="off"
              value={table.filterValues[filter.id] ?? ""}
              onChange={(event) => table.setFilterValue(filter.id, event.target.value)}
            />
          </div>
        );
      })}
      <Button variant="outline" onClick={table.clearFilters} disabled={!table.hasActiveFilters} className="col-span-2 sm:col-span-1">
        Clear Filters
      </Button>
    </div>
  );
}

export interface Identified {
  id: string;
}

export interface DataTableProps<T extends Identified> {
  table: DataTableController<T>;
  /** Accessible name of the table and its scroll region. */
  label: string;
  /** Shown when there are no rows at all. */
  emptyMessage: string;
  /** Shown when filters leave no rows. */
  noMatchesMessage?: string;
  rowHeight?: number;
  className?: string;
  /** Receives the scroll region (for example to return focus to it). */
  regionRef?: RefObject<HTMLElement | null>;
}

export function DataTable<T extends Identified>({
  table: controller,
  label,
  emptyMessage,
  noMatchesMessage = "No rows match these filters.",
  rowHeight = 52,
  className,
  regionRef,
}: DataTableProps<T>) {
  const { columns, rows, sort, appliedSort, toggleSort } = controller;
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        size: column.width,
        enableSorting: Boolean(column.sort),
        cell: (context) => column.cell(context.row.original),
      })),
    [columns],
  );
  const measured = useRowWindow(scrollElement, rows.length, rowHeight);
  const rowWindow = measured ?? initialWindow(rows.length, rowHeight);
  const firstIndex = Math.min(rowWindow.items[0]?.index ?? 0, rows.length);
  const endIndex = Math.min((rowWindow.items[rowWindow.items.length - 1]?.index ?? -1) + 1, rows.length);

  // Only the rows in the scroll window become table rows, so the cost of a render does not grow
  // with the size of the list.
  const table = useMemo(
    () =>
      buildTable(
        rows.slice(firstIndex, endIndex),
        columnDefs,
        sort ? [{ id: sort.columnId, desc: sort.direction === "desc" }] : [],
      ),
    [rows, firstIndex, endIndex, columnDefs, sort],
  );
  const tableRows = table.getRowModel().rows;

  if (controller.allRows.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center text-ink-muted">
        {emptyMessage}
      </div>
    );
  }

  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const virtualRows = rowWindow.items.filter((item) => item.index < rows.length);
  const paddingTop = virtualRows[0]?.start ?? 0;
  const lastEnd = virtualRows[virtualRows.length - 1]?.end ?? 0;
  const paddingBottom = Math.max(0, rows.length * rowHeight - lastEnd);

  return (
    <section
      ref={(node) => {
        setScrollElement(node);
        if (regionRef) regionRef.current = node;
      }}
      aria-label={label}
      // Focus lands here when the row that held focus is deleted.
      tabIndex={-1}
      data-row-count={rows.length}
      className={cn(
        "relative max-h-[min(70vh,720px)] overflow-auto overscroll-contain rounded-2xl border border-line bg-surface",
        className,
      )}
    >
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-left text-sm"
        style={{ minWidth: totalWidth }}
        aria-rowcount={rows.length + 1}
      >
        <caption className="sr-only">{label}</caption>
        <ColumnWidths columns={columns} />
        <SortableHead
          table={table}
          sortable={(index) => Boolean(columns[index]?.sort)}
          shown={(id) => (sort && sort.columnId === id ? sort.direction : null)}
          applied={(id) => (appliedSort && appliedSort.columnId === id ? appliedSort.direction : null)}
          onSort={toggleSort}
        />
        <tbody>
          {rows.length === 0 ? <NoMatchesRow columns={columns.length} message={noMatchesMessage} /> : null}
          {paddingTop > 0 ? (
            <tr aria-hidden="true" style={{ height: paddingTop }} />
          ) : null}
          {virtualRows.map((virtualRow) => {
            const row = tableRows[virtualRow.index - firstIndex];
            if (!row) return null;
            return <BodyRow key={row.id} row={row} columns={columns} rowIndex={virtualRow.index + 2} style={{ height: rowHeight }} />;
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true" style={{ height: paddingBottom }} />
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
