import * as React from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { brand } from "#core/brand";
import { AdminApp } from "~/admin/shell/admin-app";
import { warmUpStoredSession } from "~/admin/shell/warm-up";
import type { loader as rootLoader } from "~/root";

export function meta() {
  return [
    { title: `Admin | ${brand.name}` },
    { name: "description", content: `Staff sign-in for the ${brand.name} admin, where the team reviews applications and messages.` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

// With a stored session, the page's code (and the dashboard's first page) start loading as soon as this
// module runs in the browser, before hydration and the session check (ADR 0024).
if (typeof window !== "undefined") warmUpStoredSession();

/**
 * The admin, one session for the dashboard (index) and the record pages (child routes). The server
 * renders the sign-in (or, for a stored session, the spinner) and the browser takes over (ADR 0030).
 */
export default function AdminLayout() {
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  // Marks the document once React runs it, as the public layout does (read by end-to-end tests).
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AdminApp nonce={nonce}>
      <Outlet />
    </AdminApp>
  );
}
