/**
 * The admin's TanStack Query setup (docs/requirements.md §7): queries are keyed by path segments and fetched with
 * a GET to the joined path, no automatic retry, no refetch on focus or by interval, never stale.
 * Any 401 from a protected call ends the session (see AuthProvider).
 */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError, apiRequest } from "~/lib/api-client";

/** ['api', 'applications'] → '/api/applications' */
export function pathFromQueryKey(queryKey: QueryKey): string {
  return `/${queryKey.map((segment) => encodeURIComponent(String(segment))).join("/")}`;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export interface AdminQueryClientOptions {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

export function createAdminQueryClient({ getToken, onUnauthorized }: AdminQueryClientOptions): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => apiRequest(pathFromQueryKey(queryKey), { token: getToken(), signal }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryKeys = {
  applications: ["api", "applications"],
  contactMessages: ["api", "contact"],
  users: ["api", "users"],
} as const;
