import { useSyncExternalStore } from "react";
import { Outlet, useLocation } from "react-router";
import { brand } from "#core/brand";
import { AdminApp, AdminLoading } from "~/admin/admin-app";
import { warmUpAdmin } from "~/admin/warm-up";

export function meta() {
  return [{ title: `Admin | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

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
  const location = useLocation();
  return useIsClient() ? (
    // With a stored session, the page's code (and the dashboard's first page) load while it is checked.
    <AdminApp onStoredSession={(token) => warmUpAdmin(location.pathname, location.search, token)}>
      <Outlet />
    </AdminApp>
  ) : (
    <AdminLoading />
  );
}
