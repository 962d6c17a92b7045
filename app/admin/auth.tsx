/**
 * The staff session (spec §4): token and user in localStorage (auth_token, auth_user), checked with
 * GET /api/auth/me on load, cleared on logout, and ended with a clear message on any 401.
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { ApiError, apiRequest } from "~/lib/api-client";
import { canDeleteData, canManageUsers, canViewDashboard } from "./permissions";
import { createAdminQueryClient } from "./query";
import type { LoginResponse, SessionUser } from "./types";

export const TOKEN_KEY = "auth_token";
export const USER_KEY = "auth_user";
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

export class UnexpectedLoginResponse {
  readonly reason = "The server's answer to the sign-in did not carry a session.";
}

export interface AuthContextValue {
  user: SessionUser | null;
  token: string | null;
  /** True until the stored session has been read and checked with the server. */
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
 * Holds what the query client needs outside React's render: the current token and what to do on a
 * 401. One per provider.
 */
class SessionBridge {
  token: string | null = null;
  private unauthorized: () => void = () => undefined;
  readonly queryClient: QueryClient = createAdminQueryClient({
    getToken: () => this.token,
    onUnauthorized: () => this.unauthorized(),
  });

  onUnauthorized(handler: () => void) {
    this.unauthorized = handler;
  }

  setToken(token: string | null) {
    this.token = token;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The admin mounts in the browser only, so the stored session can be read while initialising.
  const [stored] = useState(readStoredSession);
  const [bridge] = useState(() => new SessionBridge());
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(stored !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = bridge.queryClient;

  const endSession = useCallback(
    (message: string | null) => {
      clearStoredSession();
      bridge.setToken(null);
      setToken(null);
      setUser(null);
      setNotice(message);
      queryClient.cancelQueries().catch(() => undefined);
      queryClient.clear();
    },
    [bridge, queryClient],
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
    apiRequest<SessionUser>("/api/auth/me", { token: stored.token, signal: controller.signal })
      .then((current) => {
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
      queryClient.clear();
      storeSession(response.token, response.user);
      bridge.setToken(response.token);
      setToken(response.token);
      setUser(response.user);
      setNotice(null);
    },
    [bridge, queryClient],
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
      isLoading,
      notice,
      login,
      logout,
      expireSession,
      hasRole: (roles) => (role ? roles.includes(role) : false),
      canViewDashboard: canViewDashboard(role),
      canDeleteData: canDeleteData(role),
      canManageUsers: canManageUsers(role),
    };
  }, [user, token, isLoading, notice, login, logout, expireSession]);

  return (
    <AuthContext.Provider value={value}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
