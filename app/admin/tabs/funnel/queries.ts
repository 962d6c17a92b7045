/**
 * The Funnel tab's two reads (the funnel and the waits), shared by the tab and by what starts them
 * early: the tab's placeholder (./index.tsx) starts them together with the download of the tab's
 * chunk, and the warm-up (shell/warm-up.ts) while the session is checked, so the first view waits for the
 * slower of chunk and answers instead of the chunk and then the answers. No chart code here.
 */
import type { Funnel, Stuck } from "#core/contracts/funnel";
import type { FunnelGroup } from "#core/pipeline/funnel";
import type { RequestOptions } from "~/lib/api-client";
import { runtimeTimeZone } from "#core/time";
import { takePrefetched } from "../../parts/session/prefetch";

/** The split the tab opens with. */
export const DEFAULT_FUNNEL_GROUP: FunnelGroup = "source";

/** The browser's IANA time zone: the daily series counts the staff member's own days (UTC if unknown). */
export function browserZone(): string {
  return runtimeTimeZone() ?? "UTC";
}

export const funnelPath = (by: FunnelGroup, zone = browserZone()) => `/api/admin/pipeline/funnel?by=${by}&zone=${encodeURIComponent(zone)}`;
export const STUCK_PATH = "/api/admin/pipeline/stuck";
/** The same reads counted now rather than served from the server's cache (the tab's Recount; ADR 0075). */
export const recountPath = (path: string) => `${path}${path.includes("?") ? "&" : "?"}fresh=1`;

/** Counts change slowly: an answer this fresh is shown again without asking. */
const STALE_MS = 30_000;

type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

export function funnelQuery(by: FunnelGroup, request: Request, token: string | null) {
  return {
    queryKey: ["admin-funnel", "funnel", by],
    queryFn: ({ signal }: { signal: AbortSignal }) => takePrefetched<Funnel>(funnelPath(by), token) ?? request<Funnel>(funnelPath(by), { signal }),
    staleTime: STALE_MS,
  };
}

export function stuckQuery(request: Request, token: string | null) {
  return {
    queryKey: ["admin-funnel", "stuck"],
    queryFn: ({ signal }: { signal: AbortSignal }) => takePrefetched<Stuck>(STUCK_PATH, token) ?? request<Stuck>(STUCK_PATH, { signal }),
    staleTime: STALE_MS,
  };
}
