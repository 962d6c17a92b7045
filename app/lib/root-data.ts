/**
 * What the root route's loader (app/root.tsx) hands every page: read anywhere with
 * `useRouteLoaderData<RootData>("root")`, so shared components need not import the root module.
 */
import type { PilotPublicState } from "#core/pipeline/pilot-status";

export interface RootData {
  /** CSP nonce of this response, for the inline scripts. */
  nonce: string;
  /** Absolute public URL of the site. */
  siteUrl: string;
  /** Advertising pixel id; null means no pixel is ever loaded. */
  metaPixelId: string | null;
  /** The pilot's places, window and status when the page was rendered (ADR 0091). */
  pilot: PilotPublicState;
}
