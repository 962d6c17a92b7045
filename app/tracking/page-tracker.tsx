/**
 * Mounted once in the root: starts tracking with the configured pixel id and the CSP nonce, and
 * marks each page view (page load and client-side navigation). Staff pages are never tracked.
 */
import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/root-data";
import { beginPage, endPage, startTracking } from "./tracker";

export function isTrackedPath(pathname: string): boolean {
  // The admin, and the offer pages whose address is a secret link (never sent to an advertising party).
  return !/^\/(admin|offer)(\/|$)/i.test(pathname);
}

export function PageTracker() {
  const data = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const pixelId = data?.metaPixelId ?? null;
  const nonce = data?.nonce;
  const tracked = isTrackedPath(pathname);

  useEffect(() => {
    if (tracked) startTracking({ pixelId, nonce });
  }, [pixelId, nonce, tracked]);

  useEffect(() => {
    if (!tracked) return;
    beginPage(pathname);
    return () => endPage();
  }, [pathname, tracked]);

  return null;
}
