/**
 * The staff session (docs/requirements.md §4): the server keeps it in an HttpOnly cookie no script can read
 * (ADR 0054); the page holds only the marker COOKIE_SESSION, which makes the API client send the CSRF
 * header. A hint cookie without any secret tells the first paint that a session was handed to this
 * browser; it is checked with GET /api/auth/me on load, ended on logout, and ended with a clear message
 * on any 401. Signing in may take more than one step (a new first password, a second factor, or the
 * enrolment of one); `pending` holds where the sign-in stands, and the recovery codes of a first factor
 * are shown once before the admin opens.
 *
 * This module is part of the sign-in screen's first load, so it holds no data-fetching library: the
 * signed-in pages bring TanStack Query with them (`query-provider.tsx`) and hook into the session
 * through `AdminSession`. While a stored session is being checked, `shell/warm-up.ts` may have started work
 * the next page will need (its code, its first request); nothing of it is shown before the check
 * succeeds, and a refused session discards it (`discardPrefetches`).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { ApiError, apiRequest } from "~/lib/api-client";
import { COOKIE_SESSION, SESSION_EXPIRED, SESSION_HINT_COOKIE } from "#core/staff-request";
import { canDeleteData, canManageUsers, canReorderWaitlist, canRunSelection, canViewDashboard } from "./permissions";
import { discardPrefetches, takePrefetched } from "./prefetch";
import type { LoginResponse, SessionUser, SignInStepName } from "#core/contracts/auth";

export { COOKIE_SESSION, SESSION_HINT_COOKIE };
export const SESSION_EXPIRED_MESSAGE = SESSION_EXPIRED;
export const SESSION_UNCONFIRMED_MESSAGE = "The server could not confirm your session. Please sign in again.";
/** Where a stored session is checked (the warm-up may have asked already, see `shell/warm-up.ts`). */
export const SESSION_CHECK_PATH = "/api/auth/me";

export class UnexpectedLoginResponse {
  readonly reason = "The server's answer to the sign-in did not carry a session.";
}

/** A sign-in that owes a step: a new password, a second factor, or the enrolment of one. */
export interface PendingSignIn {
  user: SessionUser;
  step: Exclude<SignInStepName, "done">;
}

/** What a sign-in step answers (the login, a second factor, an enrolment). */
export interface StepAnswer {
  user: SessionUser;
  step: SignInStepName;
  recoveryCodes?: string[] | null;
}

export interface AuthContextValue {
  user: SessionUser | null;
  token: string | null;
  /**
   * True on the server and while the page hydrates, before the page shows what the stored session says
   * (the sign-in is rendered then; an inline check hides it for a stored session, see shell/admin-app.tsx).
   */
  beforeSessionRead: boolean;
  /** True while a stored session is being checked with the server. */
  isLoading: boolean;
  /** Why the person was signed out (for example an expired session), shown on the login screen. */
  notice: string | null;
  /** The step a sign-in in progress owes, if any. */
  pending: PendingSignIn | null;
  /** Recovery codes of a first factor, shown once before the admin opens. */
  recoveryCodes: string[] | null;
  login: (username: string, password: string) => Promise<void>;
  /** Takes a sign-in step's answer: the next step, the recovery codes, or the signed-in admin. */
  stepDone: (answer: StepAnswer) => void;
  /** The member has saved her recovery codes: the admin opens. */
  acknowledgeRecoveryCodes: () => void;
  logout: () => Promise<void>;
  /** Ends the session locally because the server no longer accepts the token. */
  expireSession: () => void;
  hasRole: (roles: readonly string[]) => boolean;
  canViewDashboard: boolean;
  canDeleteData: boolean;
  canManageUsers: boolean;
  /** Acting on the selection: stage moves (board and bulk actions), adding notes, owners, offers (coordinators, admins, super admins). */
  canRunSelection: boolean;
  /** Moving an applicant up or down the waitlist (super admins). */
  canReorderWaitlist: boolean;
  /** The session as data code outside React's render sees it (token, 401 handling, end of session). */
  session: AdminSession;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && typeof record.username === "string" && typeof record.role === "string";
}

