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
import { AuthProvider, SESSION_HINT_COOKIE, useAuth } from "../parts/session/auth";
import { SignInSteps } from "./sign-in/sign-in-steps";
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

/**
 * The inline check (see `InlineScript`): marks `<html data-admin-session="stored">` when the hint cookie
 * (no secret: the session itself is an HttpOnly cookie no script reads) says a session was handed over.
 */
function markStoredSession(hintCookie: string): void {
  if (document.cookie.split(";").some((part) => part.trim() === `${hintCookie}=1`)) document.documentElement.dataset.adminSession = "stored";
}

function AdminGate({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  const { beforeSessionRead, isLoading, user, canViewDashboard, pending, recoveryCodes } = useAuth();
  const waiting = beforeSessionRead || isLoading;
  const signIn = beforeSessionRead || (!user && !isLoading);
  // One shape for every state, so the sign-in rendered by the server is the one that stays.
  return (
    <>
      {beforeSessionRead ? <InlineScript run={markStoredSession} args={[SESSION_HINT_COOKIE]} nonce={nonce} /> : null}
      {waiting ? <AdminLoading untilSessionRead={beforeSessionRead} /> : null}
      {signIn ? (
        !beforeSessionRead && (pending || recoveryCodes) ? <SignInSteps /> : <LoginScreen hiddenWhileSessionStored={beforeSessionRead} />
      ) : null}
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
