import { Button } from "~/components/ui/button";
import { useAuth } from "../parts/session/auth";

export function AccessDenied() {
  const { logout } = useAuth();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
        <h1 className="font-display text-2xl font-semibold text-ink">Access Denied</h1>
        <p className="mt-2 text-ink-muted">You don&apos;t have permission to access this page.</p>
        <Button variant="outline" className="mt-6" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
    </main>
  );
}
