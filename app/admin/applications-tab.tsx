import { useDeferredValue, useMemo, useRef, useState } from "react";
import { facts } from "#core/brand";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DataTable, DataTableFilters, type DataTableColumn, useDataTable } from "~/components/ui/data-table";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "./auth";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { csvFileName } from "./csv";
import { APPLICATION_CSV_COLUMNS } from "./exports";
import { formatDateTime } from "./format";
import { loadErrorText, queryKeys, useApplications, useCsvExport, useDeleteRecord } from "./hooks";
import { CountList, StatCard } from "./stat-card";
import { applicationStats, leadSources } from "./stats";
import { TableHeading, ExportButton } from "./tab-parts";
import { TruncatedText } from "./truncated-text";
import type { ApplicationRecord } from "./types";

const EMPTY: ApplicationRecord[] = [];

export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

function interestText(row: ApplicationRecord): string {
  return row.interestLevelOther ? `${row.interestLevel}: ${row.interestLevelOther}` : row.interestLevel;
}

const NAME_FILTERS = [
  { id: "firstName", label: "First name", value: (r: { firstName: string }) => r.firstName },
  { id: "lastName", label: "Last name", value: (r: { lastName: string }) => r.lastName },
] as const;

function applicationColumns(
  canDelete: boolean,
  onDelete: (row: ApplicationRecord, trigger: HTMLButtonElement) => void,
): DataTableColumn<ApplicationRecord>[] {
  const columns: DataTableColumn<ApplicationRecord>[] = [
    { id: "name", header: "Name", width: 190, cell: fullName, sort: { type: "text", value: fullName } },
    { id: "email", header: "Email", width: 230, cell: (r) => r.email, sort: { type: "text", value: (r) => r.email } },
    { id: "age", header: "Age", width: 80, cell: (r) => r.age, sort: { type: "number", value: (r) => r.age } },
    { id: "state", header: "State", width: 150, cell: (r) => r.state, sort: { type: "text", value: (r) => r.state } },
    { id: "phone", header: "Phone", width: 150, cell: (r) => r.phone ?? "—" },
    { id: "zipCode", header: "Zip Code", width: 100, cell: (r) => r.zipCode ?? "—" },
    { id: "interestLevel", header: "Interest Level", width: 220, cell: (r) => <TruncatedText text={interestText(r)} /> },
    { id: "formSource", header: "Form Source", width: 130, cell: (r) => r.formSource },
    {
      id: "marketing",
      header: "Marketing",
      width: 120,
      cell: (r) => (r.marketing_consent ? "Yes" : "No"),
      sort: { type: "number", value: (r) => r.marketing_consent },
    },
    {
      id: "submitted_at",
      header: "Submitted",
      width: 210,
      cell: (r) => formatDateTime(r.submitted_at),
      sort: { type: "date", value: (r) => r.submitted_at },
    },
    { id: "traffic_source", header: "Traffic Source", width: 140, cell: (r) => r.traffic_source ?? "—" },
    { id: "utm_campaign", header: "UTM Campaign", width: 160, cell: (r) => <TruncatedText text={r.utm_campaign} /> },
  ];
  if (canDelete) {
    columns.push({
      id: "actions",
      header: "Actions",
      width: 110,
      cell: (r) => (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger hover:text-danger"
          aria-label={`Delete application from ${fullName(r)}`}
          onClick={(event) => onDelete(r, event.currentTarget)}
        >
          Delete
        </Button>
      ),
    });
  }
  return columns;
}

export function ApplicationsTab() {
  const { canDeleteData } = useAuth();
  const query = useApplications();
  const rows = query.data ?? EMPTY;
  const [pendingDelete, setPendingDelete] = useState<{ row: ApplicationRecord; trigger: HTMLElement } | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  // Kept after the dialog closes, so focus can go back to the button that opened it.
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const remove = useDeleteRecord<ApplicationRecord>(queryKeys.applications, "/api/applications");

  const columns = useMemo(() => applicationColumns(canDeleteData, (row, trigger) => {
        setReturnFocus(trigger);
        setPendingDelete({ row, trigger });
      }), [canDeleteData]);
  const table = useDataTable({
    rows,
    columns,
    filters: NAME_FILTERS,
    defaultSort: { columnId: "submitted_at", direction: "desc" },
  });
  const stats = useMemo(() => applicationStats(rows), [rows]);
  const viewRows = useDeferredValue(table.rows);
  const sources = useMemo(() => leadSources(viewRows), [viewRows]);
  const exporter = useCsvExport("applications", APPLICATION_CSV_COLUMNS, () =>
    csvFileName(facts.exportPrefix, "applications"),
  );

  if (query.isPending) return <Spinner label="Loading applications" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Error loading applications: {loadErrorText(query.error, "Failed to fetch applications")}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <TableHeading
        title="Applications"
        shown={table.rows.length}
        total={rows.length}
        action={
          <ExportButton
            onClick={() => void exporter.run(table.rows)}
            busy={exporter.isExporting}
            disabled={rows.length === 0}
          />
        }
      />
      {exporter.error ? (
        <Alert variant="destructive">
          <AlertDescription>{exporter.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Total Applications" value={stats.total.toLocaleString("en-US")} />
        <StatCard title="Average Age" value={stats.averageAge ?? "N/A"} />
        <StatCard title="Top State" value={stats.topState ?? "N/A"} className="col-span-2 sm:col-span-1" />
        <StatCard title="Applications by State" className="col-span-2 sm:col-span-1">
          <CountList items={stats.topStates} emptyText="No applications yet." />
        </StatCard>
      </div>
      <StatCard title="Leads by source">
        <p className="mt-1 text-xs text-ink-muted">Of the applications shown below (filters apply).</p>
        <div className="mt-2 grid gap-6 sm:grid-cols-2">
          <div>
            <h4 className="text-sm font-semibold text-ink">Traffic source</h4>
            <CountList items={sources.bySource} emptyText="No applications shown." />
          </div>
          <div>
            <h4 className="text-sm font-semibold text-ink">UTM campaign</h4>
            <CountList items={sources.byCampaign} emptyText="No applications shown." />
          </div>
        </div>
      </StatCard>
      <DataTableFilters table={table} idPrefix="applications" />
      <DataTable
        table={table}
        label="Applications"
        emptyMessage="No applications submitted yet."
        noMatchesMessage="No applications match these filters."
        className={table.isUpdating ? "opacity-80" : undefined}
        regionRef={tableRef}
      />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete application?"
        subject={pendingDelete ? `The application from ${fullName(pendingDelete.row)} will be deleted.` : ""}
        fallbackError="Failed to delete application"
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete.row.id) : Promise.resolve())}
        returnFocus={returnFocus}
        fallbackFocusRef={tableRef}
      />
    </div>
  );
}
