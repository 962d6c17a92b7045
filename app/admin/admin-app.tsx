/**
 * The staff admin: session gate → login, access denied or the page asked for (the dashboard or a
 * record's page). Signing in keeps the address, so a deep link from a staff alert opens its record
 * right after sign-in.
 *
 * The server renders the sign-in as the page's first paint, so staff see the form before the admin's
 * code has arrived; the form is the very one that then hydrates (what was typed stays). A stored session
 * is known only in the browser: a small inline script marks it on the document before the form is
 * parsed, and a style rule then shows the spinner instead of the form until the session is checked.
 */
import type { ReactNode } from "react";
import { InlineScript } from "~/components/ui/inline-script";
import { Spinner } from "~/components/ui/spinner";
import { AccessDenied } from "./access-denied";
import { AuthProvider, TOKEN_KEY, USER_KEY, useAuth } from "./auth";
import { LoginScreen } from "./login-screen";

export function AdminLoading({ untilSessionRead = false }: { untilSessionRead?: boolean }) {
  return (
    <div
      data-admin-session-wait={untilSessionRead ? "" : undefined}
      className="flex min-h-dvh items-center justify-center bg-canvas text-brand"
    >
      <Spinner label="Loading the admin" className="h-10 w-10" />
    </div>
  );
}

/** The inline check (see `InlineScript`): marks `<html data-admin-session="stored">` when a session is stored. */
function markStoredSession(tokenKey: string, userKey: string): void {
  try {
    if (localStorage.getItem(tokenKey) && localStorage.getItem(userKey)) document.documentElement.dataset.adminSession = "stored";
  } catch {
    // No storage: nothing is stored.
  }
}

function AdminGate({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  const { beforeSessionRead, isLoading, user, canViewDashboard } = useAuth();
  const waiting = beforeSessionRead || isLoading;
  const signIn = beforeSessionRead || (!user && !isLoading);
  // One shape for every state, so the sign-in rendered by the server is the one that stays.
  return (
    <>
      {beforeSessionRead ? <InlineScript run={markStoredSession} args={[TOKEN_KEY, USER_KEY]} nonce={nonce} /> : null}
      {waiting ? <AdminLoading untilSessionRead={beforeSessionRead} /> : null}
      {signIn ? <LoginScreen hiddenWhileSessionStored={beforeSessionRead} /> : null}
      {!waiting && user ? canViewDashboard ? children : <AccessDenied /> : null}
    </>
  );
}

export function AdminApp({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return (
    <AuthProvider>
      <AdminGate nonce={nonce}>{children}</AdminGate>
    </AuthProvider>
  );
}
