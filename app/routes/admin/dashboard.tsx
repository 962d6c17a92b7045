import { dashboardPage } from "~/admin/shell/lazy-pages";

// Loaded only once staff are signed in: the sign-in screen at /admin does not download the tabs.
export default function AdminDashboardPage() {
  return <dashboardPage.Page />;
}
