/** Data hooks of the admin: the staff users list, deletes and errors through the authed client. */
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, apiRequest, type RequestOptions } from "~/lib/api-client";
import { useAuth } from "./auth";
import { queryKeys } from "./query";
import type { StaffUser } from "#core/contracts/users";

/** apiRequest with the session's bearer token. */
export function useAuthedRequest() {
  const { token } = useAuth();
  return useCallback(<T,>(path: string, options: RequestOptions = {}) => apiRequest<T>(path, { ...options, token }), [token]);
}

export function useStaffUsers(enabled: boolean) {
  return useQuery<StaffUser[]>({ queryKey: queryKeys.users, enabled });
}

/** The server's message when it sent one, else the catalogue's fallback text (docs/requirements.md §8). */
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

export { queryKeys };
