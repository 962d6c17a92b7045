/**
 * The markup of the admin's list table (app/admin/parts/lists/server-table.tsx), kept apart from its model:
 * the column widths, the sticky header with sort buttons and aria-sort, and one body row of cells.
 * The model (which rows, which sort) is the list's; these parts only draw it.
 */
import { flexRender, type Row, type Table } from "@tanstack/react-table";
import type { CSSProperties } from "react";
import { cn } from "./cn";

export type SortDirection = "asc" | "desc";

export interface TableColumnLayout {
  id: string;
  width: number;
  className?: string;
}

export function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
      {direction === "asc" ? (
        <path d="M6 12l4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      ) : direction === "desc" ? (
        <path d="M6 8l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M7 8l3-3 3 3M7 12l3 3 3-3" strokeLinecap="round" strokeLinejoin="round" opacity="0.55" />
      )}
    </svg>
  );
}

export function ColumnWidths({ columns }: { columns: readonly TableColumnLayout[] }) {
  return (
    <colgroup>
      {columns.map((column) => (
        <col key={column.id} style={{ width: column.width }} />
      ))}
    </colgroup>
  );
}

export interface SortableHeadProps<T> {
  table: Table<T>;
  /** Whether the column at this index can be sorted. */
  sortable: (index: number) => boolean;
  /** The direction the column's icon shows (null when it is not the sorted column). */
  shown: (columnId: string) => SortDirection | null;
  /** The direction the rows are in for aria-sort (it can lag behind `shown` while a sort is applied). */
  applied: (columnId: string) => SortDirection | null;
  onSort: (columnId: string) => void;
}

export function SortableHead<T>({ table, sortable, shown, applied, onSort }: SortableHeadProps<T>) {
  return (
    <thead className="sticky top-0 z-10 bg-brand-soft">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => {
            const canSort = sortable(header.index);
            const inOrder = applied(header.column.id);
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={canSort ? (inOrder === "asc" ? "ascending" : inOrder === "desc" ? "descending" : "none") : undefined}
                className="border-b border-line px-3 py-2 font-semibold text-ink"
              >
                {canSort ? (
                  <button
                    type="button"
                    onClick={() => onSort(header.column.id)}
                    className="-mx-2 inline-flex min-h-9 items-center gap-1 rounded-md px-2 hover:bg-surface"
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <SortIcon direction={shown(header.column.id)} />
                  </button>
                ) : (
                  flexRender(header.column.columnDef.header, header.getContext())
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

export function BodyRow<T>({
  row,
  columns,
  rowIndex,
  style,
  className,
}: {
  row: Row<T>;
  columns: readonly TableColumnLayout[];
  /** aria-rowindex (the header row is 1). */
  rowIndex: number;
  style?: CSSProperties;
  /** Replaces the row's hover background (a picked row keeps its own). */
  className?: string;
}) {
  return (
    <tr aria-rowindex={rowIndex} data-row-id={row.id} className={className ?? "hover:bg-canvas"} style={style}>
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          data-column-id={cell.column.id}
          className={cn("overflow-hidden border-b border-line px-3 py-1 text-ellipsis whitespace-nowrap", columns[cell.column.getIndex()]?.className)}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

export function NoMatchesRow({ columns, message }: { columns: number; message: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-10 text-center text-ink-muted">
        {message}
      </td>
    </tr>
  );
}
