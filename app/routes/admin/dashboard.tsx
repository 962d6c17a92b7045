import { lazy, Suspense } from "react";
import { AdminLoading } from "~/admin/admin-app";

// Loaded only once staff are signed in: the sign-in screen at /admin does not download the tabs.
const Dashboard = lazy(() => import("~/admin/dashboard").then((module) => ({ default: module.Dashboard })));

export default function AdminDashboardPage() {
  return (
    <Suspense fallback={<AdminLoading />}>
      <Dashboard />
    </Suspense>
  );
}
