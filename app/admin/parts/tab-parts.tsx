import type { ReactNode, RefObject } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { useLocalList } from "./lists/local-list";
import { ServerTable } from "./lists/server-table";

/** A count, or "…" while it is still being counted. */
const figure = (value: number | null) => (value === null ? "…" : value.toLocaleString("en-US"));

export function TableHeading({ title, shown, total, action }: { title: string; shown: number | null; total: number | null; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-display text-2xl font-semibold text-ink">{title}</h2>
        <p className="text-sm text-ink-muted" aria-live="polite">
          Showing {figure(shown)} of {figure(total)}
        </p>
      </div>
      {action}
    </div>
  );
}

export function ExportButton({ onClick, busy, disabled }: { onClick: () => void; busy: boolean; disabled?: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={busy || disabled} className="self-start sm:self-auto">
      {busy ? <Spinner className="h-4 w-4" /> : (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {busy ? "Exporting..." : "Export CSV"}
    </Button>
  );
}

/** What a tab's last action came to: a status, or an alert when it failed. */
export type Notice = { text: string; error: boolean } | null;

/**
 * The block under a tab's heading: the last action's notice (announced: `status`, or `alert` when it failed),
 * then the tab's one list, a short list held whole in the browser (`useLocalList`) in the admin's one table.
 */
export function TabNotice<T extends { id: string }>({
  notice,
  table,
  label,
  emptyMessage,
  idPrefix,
  regionRef,
}: {
  notice: Notice;
  table: ReturnType<typeof useLocalList<T>>;
  /** Accessible name of the table region. */
  label: string;
  emptyMessage: string;
  idPrefix: string;
  regionRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <>
      {notice ? (
        <Alert variant={notice.error ? "destructive" : "default"} role={notice.error ? "alert" : "status"}>
          <AlertDescription>{notice.text}</AlertDescription>
        </Alert>
      ) : null}
      <ServerTable
        list={table.source}
        columns={table.columns}
        label={label}
        emptyMessage={emptyMessage}
        isEmpty={table.isEmpty}
        noMatchesMessage={emptyMessage}
        regionRef={regionRef}
        idPrefix={idPrefix}
      />
    </>
  );
}
