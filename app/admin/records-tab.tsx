/**
 * What the Applications and Contact Messages tabs share: a server-side list (search, filters, sort,
 * keyset pages), the delete column, the load/error states, the streamed export, and the frame
 * (heading with export, stats, filters, table, delete confirmation).
 * Each tab supplies only its columns, filters, stats, texts and paths.
 */
import { type ComponentType, useMemo, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { ListPage } from "#core/admin-lists";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "./auth";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { loadErrorText, useAuthedRequest } from "./hooks";
import { ExportControl } from "./lists/export-control";
import { ListFilters } from "./lists/list-filters";
import { DEFAULT_LIST_SORT } from "./lists/list-path";
import { type ServerColumn, ServerTable } from "./lists/server-table";
import { useServerExport } from "./lists/use-server-export";
import { type FilterDef, type ServerList, useServerList } from "./lists/use-server-list";
import { TableHeading } from "./tab-parts";

export interface NamedRecord {
  id: string;
  firstName: string;
  lastName: string;
}

export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

/** The first- and last-name filters (docs/requirements.md §2). */
export const NAME_FILTERS: readonly FilterDef[] = [
  { id: "firstName", label: "First name", kind: "text" },
  { id: "lastName", label: "Last name", kind: "text" },
];

export const SEARCH_FILTER: FilterDef = { id: "q", label: "Search", kind: "text" };
export const DATE_FILTERS: readonly FilterDef[] = [
  { id: "from", label: "Submitted from", kind: "date-from" },
  { id: "to", label: "Submitted until", kind: "date-to" },
];

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

/** Deletes one record; its row leaves the shown page at once and the list and stats are fetched again. */
export function useDeleteListedRecord(basePath: string, deletePath: string) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`${deletePath}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async (_data, id) => {
      queryClient.setQueriesData<ListPage<{ id: string }>>({ queryKey: ["admin-list", basePath, "page"] }, (page) =>
        page ? { ...page, rows: page.rows.filter((row) => row.id !== id) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: ["admin-list", basePath] });
    },
  });
}

export interface RecordsTabProps<T extends NamedRecord, S extends { total: number; overall: number }> {
  /** e.g. "/api/admin/applications" (list, /stats, /export). */
  basePath: string;
  filters: readonly FilterDef[];
  /** Columns without Actions; the Delete column is added for roles that may delete. */
  columns: readonly ServerColumn<T>[];
  title: string;
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
  exportFileName: () => string;
  Stats: ComponentType<{ stats: S | undefined; list: ServerList<T, S> }>;
}

export function RecordsTab<T extends NamedRecord, S extends { total: number; overall: number }>(props: RecordsTabProps<T, S>) {
  const { canDeleteData } = useAuth();
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  const list = useServerList<T, S>({
    basePath: props.basePath,
    filters: props.filters,
    defaultSort: DEFAULT_LIST_SORT,
  });
  const remove = useDeleteListedRecord(props.basePath, props.deletePath);
  const exporter = useServerExport(`${props.basePath}/export`, props.exportFileName);
  const { columns: baseColumns, noun } = props;

  const columns = useMemo(() => {
    if (!canDeleteData) return baseColumns;
    const requestDelete: DeleteHandler<T> = (row, trigger) => {
      setReturnFocus(trigger);
      setPendingDelete(row);
    };
    return [...baseColumns, deleteColumn<T>(noun, requestDelete)];
  }, [baseColumns, canDeleteData, noun]);

  const failure = list.page.error ?? list.stats.error;
  if (list.page.isPending && list.stats.isPending) {
    return <Spinner label={`Loading ${props.plural}`} className="h-8 w-8 text-brand" />;
  }
  if (failure && !list.page.data) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Error loading {props.plural}: {loadErrorText(failure, props.loadFallback)}
        </AlertDescription>
      </Alert>
    );
  }

  const overall = list.stats.data?.overall;
  const isEmpty = overall === 0 || (list.total === 0 && !list.hasActiveFilters && overall === undefined);
  return (
    <div className="space-y-6">
      <TableHeading
        title={props.title}
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
            Error loading {props.plural}: {loadErrorText(failure, props.loadFallback)}
          </AlertDescription>
        </Alert>
      ) : null}
      {/* Busy while the figures of new filters are on their way (the previous ones stay until then). */}
      <div className="space-y-6" aria-busy={list.stats.isFetching}>
        <props.Stats stats={list.stats.data} list={list} />
      </div>
      <ListFilters
        idPrefix={props.idPrefix}
        filters={props.filters}
        values={list.filterValues}
        onChange={list.setFilterValue}
        onClear={list.clearFilters}
        hasActive={list.hasActiveFilters}
      />
      <ServerTable
        list={list}
        columns={columns}
        label={props.tableLabel}
        emptyMessage={props.emptyMessage}
        isEmpty={isEmpty}
        noMatchesMessage={`No ${props.plural} match these filters.`}
        regionRef={tableRef}
        idPrefix={props.idPrefix}
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
