/**
 * The Funnel tab as the dashboard lists it: a placeholder that downloads the tab (and its chart
 * library) only when the tab is opened, so neither the admin's first chunk nor any public page
 * carries chart code (docs/benchmarks.md, "Funnel tab").
 */
import { lazy, Suspense } from "react";
import { Spinner } from "~/components/ui/spinner";

const FunnelTabChunk = lazy(() => import("./funnel-tab").then((module) => ({ default: module.FunnelTab })));

export function FunnelTab() {
  return (
    <Suspense fallback={<Spinner label="Loading the funnel" className="h-8 w-8 text-brand" />}>
      <FunnelTabChunk />
    </Suspense>
  );
}
