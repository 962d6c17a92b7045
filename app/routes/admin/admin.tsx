import { useSyncExternalStore } from "react";
import { brand } from "#core/brand";
import { AdminApp, AdminLoading } from "~/admin/admin-app";

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

/** The admin is a browser app: the server sends a spinner and the dashboard mounts on the client. */
export default function AdminPage() {
  return useIsClient() ? <AdminApp /> : <AdminLoading />;
}
