/** Data hooks of the admin: lists via TanStack Query, deletes and exports through the authed client. */
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiError, apiRequest, type RequestOptions } from "~/lib/api-client";
import { useAuth } from "./auth";
import { buildCsv, type CsvColumn, downloadCsv } from "./csv";
import { queryKeys } from "./query";
import type { ApplicationRecord, ContactMessageRecord, StaffUser } from "./types";

/** apiRequest with the session's bearer token. */
export function useAuthedRequest() {
  const { token } = useAuth();
  return useCallback(<T,>(path: string, options: RequestOptions = {}) => apiRequest<T>(path, { ...options, token }), [token]);
}

export function useApplications() {
  return useQuery<ApplicationRecord[]>({ queryKey: queryKeys.applications });
}

export function useContactMessages() {
  return useQuery<ContactMessageRecord[]>({ queryKey: queryKeys.contactMessages });
}

export function useStaffUsers(enabled: boolean) {
  return useQuery<StaffUser[]>({ queryKey: queryKeys.users, enabled });
}

/** The server's message when it sent one, else the catalogue's fallback text (spec §8). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** "Failed to fetch applications (503: Service Unavailable)" for the tabs' load error states. */
export function loadErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return `${fallback} (${error.status}: ${error.serverMessage ?? "no details"})`;
  return fallback;
}

/**
 * Deletes one record by id; on success the row leaves the cached list at once and the list is
 * refreshed from the server.
 */
export function useDeleteRecord<T extends { id: string }>(queryKey: QueryKey, basePath: string) {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`${basePath}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async (_data, id) => {
      queryClient.setQueryData<T[]>(queryKey, (rows) => rows?.filter((row) => row.id !== id));
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

export type ExportKind = "applications" | "contact_messages";

/** Builds the CSV in chunks, records the export in the audit log, then downloads the file. */
export function useCsvExport<T>(kind: ExportKind, columns: readonly CsvColumn<T>[], fileName: () => string) {
  const request = useAuthedRequest();
  const { expireSession } = useAuth();
  const [isExporting, setIsExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (rows: readonly T[]) => {
      setIsExporting(true);
      setError(null);
      try {
        const parts = await buildCsv(rows, columns);
        await request<void>("/api/audit/exports", { method: "POST", body: { kind, rowCount: rows.length } });
        downloadCsv(parts, fileName());
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 401) {
          expireSession();
          return;
        }
        setError(`Export failed: ${errorText(caught, "the export could not be recorded. Please try again.")}`);
      } finally {
        setIsExporting(false);
      }
    },
    [columns, expireSession, fileName, kind, request],
  );
  return { run, isExporting, error, dismissError: () => setError(null) };
}

export { queryKeys };
