import { facts } from "#core/brand";
import type { ApplicationStatsResponse } from "#core/contracts/lists";
import { FORM_SOURCE_VALUES, TRAFFIC_SOURCES, US_STATES } from "#core/options";
import { Badge } from "~/components/ui/badge";
import { csvFileName } from "./csv";
import { formatDateTime } from "./format";
import { APPLICATIONS_LIST_PATH } from "./lists/list-path";
import type { ServerColumn } from "./lists/server-table";
import type { FilterDef } from "./lists/use-server-list";
import { DATE_FILTERS, fullName, NAME_FILTERS, RecordLink, RecordsTab, SEARCH_FILTER } from "./records-tab";
import { CountList, StatCard } from "./stat-card";
import { NO_CAMPAIGN, NO_SOURCE } from "./stats";
import { TruncatedText } from "./truncated-text";
import type { ApplicationRecord } from "./types";

export function interestText(row: ApplicationRecord): string {
  return row.interestLevelOther ? `${row.interestLevel}: ${row.interestLevelOther}` : row.interestLevel;
}

export const applicationPath = (id: string) => `/admin/applications/${encodeURIComponent(id)}`;

const APPLICATION_COLUMNS: readonly ServerColumn<ApplicationRecord>[] = [
  {
    id: "name",
    header: "Name",
    width: 230,
    sortable: true,
    cell: (r) => (
      <span className="flex items-center gap-2">
        <span className="truncate">
          <RecordLink href={applicationPath(r.id)}>{fullName(r)}</RecordLink>
        </span>
        {r.repeat ? (
          <Badge variant="outline" title="This email address applied before">
            repeat
          </Badge>
        ) : null}
      </span>
    ),
  },
  { id: "email", header: "Email", width: 230, sortable: true, cell: (r) => r.email },
  { id: "age", header: "Age", width: 80, sortable: true, cell: (r) => r.age },
  { id: "state", header: "State", width: 150, sortable: true, cell: (r) => r.state },
  { id: "phone", header: "Phone", width: 150, cell: (r) => r.phone ?? "—" },
  { id: "zipCode", header: "Zip Code", width: 100, cell: (r) => r.zipCode ?? "—" },
  { id: "interestLevel", header: "Interest Level", width: 220, cell: (r) => <TruncatedText text={interestText(r)} /> },
  { id: "formSource", header: "Form Source", width: 130, cell: (r) => r.formSource },
  { id: "marketing", header: "Marketing", width: 120, sortable: true, cell: (r) => (r.marketing_consent ? "Yes" : "No") },
  { id: "submitted_at", header: "Submitted", width: 210, sortable: true, cell: (r) => formatDateTime(r.submitted_at) },
  { id: "traffic_source", header: "Traffic Source", width: 140, cell: (r) => r.traffic_source ?? "—" },
  { id: "utm_campaign", header: "UTM Campaign", width: 160, cell: (r) => <TruncatedText text={r.utm_campaign} /> },
];

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const APPLICATION_FILTERS: readonly FilterDef[] = [
  SEARCH_FILTER,
  { id: "state", label: "State", kind: "select", options: options(US_STATES) },
  { id: "formSource", label: "Form source", kind: "select", options: options(FORM_SOURCE_VALUES) },
  { id: "traffic_source", label: "Traffic source", kind: "select", options: options(TRAFFIC_SOURCES) },
  {
    id: "marketing",
    label: "Marketing consent",
    kind: "select",
    options: [
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ],
  },
  ...DATE_FILTERS,
  ...NAME_FILTERS,
];

const labelled = (items: readonly { label: string; count: number }[], none: string) =>
  items.map((item) => ({ label: item.label || none, count: item.count }));

function ApplicationStats({ stats }: { stats: ApplicationStatsResponse | undefined }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Total Applications" value={stats ? stats.total.toLocaleString("en-US") : "…"} />
        <StatCard title="Average Age" value={stats ? (stats.averageAge ?? "N/A") : "…"} />
        <StatCard title="Top State" value={stats ? (stats.topStates[0]?.label ?? "N/A") : "…"} className="col-span-2 sm:col-span-1" />
        <StatCard title="Applications by State" className="col-span-2 sm:col-span-1">
          <CountList items={stats?.topStates ?? []} emptyText="No applications yet." />
        </StatCard>
      </div>
      <StatCard title="Leads by source">
        <p className="mt-1 text-xs text-ink-muted">Of the applications shown below (filters apply).</p>
        <div className="mt-2 grid gap-6 sm:grid-cols-2">
          <div>
            <h4 className="text-sm font-semibold text-ink">Traffic source</h4>
            <CountList items={labelled(stats?.bySource ?? [], NO_SOURCE)} emptyText="No applications shown." />
          </div>
          <div>
            <h4 className="text-sm font-semibold text-ink">UTM campaign</h4>
            <CountList items={labelled(stats?.byCampaign ?? [], NO_CAMPAIGN)} emptyText="No applications shown." />
          </div>
        </div>
      </StatCard>
    </>
  );
}

const applicationsFileName = () => csvFileName(facts.exportPrefix, "applications");

export function ApplicationsTab() {
  return (
    <RecordsTab<ApplicationRecord, ApplicationStatsResponse>
      basePath={APPLICATIONS_LIST_PATH}
      filters={APPLICATION_FILTERS}
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
      exportFileName={applicationsFileName}
      Stats={ApplicationStats}
    />
  );
}
