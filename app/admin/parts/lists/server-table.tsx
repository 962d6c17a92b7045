/**
 * The admin's one table: a page of rows with sortable headers and Previous/Next (TanStack Table in
 * manual mode). The server-paged lists (`useServerList`: the server sorts, filters and pages) and the
 * short lists held whole in the browser (`useLocalList`: staff users, the outbox) both feed it a
 * `TableSource`.
 * Sorting (docs/requirements.md §4): a click sorts ascending, a second click on the same column flips it; headers
 * announce the sort with aria-sort.
 * Selection (optional, `selection`): a first column of checkboxes, one per row named after its record and
 * one in the header for the rows of the page (ticked, unticked or mixed), and above the table how many rows
 * are picked with a button that clears them. Which rows are picked is the caller's (`useRowSelection`), so
 * picks survive paging.
 */
import { type ColumnDef, createTable, getCoreRowModel, type Row, type SortingState, type Table } from "@tanstack/react-table";
import { createContext, memo, type ReactNode, type RefObject, useContext, useEffect, useMemo, useRef } from "react";
import { PAGE_SIZES } from "#core/lists/paging";
import { Button } from "~/components/ui/button";
import { checkboxControlClass } from "~/components/ui/checkbox";
import { cn } from "~/components/ui/cn";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { BodyRow, ColumnWidths, NoMatchesRow, SortableHead } from "~/components/ui/table-parts";
import { CellTooltips } from "../truncated-text";
import type { SortState } from "./list-path";
import { pageSelection, type RowSelection } from "./use-row-selection";

/** What the table reads of a list: one page of rows, its sort, and how to move between pages. */
export interface TableSource<T> {
  rows: readonly T[];
  sort: SortState;
  toggleSort: (columnId: string) => void;
  /** Rows in the whole (filtered) list, when known. */
  total: number | null;
  pageIndex: number;
  limit: number;
  setLimit: (size: number) => void;
  hasNext: boolean;
  hasPrevious: boolean;
  next: () => void;
  previous: () => void;
  /** A new sort, filter or page is on its way: the rows shown are the previous ones. */
  isUpdating: boolean;
  /** The first rows have not arrived yet (no "no matches" row meanwhile). */
  isLoadingPage: boolean;
  /** The rows shown are the previous ones, kept while the asked-for page loads (its range is not theirs). */
  isShowingPrevious?: boolean;
}

export interface ServerColumn<T> {
  id: string;
  header: string;
  width: number;
  cell: (row: T) => ReactNode;
  /** Present on columns the server can sort by. */
  sortable?: boolean;
  className?: string;
  /** Drawn in the header cell instead of the `header` text (which still names the column in code). */
  headerCell?: () => ReactNode;
  /** Hidden until staff show it with the column chooser (./column-choice.tsx). */
  hiddenByDefault?: boolean;
}

/** Rows picked by hand (`useRowSelection`) and how a row's checkbox is named, e.g. "Select Ada Park". */
export interface TableSelection<T> extends RowSelection {
  rowLabel: (row: T) => string;
}

const SELECT_COLUMN_ID = "select";
const SELECT_COLUMN_WIDTH = 56;

interface SelectionContextValue {
  selection: TableSelection<never>;
  pageIds: readonly string[];
}

/**
 * The checkboxes read the picks from here, so picking a row redraws the checkboxes (and the picked
 * row), not every memoised row of the page.
 */
const SelectionContext = createContext<SelectionContextValue | null>(null);

function useSelectionContext(): SelectionContextValue {
  const value = useContext(SelectionContext);
  if (!value) throw new Error("A selection checkbox is drawn outside a selectable ServerTable");
  return value;
}

/**
 * The label around a checkbox fills its cell (a 44 px target on a phone); the row's other cells, its
 * record link included, are left alone: ticking a box never opens the record.
 */
const CHECKBOX_TARGET = "-mx-3 flex h-11 w-14 cursor-pointer items-center justify-center";

