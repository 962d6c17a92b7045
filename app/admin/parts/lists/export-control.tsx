import { Button } from "~/components/ui/button";
import type { DownloadProgress } from "~/lib/api-client";
import { ExportButton } from "../tab-parts";
import { formatBytes } from "./use-server-export";

/** Export CSV, then while the file streams: rows and bytes so far, and Cancel. */
export function ExportControl({
  onExport,
  onCancel,
  progress,
  disabled,
}: {
  onExport: () => void;
  onCancel: () => void;
  progress: DownloadProgress | null;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 self-start sm:self-auto">
      <output aria-live="polite" className="text-sm text-ink-muted tabular-nums">
        {progress ? `Exported ${progress.rows.toLocaleString("en-US")} rows (${formatBytes(progress.bytes)})` : ""}
      </output>
      {progress ? (
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel export
        </Button>
      ) : null}
      <ExportButton onClick={onExport} busy={progress !== null} disabled={disabled} />
    </div>
  );
}
