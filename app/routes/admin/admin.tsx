import { useSyncExternalStore } from "react";
import { Outlet } from "react-router";
import { brand } from "#core/brand";
import { AdminApp, AdminLoading } from "~/admin/admin-app";
import { warmUpStoredSession } from "~/admin/warm-up";

export function meta() {
  return [{ title: `Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

// With a stored session, the page's code (and the dashboard's first page) start loading as soon as this
// module runs in the browser, before hydration and the session check (ADR 0024).
if (typeof window !== "undefined") warmUpStoredSession();

const noSubscription = () => () => undefined;

/** True in the browser after hydration, false while rendering on the server and hydrating. */
function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The admin is a browser app: the server sends a spinner and the admin mounts on the client, one
 * session for the dashboard (index) and the record pages (child routes).
 */
export default function AdminLayout() {
  return useIsClient() ? (
    <AdminApp>
      <Outlet />
    </AdminApp>
  ) : (
    <AdminLoading />
  );
}
