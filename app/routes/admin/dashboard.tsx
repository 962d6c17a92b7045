import { Dashboard } from "~/admin/dashboard";

export default function AdminDashboardPage() {
  return <Dashboard />;
}
