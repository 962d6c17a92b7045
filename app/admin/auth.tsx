/**
 * The staff session (docs/requirements.md §4): token and user in localStorage (auth_token, auth_user), checked with
 * GET /api/auth/me on load, cleared on logout, and ended with a clear message on any 401.
 *
 * This module is part of the sign-in screen's first load, so it holds no data-fetching library: the
 * signed-in pages bring TanStack Query with them (`query-provider.tsx`) and hook into the session
 * through `AdminSession`. While a stored session is being checked, `warm-up.ts` may have started work
 * the next page will need (its code, its first request); nothing of it is shown before the check
 * succeeds, and a refused session discards it (`discardPrefetches`).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { ApiError, apiRequest } from "~/lib/api-client";
import { canDeleteData, canManageUsers, canViewDashboard } from "./permissions";
import { discardPrefetches, takePrefetched } from "./prefetch";
import type { LoginResponse, SessionUser } from "#core/contracts/auth";

export const TOKEN_KEY = "auth_token";
export const USER_KEY = "auth_user";
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";
/** Where a stored session is checked (the warm-up may have asked already, see `warm-up.ts`). */
export const SESSION_CHECK_PATH = "/api/auth/me";

export class UnexpectedLoginResponse {
  readonly reason = "The server's answer to the sign-in did not carry a session.";
}

export interface AuthContextValue {
  user: SessionUser | null;
  token: string | null;
  /**
   * True on the server and while the page hydrates, before the page shows what the stored session says
   * (the sign-in is rendered then; an inline check hides it for a stored session, see admin-app.tsx).
   */
  beforeSessionRead: boolean;
  /** True while a stored session is being checked with the server. */
  isLoading: boolean;
  /** Why the person was signed out (for example an expired session), shown on the login screen. */
  notice: string | null;
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Ends the session locally because the server no longer accepts the token. */
  expireSession: () => void;
  hasRole: (roles: readonly string[]) => boolean;
  canViewDashboard: boolean;
  canDeleteData: boolean;
  canManageUsers: boolean;
  /** The session as data code outside React's render sees it (token, 401 handling, end of session). */
  session: AdminSession;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && typeof record.username === "string" && typeof record.role === "string";
}

function clearStoredSession() {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
}

function storeSession(token: string, user: SessionUser) {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Reads the stored session; a corrupt stored user is logged and both keys are removed. */
function readStoredSession(): { token: string; user: SessionUser } | null {
  const token = window.localStorage.getItem(TOKEN_KEY);
  const rawUser = window.localStorage.getItem(USER_KEY);
  if (!token || !rawUser) {
    if (token || rawUser) clearStoredSession();
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(rawUser);
    if (!isSessionUser(parsed)) throw new TypeError("The stored user has no id, username or role.");
    return { token, user: parsed };
  } catch (error) {
    console.error("Stored admin session is corrupt; it has been cleared.", error);
    clearStoredSession();
    return null;
  }
}

/**
 * What data code needs outside React's render: the current token, what to do on a 401, and a signal
 * when the session ends or changes (caches of the session's data are dropped then). One per provider.
 */
export class AdminSession {
  token: string | null = null;
  private unauthorized: () => void = () => undefined;
  private readonly endListeners = new Set<() => void>();

  onUnauthorized(handler: () => void) {
    this.unauthorized = handler;
  }

  /** A protected call was refused with 401. */
  reportUnauthorized() {
    this.unauthorized();
  }

  setToken(token: string | null) {
    this.token = token;
  }

  /** Calls `listener` whenever the session ends or another one starts; returns the unsubscribe. */
  onEnd(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  ended() {
    discardPrefetches();
    for (const listener of this.endListeners) listener();
  }
}

/** The stored session's token, if any (read before React starts, to warm up the admin; not checked). */
export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) && window.localStorage.getItem(USER_KEY) ? window.localStorage.getItem(TOKEN_KEY) : null;
  } catch {
    return null;
  }
}

const noSubscription = () => () => undefined;

/** False on the server and while the page hydrates; true once React runs the page in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Rendered on the server too (the sign-in is the page's first paint). In the browser the stored
  // session is read at once, but shown only after hydration, so the hydrated page matches the server's.
  const [stored] = useState(() => (typeof window === "undefined" ? null : readStoredSession()));
  const beforeSessionRead = !useHydrated();
  const [bridge] = useState(() => new AdminSession());
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(stored !== null);
  const [notice, setNotice] = useState<string | null>(null);

  const endSession = useCallback(
    (message: string | null) => {
      clearStoredSession();
      bridge.setToken(null);
      setToken(null);
      setUser(null);
      setNotice(message);
      bridge.ended();
    },
    [bridge],
  );

  const expireSession = useCallback(() => {
    if (bridge.token === null) return;
    endSession(SESSION_EXPIRED_MESSAGE);
  }, [bridge, endSession]);

  useEffect(() => {
    bridge.onUnauthorized(expireSession);
  }, [bridge, expireSession]);

  useEffect(() => {
    if (!stored) return;
    const controller = new AbortController();
    bridge.setToken(stored.token);
    const check =
      takePrefetched<SessionUser>(SESSION_CHECK_PATH, stored.token) ??
      apiRequest<SessionUser>(SESSION_CHECK_PATH, { token: stored.token, signal: controller.signal });
    check
      .then((current) => {
        if (controller.signal.aborted) return;
        const fresh = isSessionUser(current) ? current : stored.user;
        storeSession(stored.token, fresh);
        setToken(stored.token);
        setUser(fresh);
        setIsLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          endSession(SESSION_EXPIRED_MESSAGE);
        } else {
          // The server could not confirm the session right now: keep it; protected calls decide.
          setToken(stored.token);
          setUser(stored.user);
        }
        setIsLoading(false);
      });
    return () => controller.abort();
  }, [bridge, endSession, stored]);

  const login = useCallback(
    async (username: string, password: string) => {
      const response = await apiRequest<LoginResponse>("/api/auth/login", {
        method: "POST",
        body: { username, password },
      });
      if (!response || typeof response.token !== "string" || !isSessionUser(response.user)) {
        throw new UnexpectedLoginResponse();
      }
      bridge.ended();
      storeSession(response.token, response.user);
      bridge.setToken(response.token);
      setToken(response.token);
      setUser(response.user);
      setNotice(null);
    },
    [bridge],
  );

  const logout = useCallback(async () => {
    const current = bridge.token;
    if (current) {
      try {
        await apiRequest("/api/auth/logout", { method: "POST", token: current });
      } catch (error) {
        // The session ends here either way; a failed revoke is only logged.
        if (!(error instanceof ApiError && error.status === 401)) console.warn("Sign-out request failed", error);
      }
    }
    endSession(null);
  }, [bridge, endSession]);

  const value = useMemo<AuthContextValue>(() => {
    const role = user?.role;
    return {
      user,
      token,
      beforeSessionRead,
      isLoading,
      notice,
      login,
      logout,
      expireSession,
      hasRole: (roles) => (role ? roles.includes(role) : false),
      canViewDashboard: canViewDashboard(role),
      canDeleteData: canDeleteData(role),
      canManageUsers: canManageUsers(role),
      session: bridge,
    };
  }, [user, token, beforeSessionRead, isLoading, notice, login, logout, expireSession, bridge]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
