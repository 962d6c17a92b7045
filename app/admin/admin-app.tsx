/**
 * The staff admin, mounted in the browser only: session gate → login, access denied or the page
 * asked for (the dashboard or a record's page). Signing in keeps the address, so a deep link from a
 * staff alert opens its record right after sign-in.
 */
import type { ReactNode } from "react";
import { Spinner } from "~/components/ui/spinner";
import { AccessDenied } from "./access-denied";
import { AuthProvider, useAuth } from "./auth";
import { LoginScreen } from "./login-screen";

export function AdminLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas text-brand">
      <Spinner label="Loading the admin" className="h-10 w-10" />
    </div>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  const { isLoading, user, canViewDashboard } = useAuth();
  if (isLoading) return <AdminLoading />;
  if (!user) return <LoginScreen />;
  if (!canViewDashboard) return <AccessDenied />;
  return children;
}

export function AdminApp({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <AdminGate>{children}</AdminGate>
    </AuthProvider>
  );
}
