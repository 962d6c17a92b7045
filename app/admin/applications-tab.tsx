import { useDeferredValue, useMemo } from "react";
import { facts } from "#core/brand";
import type { DataTableColumn, DataTableController } from "~/components/ui/data-table";
import { csvFileName } from "./csv";
import { APPLICATION_CSV_COLUMNS } from "./exports";
import { formatDateTime } from "./format";
import { queryKeys, useApplications } from "./hooks";
import { fullName, RecordsTab } from "./records-tab";
import { CountList, StatCard } from "./stat-card";
import { applicationStats, leadSources } from "./stats";
import { TruncatedText } from "./truncated-text";
import type { ApplicationRecord } from "./types";

function interestText(row: ApplicationRecord): string {
  return row.interestLevelOther ? `${row.interestLevel}: ${row.interestLevelOther}` : row.interestLevel;
}

const APPLICATION_COLUMNS: readonly DataTableColumn<ApplicationRecord>[] = [
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

function ApplicationStats({ rows, table }: { rows: readonly ApplicationRecord[]; table: DataTableController<ApplicationRecord> }) {
  const stats = useMemo(() => applicationStats(rows), [rows]);
  const viewRows = useDeferredValue(table.rows);
  const sources = useMemo(() => leadSources(viewRows), [viewRows]);
  return (
    <>
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
    </>
  );
}

const applicationsFileName = () => csvFileName(facts.exportPrefix, "applications");

export function ApplicationsTab() {
  return (
    <RecordsTab
      query={useApplications()}
      columns={APPLICATION_COLUMNS}
      title="Applications"
      tableLabel="Applications"
      plural="applications"
      noun="application"
      idPrefix="applications"
      emptyMessage="No applications submitted yet."
      loadFallback="Failed to fetch applications"
      deleteTitle="Delete application?"
      deleteFallback="Failed to delete application"
      deletePath="/api/applications"
      queryKey={queryKeys.applications}
      exportKind="applications"
      exportColumns={APPLICATION_CSV_COLUMNS}
      exportFileName={applicationsFileName}
      Stats={ApplicationStats}
    />
  );
}
