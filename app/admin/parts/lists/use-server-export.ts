/**
 * CSV exports streamed by the server: the file of the list's current filters and sort, downloaded
 * with progress (rows and bytes so far); the server writes the audit event.
 */
import { useCallback, useRef, useState } from "react";
import { ApiError, apiDownload, type DownloadProgress } from "~/lib/api-client";
import { useAuth } from "../session/auth";
import { runtimeTimeZone } from "#core/time";
import { errorText } from "../session/hooks";

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useServerExport(exportPath: string, fallbackName: () => string) {
  const { token, expireSession } = useAuth();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (query: string) => {
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setProgress({ bytes: 0, rows: 0 });
      try {
        const params = new URLSearchParams(query);
        params.set("tz", runtimeTimeZone() ?? "UTC");
        const { blob, fileName } = await apiDownload(`${exportPath}?${params.toString()}`, {
          token,
          signal: abort.signal,
          onProgress: setProgress,
        });
        saveBlob(blob, fileName ?? fallbackName());
      } catch (caught) {
        if (abort.signal.aborted) return;
        if (caught instanceof ApiError && caught.status === 401) {
          expireSession();
          return;
        }
        setError(`Export failed: ${errorText(caught, "the file could not be downloaded. Please try again.")}`);
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    [exportPath, expireSession, fallbackName, token],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { run, cancel, progress, isExporting: progress !== null, error };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