/** Whether the hint cookie says a session was handed to this browser (it holds no secret). */
function hasSessionHint(): boolean {
  try {
    return document.cookie.split(";").some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}

function clearSessionHint() {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
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

/** The cookie session's marker when a session was handed to this browser (read before React starts, to warm up the admin; not checked). */
export function storedToken(): string | null {
  return hasSessionHint() ? COOKIE_SESSION : null;
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
  // Rendered on the server too (the sign-in is the page's first paint). In the browser the hint is
  // read at once, but shown only after hydration, so the hydrated page matches the server's.
  const [stored] = useState(() => (typeof window === "undefined" ? false : hasSessionHint()));
  const beforeSessionRead = !useHydrated();
  const [bridge] = useState(() => new AdminSession());
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(stored);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; user: SessionUser } | null>(null);

  const endSession = useCallback(
    (message: string | null) => {
      clearSessionHint();
      bridge.setToken(null);
      setToken(null);
      setUser(null);
      setPending(null);
      setRecoveryCodes(null);
      setNotice(message);
      bridge.ended();
    },
    [bridge],
  );

  const signedIn = useCallback(
    (current: SessionUser) => {
      bridge.ended();
      bridge.setToken(COOKIE_SESSION);
      setToken(COOKIE_SESSION);
      setUser(current);
      setPending(null);
      setRecoveryCodes(null);
      setNotice(null);
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
    bridge.setToken(COOKIE_SESSION);
    const check =
      takePrefetched<SessionUser>(SESSION_CHECK_PATH, COOKIE_SESSION) ??
      apiRequest<SessionUser>(SESSION_CHECK_PATH, { token: COOKIE_SESSION, signal: controller.signal });
    check
      .then((current) => {
        if (controller.signal.aborted) return;
        if (!isSessionUser(current)) throw new UnexpectedLoginResponse();
        setToken(COOKIE_SESSION);
        setUser(current);
        setIsLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        endSession(error instanceof ApiError && error.status === 401 ? SESSION_EXPIRED_MESSAGE : SESSION_UNCONFIRMED_MESSAGE);
        setIsLoading(false);
      });
    return () => controller.abort();
  }, [bridge, endSession, stored]);

  const stepDone = useCallback(
    (answer: StepAnswer) => {
      if (!isSessionUser(answer.user)) throw new UnexpectedLoginResponse();
      if (answer.step !== "done") {
        setPending({ user: answer.user, step: answer.step });
        return;
      }
      if (answer.recoveryCodes && answer.recoveryCodes.length > 0) {
        setPending(null);
        setRecoveryCodes({ codes: answer.recoveryCodes, user: answer.user });
        return;
      }
      signedIn(answer.user);
    },
    [signedIn],
  );

  const acknowledgeRecoveryCodes = useCallback(() => {
    if (recoveryCodes) signedIn(recoveryCodes.user);
  }, [recoveryCodes, signedIn]);

  const login = useCallback(
    async (username: string, password: string) => {
      const response = await apiRequest<LoginResponse>("/api/auth/login", {
        method: "POST",
        body: { username, password, session: "cookie" },
        token: COOKIE_SESSION,
      });
      if (!response || !isSessionUser(response.user) || typeof response.step !== "string") throw new UnexpectedLoginResponse();
      stepDone(response);
    },
    [stepDone],
  );

  const logout = useCallback(async () => {
    if (bridge.token || pending || recoveryCodes) {
      try {
        await apiRequest("/api/auth/logout", { method: "POST", token: COOKIE_SESSION });
      } catch (error) {
        // The session ends here either way; a failed revoke is only logged.
        if (!(error instanceof ApiError && error.status === 401)) console.warn("Sign-out request failed", error);
      }
    }
    endSession(null);
  }, [bridge, endSession, pending, recoveryCodes]);

  const value = useMemo<AuthContextValue>(() => {
    const role = user?.role;
    return {
      user,
      token,
      beforeSessionRead,
      isLoading,
      notice,
      pending,
      recoveryCodes: recoveryCodes?.codes ?? null,
      login,
      stepDone,
      acknowledgeRecoveryCodes,
      logout,
      expireSession,
      hasRole: (roles) => (role ? roles.includes(role) : false),
      canViewDashboard: canViewDashboard(role),
      canDeleteData: canDeleteData(role),
      canManageUsers: canManageUsers(role),
      canRunSelection: canRunSelection(role),
      canReorderWaitlist: canReorderWaitlist(role),
      session: bridge,
    };
  }, [user, token, beforeSessionRead, isLoading, notice, pending, recoveryCodes, login, stepDone, acknowledgeRecoveryCodes, logout, expireSession, bridge]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
