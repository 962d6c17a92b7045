import type { ApplicationListRow, ApplicationRow, ApplicationStatsResponse } from "#core/contracts/lists";
import { languageLabel } from "#core/i18n/languages";
import { trafficSourceLabel } from "#core/options";
import { APPLICATIONS_LIST } from "#core/lists/declarations";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "../../parts/format";
import { declaredColumns } from "../../parts/lists/declared-columns";
import { applicationPath, RECORD_KINDS } from "../../parts/records/record-kinds";
import { fullName, RecordLink, RecordsTab } from "../../parts/records/records-tab";
import { CountList, StatCard } from "../../parts/stat-card";
import type { ServerList } from "../../parts/lists/use-server-list";
import { BulkActions } from "./bulk-actions";
import { StageBadge } from "../../parts/stage-badge";
import { NO_CAMPAIGN, NO_SOURCE } from "./stats";
import { TruncatedText } from "../../parts/truncated-text";

export function interestText(row: Pick<ApplicationRow, "interestLevel" | "interestLevelOther">): string {
  return row.interestLevelOther ? `${row.interestLevel}: ${row.interestLevelOther}` : row.interestLevel;
}

const APPLICATION_COLUMNS = declaredColumns<typeof APPLICATIONS_LIST, ApplicationListRow>(APPLICATIONS_LIST, {
  name: {
    width: 200,
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
  email: { width: 210, cell: (r) => r.email },
  age: { width: 70, cell: (r) => r.age },
  state: { width: 150, hiddenByDefault: true, cell: (r) => r.state },
  phone: { width: 150, hiddenByDefault: true, cell: (r) => r.phone ?? "—" },
  zipCode: { width: 100, hiddenByDefault: true, cell: (r) => r.zipCode ?? "—" },
  interestLevel: { width: 220, hiddenByDefault: true, cell: (r) => <TruncatedText text={interestText(r)} /> },
  formSource: { width: 130, hiddenByDefault: true, cell: (r) => r.formSource },
  language: { width: 110, hiddenByDefault: true, cell: (r) => languageLabel(r.preferred_language) },
  marketing: { width: 120, hiddenByDefault: true, cell: (r) => (r.marketing_consent ? "Yes" : "No") },
  submitted_at: { width: 200, cell: (r) => formatDateTime(r.submitted_at) },
  traffic_source: { width: 140, hiddenByDefault: true, cell: (r) => (r.traffic_source ? trafficSourceLabel(r.traffic_source) : "—") },
  utm_campaign: { width: 160, hiddenByDefault: true, cell: (r) => <TruncatedText text={r.utm_campaign} /> },
  stage: { width: 160, cell: (r) => <StageBadge stage={r.stage} /> },
  eligible: { width: 90, cell: (r) => (r.eligible ? "Yes" : "No") },
  owner: { width: 130, cell: (r) => r.owner ?? "—" },
  waitlistPosition: { width: 100, hiddenByDefault: true, cell: (r) => r.waitlistPosition ?? "—" },
});

const labelled = (items: readonly { label: string; count: number }[], none: string, label: (value: string) => string = (value) => value) =>
  items.map((item) => ({ label: item.label ? label(item.label) : none, count: item.count }));

function ApplicationStats({ stats }: { stats: ApplicationStatsResponse | undefined; list: ServerList<ApplicationListRow, ApplicationStatsResponse> }) {
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
            <CountList items={labelled(stats?.bySource ?? [], NO_SOURCE, trafficSourceLabel)} emptyText="No applications shown." />
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

/** Bulk actions above the list, on the ticked rows or on every filtered one. */
const BULK = { rowLabel: (row: ApplicationListRow) => `Select ${fullName(row)}`, Actions: BulkActions };

export function ApplicationsTab() {
  return (
    <RecordsTab<ApplicationListRow, ApplicationStatsResponse>
      kind={RECORD_KINDS.application}
      columns={APPLICATION_COLUMNS}
      Stats={ApplicationStats}
      bulk={BULK}
    />
  );
}
