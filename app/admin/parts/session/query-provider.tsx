/**
 * TanStack Query for the signed-in admin pages. It is loaded with them, not with the sign-in screen:
 * one query client per session (`AdminSession`), shared by the dashboard and the record pages, with
 * the session's token, its 401 handling, and its cache dropped when the session ends.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type AdminSession, useAuth } from "./auth";
import { createAdminQueryClient } from "./query";

const clients = new WeakMap<AdminSession, QueryClient>();

/** The query client of a session (created on first use; its cache is cleared whenever the session ends). */
export function sessionQueryClient(session: AdminSession): QueryClient {
  let client = clients.get(session);
  if (!client) {
    const created = createAdminQueryClient({
      getToken: () => session.token,
      onUnauthorized: () => session.reportUnauthorized(),
    });
    session.onEnd(() => {
      created.cancelQueries().catch(() => undefined);
      created.clear();
    });
    clients.set(session, created);
    client = created;
  }
  return client;
}

export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  return <QueryClientProvider client={sessionQueryClient(session)}>{children}</QueryClientProvider>;
}
