import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

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
