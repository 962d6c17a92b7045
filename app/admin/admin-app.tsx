/** The staff admin, mounted in the browser only: session gate → login, access denied or dashboard. */
import { lazy, Suspense } from "react";
import { Spinner } from "~/components/ui/spinner";
import { AccessDenied } from "./access-denied";
import { AuthProvider, useAuth } from "./auth";
import { LoginScreen } from "./login-screen";
import { TooltipProvider } from "~/components/ui/tooltip";

/** The dashboard (tables, exports, dialogs) loads after sign-in: the login screen stays small. */
const Dashboard = lazy(() => import("./dashboard").then((module) => ({ default: module.Dashboard })));

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
  return (
    <Suspense fallback={<AdminLoading />}>
      <Dashboard />
    </Suspense>
  );
}

export function AdminApp() {
  return (
    <TooltipProvider>
      <AuthProvider>
        <AdminGate />
      </AuthProvider>
    </TooltipProvider>
  );
}