function RowCheckbox<T extends { id: string }>({ row }: { row: T }) {
  const { selection } = useSelectionContext() as unknown as { selection: TableSelection<T> };
  return (
    <label className={CHECKBOX_TARGET}>
      <input
        type="checkbox"
        className={checkboxControlClass}
        checked={selection.isSelected(row.id)}
        onChange={(event) => selection.set([row.id], event.currentTarget.checked)}
      />
      <span className="sr-only">{selection.rowLabel(row)}</span>
    </label>
  );
}

function PageCheckbox() {
  const { selection, pageIds } = useSelectionContext();
  const state = pageSelection(pageIds, selection.ids);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // "Some rows of the page" has no HTML attribute: the DOM property, which browsers announce as mixed.
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <label className={CHECKBOX_TARGET}>
      <input
        ref={ref}
        type="checkbox"
        className={checkboxControlClass}
        checked={state === "all"}
        disabled={pageIds.length === 0}
        onChange={() => selection.set(pageIds, state !== "all")}
      />
      <span className="sr-only">Select all on this page</span>
    </label>
  );
}

function selectColumn<T extends { id: string }>(): ServerColumn<T> {
  return {
    id: SELECT_COLUMN_ID,
    header: "Select",
    width: SELECT_COLUMN_WIDTH,
    headerCell: () => <PageCheckbox />,
    cell: (row) => <RowCheckbox row={row} />,
  };
}

