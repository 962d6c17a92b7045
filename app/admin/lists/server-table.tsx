/**
 * The admin's one table: a page of rows with sortable headers and Previous/Next (TanStack Table in
 * manual mode). The server-paged lists (`useServerList`: the server sorts, filters and pages) and the
 * short lists held whole in the browser (`useLocalList`: staff users, the outbox) both feed it a
 * `TableSource`.
 * Sorting (docs/requirements.md §4): a click sorts ascending, a second click on the same column flips it; headers
 * announce the sort with aria-sort.
 */
import { type ColumnDef, createTable, getCoreRowModel, type Row, type SortingState, type Table } from "@tanstack/react-table";
import { memo, type ReactNode, type RefObject, useMemo } from "react";
import { PAGE_SIZES } from "#core/lists/paging";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { BodyRow, ColumnWidths, NoMatchesRow, SortableHead } from "~/components/ui/table-parts";
import { CellTooltips } from "../truncated-text";
import type { SortState } from "./list-path";

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
}

export interface ServerColumn<T> {
  id: string;
  header: string;
  width: number;
  cell: (row: T) => ReactNode;
  /** Present on columns the server can sort by. */
  sortable?: boolean;
  className?: string;
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
}

/**
 * One body row, drawn again only when its record, the columns or its position change: a new page,
 * a sort or a filter draws the new rows, never the ones that stay (and typing in a filter or the
 * stats arriving draws none).
 */
const ServerRow = memo(
  function ServerRow<T>({ row, columns, rowIndex }: ServerRowProps<T>) {
    return <BodyRow row={row} columns={columns} rowIndex={rowIndex} style={ROW_STYLE} />;
  },
  (before, after) => before.row.original === after.row.original && before.columns === after.columns && before.rowIndex === after.rowIndex,
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
}

export function ServerTable<T extends { id: string }>({
  list,
  columns,
  label,
  emptyMessage,
  isEmpty,
  noMatchesMessage,
  regionRef,
  idPrefix,
}: ServerTableProps<T>) {
  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
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

  if (isEmpty) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center text-ink-muted">{emptyMessage}</div>
    );
  }

  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const firstRow = list.pageIndex * list.limit + 1;
  const rows = table.getRowModel().rows;
  return (
    <div className="space-y-3">
      <CellTooltips>
      <section
        ref={(node) => {
          if (regionRef) regionRef.current = node;
        }}
        aria-label={label}
        aria-busy={list.isUpdating}
        // Focus lands here when the row that held focus is deleted.
        tabIndex={-1}
        data-row-count={rows.length}
        className={cn(
          "relative max-h-[min(70vh,720px)] overflow-auto overscroll-contain rounded-2xl border border-line bg-surface",
          list.isUpdating && "opacity-80",
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
              <ServerRow key={row.id} row={row} columns={columns} rowIndex={firstRow + index + 1} />
            ))}
          </tbody>
        </table>
      </section>
      </CellTooltips>
      <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-ink-muted" aria-live="polite">
          {rows.length > 0
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
}
