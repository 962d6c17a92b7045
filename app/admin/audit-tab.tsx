/**
 * The audit log for super admins: who did what to which record, when and from where; filters by
 * actor, action, target and date range; keyset pages newest first; CSV export (itself audited).
 */
import { Link } from "react-router";
import { AUDIT_ACTIONS, type AuditEventRecord } from "#core/contracts/lists";
import { facts } from "#core/brand";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Spinner } from "~/components/ui/spinner";
import { format } from "date-fns";
import { applicationPath } from "./applications-tab";
import { formatDateTime } from "./format";
import { loadErrorText } from "./hooks";
import { ExportControl } from "./lists/export-control";
import { ListFilters } from "./lists/list-filters";
import { type ServerColumn, ServerTable } from "./lists/server-table";
import { useServerExport } from "./lists/use-server-export";
import { type FilterDef, useServerList } from "./lists/use-server-list";
import { contactPath } from "./messages-tab";

const AUDIT_FILTERS: readonly FilterDef[] = [
  { id: "actor", label: "Actor (username)", kind: "text" },
  { id: "action", label: "Action", kind: "select", options: AUDIT_ACTIONS.map((a) => ({ value: a, label: a })) },
  { id: "target", label: "Target id", kind: "text" },
  { id: "from", label: "From date", kind: "date-from" },
  { id: "to", label: "Until date", kind: "date-to" },
];

function TargetCell({ event }: { event: AuditEventRecord }) {
  if (!event.target_type) return <span className="text-ink-muted">—</span>;
  const href =
    event.target_id && event.target_type === "application"
      ? applicationPath(event.target_id)
      : event.target_id && event.target_type === "contact_message"
        ? contactPath(event.target_id)
        : null;
  const text = event.target_id ? `${event.target_type} ${event.target_id}` : event.target_type;
  return href ? (
    <Link to={href} className="text-brand-strong underline underline-offset-2" title={text}>
      {text}
    </Link>
  ) : (
    <span title={text}>{text}</span>
  );
}

const COLUMNS: readonly ServerColumn<AuditEventRecord>[] = [
  { id: "at", header: "When", width: 210, sortable: true, cell: (e) => formatDateTime(e.at) },
  { id: "actor", header: "Who", width: 170, cell: (e) => e.actor_username ?? "—" },
  { id: "action", header: "Action", width: 170, cell: (e) => e.action },
  { id: "target", header: "Target", width: 380, cell: (e) => <TargetCell event={e} /> },
  { id: "from", header: "From", width: 150, cell: (e) => e.client_address ?? "—" },
];

const auditFileName = () => `${facts.exportPrefix}-audit-log-${format(new Date(), "yyyy-MM-dd")}.csv`;

export function AuditTab() {
  const list = useServerList<AuditEventRecord, never>({
    basePath: "/api/admin/audit",
    filters: AUDIT_FILTERS,
    defaultSort: { columnId: "at", direction: "desc" },
    withStats: false,
  });
  const exporter = useServerExport("/api/admin/audit/export", auditFileName);

  if (list.page.isPending) return <Spinner label="Loading the audit log" className="h-8 w-8 text-brand" />;
  if (list.page.isError && !list.page.data) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading the audit log: {loadErrorText(list.page.error, "Failed to fetch the audit log")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">Audit Log</h2>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {list.total !== null ? `${list.total.toLocaleString("en-US")} events` : ""}
          </p>
        </div>
        <ExportControl onExport={() => void exporter.run(list.listQuery)} onCancel={exporter.cancel} progress={exporter.progress} disabled={list.total === 0} />
      </div>
      {exporter.error ? (
        <Alert variant="destructive">
          <AlertDescription>{exporter.error}</AlertDescription>
        </Alert>
      ) : null}
      <ListFilters
        idPrefix="audit"
        filters={AUDIT_FILTERS}
        values={list.filterValues}
        onChange={list.setFilterValue}
        onClear={list.clearFilters}
        hasActive={list.hasActiveFilters}
        trailing={[]}
      />
      <ServerTable
        list={list}
        columns={COLUMNS}
        label="Audit log"
        emptyMessage="No events recorded yet."
        isEmpty={false}
        noMatchesMessage="No events match these filters."
        idPrefix="audit"
      />
    </div>
  );
}