/** How many rows are picked, and a button that drops them all (focus then goes to the table). */
function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm">
      <p aria-live="polite" className={count > 0 ? "font-semibold text-ink" : "text-ink-muted"}>
        {count > 0 ? `${count.toLocaleString("en-US")} selected` : "No rows selected"}
      </p>
      {count > 0 ? (
        <Button type="button" variant="outline" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A TanStack Table instance in manual (server-side) mode for one page: the server has sorted,
 * filtered and paged the rows, the instance models columns, headers and cells. A new immutable
 * instance per input keeps it safe to memoise.
 */
function buildTable<T extends { id: string }>(rows: readonly T[], columns: ColumnDef<T>[], sorting: SortingState, total: number | null): Table<T> {
  const table = createTable<T>({
    data: rows as T[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total ?? -1,
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  table.setOptions((previous) => ({ ...previous, state: { ...table.initialState, sorting } }));
  return table;
}

const ROW_STYLE = { height: 52 } as const;

interface ServerRowProps<T> {
  row: Row<T>;
  columns: readonly ServerColumn<T>[];
  rowIndex: number;
  selected: boolean;
}

/**
 * One body row, drawn again only when its record, the columns or its position change: a new page,
 * a sort or a filter draws the new rows, never the ones that stay (and typing in a filter or the
 * stats arriving draws none).
 */
const ServerRow = memo(
  function ServerRow<T>({ row, columns, rowIndex, selected }: ServerRowProps<T>) {
    return <BodyRow row={row} columns={columns} rowIndex={rowIndex} style={ROW_STYLE} className={selected ? "bg-accent-soft hover:bg-accent-soft" : undefined} />;
  },
  (before, after) =>
    before.row.original === after.row.original && before.columns === after.columns && before.rowIndex === after.rowIndex && before.selected === after.selected,
) as <T>(props: ServerRowProps<T>) => ReactNode;

export interface ServerTableProps<T extends { id: string }> {
  list: TableSource<T>;
  columns: readonly ServerColumn<T>[];
  /** Accessible name of the table region. */
  label: string;
  /** Shown when nothing has been stored at all. */
  emptyMessage: string;
  isEmpty: boolean;
  noMatchesMessage: string;
  regionRef?: RefObject<HTMLElement | null>;
  idPrefix: string;
  /** Rows picked by hand: adds the checkbox column and the "N selected" line. */
  selection?: TableSelection<T>;
}

export function ServerTable<T extends { id: string }>({
  list,
  columns: givenColumns,
  label,
  emptyMessage,
  isEmpty,
  noMatchesMessage,
  regionRef,
  idPrefix,
  selection,
}: ServerTableProps<T>) {
  const selectable = selection !== undefined;
  const columns = useMemo(() => (selectable ? [selectColumn<T>(), ...givenColumns] : givenColumns), [givenColumns, selectable]);
  const ownRegion = useRef<HTMLElement | null>(null);
  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.headerCell ?? column.header,
        size: column.width,
        enableSorting: Boolean(column.sortable),
        cell: (context) => column.cell(context.row.original),
      })),
    [columns],
  );
  const table = useMemo(
    () => buildTable(list.rows, columnDefs, [{ id: list.sort.columnId, desc: list.sort.direction === "desc" }], list.total),
    [columnDefs, list.rows, list.sort, list.total],
  );
  const pageIds = useMemo(() => list.rows.map((row) => row.id), [list.rows]);
  const selectionContext = useMemo(
    () => (selection ? { selection: selection as unknown as TableSelection<never>, pageIds } : null),
    [selection, pageIds],
  );

  if (isEmpty) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center text-ink-muted">{emptyMessage}</div>
    );
  }

  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const firstRow = list.pageIndex * list.limit + 1;
  const rows = table.getRowModel().rows;
  const content = (
    <div className="space-y-3">
      {selection ? (
        <SelectionBar
          count={selection.count}
          onClear={() => {
            selection.clear();
            ownRegion.current?.focus();
          }}
        />
      ) : null}
      <CellTooltips>
      <section
        ref={(node) => {
          ownRegion.current = node;
          if (regionRef) regionRef.current = node;
        }}
        aria-label={label}
        aria-busy={list.isUpdating}
        // Focus lands here when the row that held focus is deleted.
        tabIndex={-1}
        data-row-count={rows.length}
        // While a page loads the frame turns accent; the rows keep their colours. (Dimming the table faded the
        // danger and brand text on picked or hovered rows to 4.0–4.4:1, under the 4.5:1 that WCAG AA asks.)
        className={cn(
          "relative max-h-[min(70vh,720px)] overflow-auto overscroll-contain rounded-2xl border bg-surface",
          list.isUpdating ? "cursor-progress border-accent" : "border-line",
        )}
      >
        <table
          className="w-full table-fixed border-separate border-spacing-0 text-left text-sm"
          style={{ minWidth: totalWidth }}
          aria-rowcount={list.total !== null ? list.total + 1 : -1}
        >
          <caption className="sr-only">{label}</caption>
          <ColumnWidths columns={columns} />
          <SortableHead
            table={table}
            sortable={(index) => Boolean(columns[index]?.sortable)}
            shown={(id) => (list.sort.columnId === id ? list.sort.direction : null)}
            applied={(id) => (list.sort.columnId === id ? list.sort.direction : null)}
            onSort={list.toggleSort}
          />
          <tbody>
            {rows.length === 0 && !list.isLoadingPage ? <NoMatchesRow columns={columns.length} message={noMatchesMessage} /> : null}
            {rows.map((row, index) => (
              <ServerRow
                key={row.id}
                row={row}
                columns={columns}
                rowIndex={firstRow + index + 1}
                selected={selection?.isSelected(row.id) ?? false}
              />
            ))}
          </tbody>
        </table>
      </section>
      </CellTooltips>
      <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-ink-muted" aria-live="polite">
          {list.isShowingPrevious
            ? "Loading rows…"
            : rows.length > 0
            ? `Rows ${firstRow.toLocaleString("en-US")}–${(firstRow + rows.length - 1).toLocaleString("en-US")}${
                list.total !== null ? ` of ${list.total.toLocaleString("en-US")}` : ""
              }`
            : "No rows on this page"}
        </p>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${idPrefix}-page-size`} className="text-ink-muted">
            Rows per page
          </Label>
          <div className="w-24">
            <Select id={`${idPrefix}-page-size`} value={String(list.limit)} onChange={(event) => list.setLimit(Number(event.target.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" size="sm" onClick={list.previous} disabled={!list.hasPrevious}>
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={list.next} disabled={!list.hasNext || list.isUpdating}>
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
  return selectionContext ? <SelectionContext.Provider value={selectionContext}>{content}</SelectionContext.Provider> : content;
}
