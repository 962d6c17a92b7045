/**
 * The audit log for super admins: who did what to which record, when and from where; filters by
 * actor, action, target and date range; keyset pages newest first; CSV export (itself audited).
 */
import { auditActionLabel, auditTargetLabel } from "#core/audit";
import { Link } from "react-router";
import type { AuditEventRecord } from "#core/contracts/lists";
import { AUDIT_LIST } from "#core/lists/declarations";
import { facts } from "#core/brand";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Spinner } from "~/components/ui/spinner";
import { applicationPath, contactPath } from "../../parts/records/record-kinds";
import { csvFileName } from "../../parts/csv";
import { formatDateTime } from "../../parts/format";
import { loadErrorText } from "../../parts/session/hooks";
import { ExportControl } from "../../parts/lists/export-control";
import { ListFilters } from "../../parts/lists/list-filters";
import { declaredColumns } from "../../parts/lists/declared-columns";
import { ServerTable } from "../../parts/lists/server-table";
import { useServerExport } from "../../parts/lists/use-server-export";
import { useServerList } from "../../parts/lists/use-server-list";

function TargetCell({ event }: { event: AuditEventRecord }) {
  if (!event.target_type) return <span className="text-ink-muted">—</span>;
  const href =
    event.target_id && event.target_type === "application"
      ? applicationPath(event.target_id)
      : event.target_id && event.target_type === "contact_message"
        ? contactPath(event.target_id)
        : null;
  const label = auditTargetLabel(event.target_type);
  const text = event.target_id ? `${label} ${event.target_id}` : label;
  return href ? (
    <Link to={href} className="text-brand-strong underline underline-offset-2" title={text}>
      {text}
    </Link>
  ) : (
    <span title={text}>{text}</span>
  );
}

const COLUMNS = declaredColumns<typeof AUDIT_LIST, AuditEventRecord>(AUDIT_LIST, {
  at: { width: 210, cell: (e) => formatDateTime(e.at) },
  actor: { width: 170, cell: (e) => e.actor_username ?? "—" },
  action: { width: 170, cell: (e) => auditActionLabel(e.action) },
  target: { width: 380, cell: (e) => <TargetCell event={e} /> },
  from: { width: 150, cell: (e) => e.client_address ?? "—" },
});

const auditFileName = () => csvFileName(facts.exportPrefix, AUDIT_LIST.fileKind);

export function AuditTab() {
  const list = useServerList<AuditEventRecord, never>({
    basePath: AUDIT_LIST.path,
    filters: AUDIT_LIST.filters,
    defaultSort: { columnId: AUDIT_LIST.defaultSort, direction: "desc" },
    withStats: false,
  });
  const exporter = useServerExport(`${AUDIT_LIST.path}/export`, auditFileName);

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
        list={list}
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
