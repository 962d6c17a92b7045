/**
 * The Funnel tab as the dashboard lists it: a placeholder that downloads the tab (and its chart
 * library) only when the tab is opened, so neither the admin's first chunk nor any public page
 * carries chart code (docs/benchmarks.md, "Funnel tab"). It starts the tab's two reads at the same
 * time as the download (./queries.ts), not after it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "../../parts/session/auth";
import { useAuthedRequest } from "../../parts/session/hooks";
import { DEFAULT_FUNNEL_GROUP, funnelQuery, stuckQuery } from "./queries";

let loading: Promise<typeof import("./funnel-tab")> | null = null;

/** Starts downloading the tab's chunk (once; again after a failure). */
export function preloadFunnelTab(): Promise<typeof import("./funnel-tab")> {
  loading ??= import("./funnel-tab").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const FunnelTabChunk = lazy(() => preloadFunnelTab().then((module) => ({ default: module.FunnelTab })));

export function FunnelTab() {
  const queryClient = useQueryClient();
  const request = useAuthedRequest();
  const { token } = useAuth();
  useEffect(() => {
    void queryClient.prefetchQuery(funnelQuery(DEFAULT_FUNNEL_GROUP, request, token));
    void queryClient.prefetchQuery(stuckQuery(request, token));
  }, [queryClient, request, token]);
  return (
    <Suspense fallback={<Spinner label="Loading the funnel" className="h-8 w-8 text-brand" />}>
      <FunnelTabChunk />
    </Suspense>
  );
}
