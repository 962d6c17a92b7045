/**
 * What the Applications and Contact Messages tabs share: name filters, the delete column, the
 * load/error states, and the frame (heading with export, stats, filters, table, delete confirmation).
 * Each tab supplies only its columns, stats, texts and queries.
 */
import { type ComponentType, useMemo, useRef, useState } from "react";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  DataTable,
  DataTableFilters,
  type DataTableColumn,
  type DataTableController,
  useDataTable,
} from "~/components/ui/data-table";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "./auth";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import type { CsvColumn } from "./csv";
import { type ExportKind, loadErrorText, useCsvExport, useDeleteRecord } from "./hooks";
import { ExportButton, TableHeading } from "./tab-parts";

export interface NamedRecord {
  id: string;
  firstName: string;
  lastName: string;
}

export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

export const NAME_FILTERS = [
  { id: "firstName", label: "First name", value: (r: { firstName: string }) => r.firstName },
  { id: "lastName", label: "Last name", value: (r: { lastName: string }) => r.lastName },
] as const;

type DeleteHandler<T> = (row: T, trigger: HTMLButtonElement) => void;

/** The Actions column: one Delete button per row, naming whose record it deletes. */
function deleteColumn<T extends NamedRecord>(noun: string, onDelete: DeleteHandler<T>): DataTableColumn<T> {
  return {
    id: "actions",
    header: "Actions",
    width: 110,
    cell: (r) => (
      <Button
        size="sm"
        variant="ghost"
        className="text-danger hover:text-danger"
        aria-label={`Delete ${noun} from ${fullName(r)}`}
        onClick={(event) => onDelete(r, event.currentTarget)}
      >
        Delete
      </Button>
    ),
  };
}

export interface RecordsTabProps<T extends NamedRecord> {
  query: UseQueryResult<T[]>;
  /** Columns without Actions; the Delete column is added for roles that may delete. */
  columns: readonly DataTableColumn<T>[];
  title: string;
  /** Accessible name of the table region. */
  tableLabel: string;
  /** Lower-case plural for texts: "applications", "contact messages". */
  plural: string;
  /** Lower-case singular used in delete labels: "application", "message". */
  noun: string;
  idPrefix: string;
  emptyMessage: string;
  loadFallback: string;
  deleteFallback: string;
  deleteTitle: string;
  deletePath: string;
  queryKey: QueryKey;
  exportKind: ExportKind;
  exportColumns: readonly CsvColumn<T>[];
  exportFileName: () => string;
  /** Stat cards of the tab, given every loaded row and the table (for the rows it shows). */
  Stats: ComponentType<{ rows: readonly T[]; table: DataTableController<T> }>;
}

const EMPTY: never[] = [];

export function RecordsTab<T extends NamedRecord>(props: RecordsTabProps<T>) {
  const { canDeleteData } = useAuth();
  const rows = props.query.data ?? (EMPTY as T[]);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  const remove = useDeleteRecord<T>(props.queryKey, props.deletePath);
  const { columns: baseColumns, noun } = props;

  const columns = useMemo(() => {
    if (!canDeleteData) return baseColumns;
    const requestDelete: DeleteHandler<T> = (row, trigger) => {
      setReturnFocus(trigger);
      setPendingDelete(row);
    };
    return [...baseColumns, deleteColumn<T>(noun, requestDelete)];
  }, [baseColumns, canDeleteData, noun]);
  const table = useDataTable({
    rows,
    columns,
    filters: NAME_FILTERS,
    defaultSort: { columnId: "submitted_at", direction: "desc" },
  });
  const exporter = useCsvExport(props.exportKind, props.exportColumns, props.exportFileName);

  if (props.query.isPending) return <Spinner label={`Loading ${props.plural}`} className="h-8 w-8 text-brand" />;
  if (props.query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Error loading {props.plural}: {loadErrorText(props.query.error, props.loadFallback)}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <TableHeading
        title={props.title}
        shown={table.rows.length}
        total={rows.length}
        action={
          <ExportButton onClick={() => void exporter.run(table.rows)} busy={exporter.isExporting} disabled={rows.length === 0} />
        }
      />
      {exporter.error ? (
        <Alert variant="destructive">
          <AlertDescription>{exporter.error}</AlertDescription>
        </Alert>
      ) : null}
      <props.Stats rows={rows} table={table} />
      <DataTableFilters table={table} idPrefix={props.idPrefix} />
      <DataTable
        table={table}
        label={props.tableLabel}
        emptyMessage={props.emptyMessage}
        noMatchesMessage={`No ${props.plural} match these filters.`}
        className={table.isUpdating ? "opacity-80" : undefined}
        regionRef={tableRef}
      />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={props.deleteTitle}
        subject={pendingDelete ? `The ${noun} from ${fullName(pendingDelete)} will be deleted.` : ""}
        fallbackError={props.deleteFallback}
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete.id) : Promise.resolve())}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
