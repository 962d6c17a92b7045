/**
 * Super admins' system panel: what /readyz says (database, free disk, outbox backlog and oldest unsent email,
 * database size, newest backup), the server's memory beside the database's size, and the embedded database's backups,
 * each with its checksum checked, with "Back up now" (audited on the server). Backups are off on PostgreSQL: the panel
 * says so. It also says what the newest restore applied again: erasures, revocations, and the sessions it ended (ADR 0107).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Backup, LastRestore, SystemStatus } from "#core/contracts/system";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "../../parts/format";
import { errorText, loadErrorText, useAuthedRequest } from "../../parts/session/hooks";
import { type LocalColumn, useLocalList } from "../../parts/lists/local-list";
import { type Notice, TabNotice } from "../../parts/tab-parts";

const SYSTEM_KEY = ["api", "system"] as const;

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return "—";
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** 3725 → "1 h 2 min". */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds == null) return "none waiting";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the newest restore applied again, in one sentence per part. */
export function describeRestore(r: LastRestore): string[] {
  const revoked = [
    r.apiKeys > 0 ? `${plural(r.apiKeys, "API key")} revoked` : null,
    r.staffDeleted > 0 ? `${plural(r.staffDeleted, "account")} deleted` : null,
    r.staffDeactivated > 0 ? `${plural(r.staffDeactivated, "account")} deactivated` : null,
    r.passwordsDisabled > 0 ? `${plural(r.passwordsDisabled, "old password")} disabled (set a new one for them)` : null,
    r.factorsReset > 0 ? `second factors of ${plural(r.factorsReset, "member")} reset` : null,
    r.recoveryCodesRevoked > 0 ? `replaced recovery codes of ${plural(r.recoveryCodesRevoked, "member")} revoked` : null,
  ].filter((part): part is string => part !== null);
  return [
    `Restored ${formatDateTime(r.at)}${r.takenAt ? ` from the backup of ${formatDateTime(r.takenAt)}` : ""}.`,
    `Erasures made after it: ${r.erasures}; ${plural(r.erasedAgain, "person", "people")} erased again.`,
    `Revocations made after it: ${r.revocations}${revoked.length > 0 ? `; applied again: ${revoked.join(", ")}` : ""}.`,
    `${plural(r.sessionsEnded, "staff session")} ended: everyone signed in again.`,
  ];
}

export function LastRestoreSection({ restore }: { restore: LastRestore }) {
  return (
    <section aria-labelledby="restore-heading" className="space-y-1" data-testid="system-last-restore">
      <h3 id="restore-heading" className="font-display text-xl font-semibold text-ink">
        Last restore
      </h3>
      {describeRestore(restore).map((line) => (
        <p key={line} className="text-sm text-ink-muted">
          {line}
        </p>
      ))}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-display text-xl font-semibold text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type BackupRow = Backup & { id: string };
const NO_BACKUPS: Backup[] = [];

const BACKUP_COLUMNS: LocalColumn<BackupRow>[] = [
  { id: "takenAt", header: "Taken", width: 200, cell: (r) => formatDateTime(r.takenAt), sort: { type: "date", value: (r) => r.takenAt } },
  { id: "bytes", header: "Size", width: 120, cell: (r) => formatBytes(r.bytes), sort: { type: "number", value: (r) => r.bytes } },
  {
    id: "checksum",
    header: "Checksum",
    width: 130,
    cell: (r) => (r.checksumOk ? <Badge variant="default">OK</Badge> : <Badge variant="destructive">Damaged</Badge>),
    sort: { type: "text", value: (r) => (r.checksumOk ? "ok" : "damaged") },
  },
  { id: "name", header: "File", width: 340, cell: (r) => <span className="font-mono text-xs break-all">{r.name}</span>, sort: { type: "text", value: (r) => r.name } },
];

export function SystemTab() {
  const query = useQuery<SystemStatus>({ queryKey: SYSTEM_KEY });
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const backUp = useMutation({
    mutationFn: () => request<Backup>("/api/system/backups", { method: "POST" }),
    onSuccess: async (backup) => {
      setNotice({ text: `Backup written: ${backup.name} (${formatBytes(backup.bytes)}).`, error: false });
      await queryClient.invalidateQueries({ queryKey: SYSTEM_KEY });
    },
    onError: (error) => setNotice({ text: errorText(error, "The backup failed"), error: true }),
  });

  const rows = useMemo(() => (query.data?.backups.backups ?? NO_BACKUPS).map((b) => ({ ...b, id: b.name })), [query.data]);
  const table = useLocalList({ rows, columns: BACKUP_COLUMNS, defaultSort: { columnId: "takenAt", direction: "desc" } });

  if (query.isPending) return <Spinner label="Loading the system status" className="h-8 w-8 text-brand" />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Error loading the system status: {loadErrorText(query.error, "Failed to fetch the system status")}</AlertDescription>
      </Alert>
    );
  }
  const status = query.data;
  const backups = status.backups;
  const newest = backups.backups[0];
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">System</h2>
          <p className="text-sm text-ink-muted">What the readiness check reports, and the database&apos;s backups.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </div>
      {status.status === "ready" ? null : (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            Not ready: {status.status}
            {status.reason ? ` (${status.reason})` : ""}.
          </AlertDescription>
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="System status">
        <Figure label="Status" value={status.status} testId="system-status" />
        <Figure label="Database size" value={formatBytes(status.database?.bytes)} testId="system-database-size" />
        <Figure label="Server memory (RSS)" value={formatBytes(status.memory.rssBytes)} testId="system-memory" />
        <Figure label="Free disk (data directory)" value={status.disk ? formatBytes(status.disk.freeBytes) : "—"} testId="system-disk-free" />
        <Figure label="Emails waiting" value={String(status.outbox?.backlog ?? "—")} testId="system-outbox-backlog" />
        <Figure label="Oldest unsent email" value={formatAge(status.outbox?.oldestUnsentSeconds)} testId="system-outbox-age" />
        <Figure
          label="Last backup"
          value={newest ? `${formatDateTime(newest.takenAt)} · ${formatBytes(newest.bytes)}` : backups.enabled ? "none yet" : "off"}
          testId="system-last-backup"
        />
      </dl>
      {backups.lastRestore ? <LastRestoreSection restore={backups.lastRestore} /> : null}
      <section aria-labelledby="backups-heading" className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 id="backups-heading" className="font-display text-xl font-semibold text-ink">Backups</h3>
            <p className="text-sm text-ink-muted">
              {backups.enabled
                ? `Encrypted. ${backups.everyHours ? `Every ${backups.everyHours} h` : "On demand only"}; the newest ${backups.keep} are kept.`
                : backups.offReason}
            </p>
          </div>
          {backups.enabled ? (
            <Button size="sm" onClick={() => backUp.mutate()} disabled={backUp.isPending} aria-busy={backUp.isPending}>
              {backUp.isPending ? "Backing up…" : "Back up now"}
            </Button>
          ) : null}
        </div>
        {backups.enabled ? <TabNotice notice={notice} table={table} label="Backups" emptyMessage="No backup yet." idPrefix="backups" /> : null}
      </section>
    </div>
  );
}
