/**
 * What the Applications and Contact Messages tabs share: a server-side list (search, filters, sort,
 * keyset pages), the delete column, the load/error states, the streamed export, and the frame
 * (heading with export, stats, filters, table, delete confirmation), and for a tab with bulk actions the
 * rows picked by hand (checkboxes, kept across pages, dropped when the filters change) that they act on.
 * Each tab supplies its kind of record (list declaration and texts, ./record-kinds), its columns' cells and stats.
 */
import { type ComponentType, useMemo, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { ListPage } from "#core/contracts/lists";
import { facts } from "#core/brand";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "../session/auth";
import { ConfirmDeleteDialog } from "../confirm-delete-dialog";
import { csvFileName } from "../csv";
import { loadErrorText, useAuthedRequest } from "../session/hooks";
import { ColumnChooser, useColumnChoice } from "../lists/column-choice";
import { ExportControl } from "../lists/export-control";
import type { RecordKindTexts } from "./record-kinds";
import { ListFilters } from "../lists/list-filters";
import { DEFAULT_LIST_SORT } from "../lists/list-path";
import { type ServerColumn, ServerTable, type TableSelection } from "../lists/server-table";
import { useServerExport } from "../lists/use-server-export";
import { type ServerList, useServerList } from "../lists/use-server-list";
import { type RowSelection, useRowSelection } from "../lists/use-row-selection";
import { TableHeading } from "../tab-parts";

export interface NamedRecord {
  id: string;
  firstName: string;
  lastName: string;
}

export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

/** The Name cell: a link to the record's page. */
export function RecordLink({ href, children }: { href: string; children: string }) {
  return (
    <Link to={href} className="rounded-sm font-medium text-brand-strong underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

type DeleteHandler<T> = (row: T, trigger: HTMLButtonElement) => void;

/** The Actions column: one Delete button per row, naming whose record it deletes. */
function deleteColumn<T extends NamedRecord>(noun: string, onDelete: DeleteHandler<T>): ServerColumn<T> {
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

/** Deletes one record (DELETE <list path>/:id); its row leaves the shown page at once and the list and stats are fetched again. */
export function useDeleteListedRecord(basePath: string) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`${basePath}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async (_data, id) => {
      queryClient.setQueriesData<ListPage<{ id: string }>>({ queryKey: ["admin-list", basePath, "page"] }, (page) =>
        page ? { ...page, rows: page.rows.filter((row) => row.id !== id) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: ["admin-list", basePath] });
    },
  });
}

export interface RecordsTabProps<T extends NamedRecord, S extends { total: number; overall: number }> {
  /** The kind of record: its list declaration (address, filters) and texts. */
  kind: RecordKindTexts;
  /** Columns without Actions; the Delete column is added for roles that may delete. */
  columns: readonly ServerColumn<T>[];
  Stats: ComponentType<{ stats: S | undefined; list: ServerList<T, S> }>;
  /**
   * Bulk actions, shown above the table to staff who may run them (`canRunSelection`), with a checkbox
   * per row named by `rowLabel` ("Select Ada Park"). `Actions` acts on the picked rows, or on every
   * filtered row when none is picked, and clears the picks once done.
   */
  bulk?: {
    rowLabel: (row: T) => string;
    Actions: ComponentType<{ list: ServerList<T, S>; selection: RowSelection }>;
  };
}

const exportFileName = (kind: RecordKindTexts) => () => csvFileName(facts.exportPrefix, kind.list.fileKind);

export function RecordsTab<T extends NamedRecord, S extends { total: number; overall: number }>({ kind, columns: baseColumns, Stats, bulk }: RecordsTabProps<T, S>) {
  const { canDeleteData, canRunSelection } = useAuth();
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  const list = useServerList<T, S>({
    basePath: kind.list.path,
    filters: kind.list.filters,
    defaultSort: DEFAULT_LIST_SORT,
  });
  // Picks belong to the filters the server applied: new filters (or a new search) start with none.
  const selection = useRowSelection(list.filterQuery);
  const withBulk = bulk !== undefined && canRunSelection;
  const rowLabel = bulk?.rowLabel;
  const tableSelection = useMemo<TableSelection<T> | undefined>(
    () => (withBulk && rowLabel ? { ...selection, rowLabel } : undefined),
    [withBulk, rowLabel, selection],
  );
  const remove = useDeleteListedRecord(kind.list.path);
  const fileName = useMemo(() => exportFileName(kind), [kind]);
  const exporter = useServerExport(`${kind.list.path}/export`, fileName);
  const { noun } = kind;
  const columnChoice = useColumnChoice(kind.list.path, baseColumns);
  const chosenColumns = columnChoice.shown;

  const columns = useMemo(() => {
    if (!canDeleteData) return chosenColumns;
    const requestDelete: DeleteHandler<T> = (row, trigger) => {
      setReturnFocus(trigger);
      setPendingDelete(row);
    };
    return [...chosenColumns, deleteColumn<T>(noun, requestDelete)];
  }, [chosenColumns, canDeleteData, noun]);

  const failure = list.page.error ?? list.stats.error;
  if (list.page.isPending && list.stats.isPending) {
    return <Spinner label={`Loading ${kind.plural}`} className="h-8 w-8 text-brand" />;
  }
  if (failure && !list.page.data) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Error loading {kind.plural}: {loadErrorText(failure, kind.loadFallback)}
        </AlertDescription>
      </Alert>
    );
  }

  const overall = list.stats.data?.overall;
  const isEmpty = overall === 0 || (list.total === 0 && !list.hasActiveFilters && overall === undefined);
  return (
    <div className="space-y-6">
      <TableHeading
        title={kind.title}
        // Both figures from one stats answer, so they agree while others submit.
        shown={list.stats.data?.total ?? list.total}
        total={overall ?? (list.hasActiveFilters ? null : list.total)}
        action={
          <ExportControl
            onExport={() => void exporter.run(list.listQuery)}
            onCancel={exporter.cancel}
            progress={exporter.progress}
            disabled={list.total === 0}
          />
        }
      />
      {exporter.error ? (
        <Alert variant="destructive">
          <AlertDescription>{exporter.error}</AlertDescription>
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>
            Error loading {kind.plural}: {loadErrorText(failure, kind.loadFallback)}
          </AlertDescription>
        </Alert>
      ) : null}
      {/* Busy while the figures of new filters are on their way (the previous ones stay until then). */}
      <div className="space-y-6" aria-busy={list.stats.isFetching}>
        <Stats stats={list.stats.data} list={list} />
      </div>
      <ListFilters
        idPrefix={kind.idPrefix}
        list={list}
      />
      {bulk && withBulk ? <bulk.Actions list={list} selection={selection} /> : null}
      <ColumnChooser choice={columnChoice} label={`Columns of ${kind.tableLabel}`} />
      <ServerTable
        list={list}
        selection={tableSelection}
        columns={columns}
        label={kind.tableLabel}
        emptyMessage={kind.emptyMessage}
        isEmpty={isEmpty}
        noMatchesMessage={`No ${kind.plural} match these filters.`}
        regionRef={tableRef}
        idPrefix={kind.idPrefix}
      />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={kind.deleteTitle}
        subject={pendingDelete ? `The ${noun} from ${fullName(pendingDelete)} will be deleted.` : ""}
        fallbackError={kind.deleteFallback}
        onConfirm={async () => {
          if (!pendingDelete) return;
          await remove.mutateAsync(pendingDelete.id);
          // A deleted record is no longer one of the picked rows.
          selection.set([pendingDelete.id], false);
        }}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
