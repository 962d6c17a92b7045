/** The staff admin, mounted in the browser only: session gate → login, access denied or dashboard. */
import { Spinner } from "~/components/ui/spinner";
import { AccessDenied } from "./access-denied";
import { AuthProvider, useAuth } from "./auth";
import { Dashboard } from "./dashboard";
import { LoginScreen } from "./login-screen";

export function AdminLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas text-brand">
      <Spinner label="Loading the admin" className="h-10 w-10" />
    </div>
  );
}

function AdminGate() {
  const { isLoading, user, canViewDashboard } = useAuth();
  if (isLoading) return <AdminLoading />;
  if (!user) return <LoginScreen />;
  if (!canViewDashboard) return <AccessDenied />;
  return <Dashboard />;
}

export function AdminApp() {
  return (
    <AuthProvider>
      <AdminGate />
    </AuthProvider>
  );
}
