/**
 * Staff sign-in (docs/requirements.md §4). Unknown user, wrong password and inactive user all get the
 * same answer after the same work (an argon2 verification, against a dummy hash when the user is
 * unknown), and the same refusal: a ServiceError "unauthenticated".
 *
 * A right password starts a pending session that owes the next step: a new password (a generated
 * first password), a second factor (TOTP, passkey or recovery code), or the enrolment of one when
 * MFA is required and the member has none. Each step moves the session on under a new token; only a
 * `full` session reaches staff data.
 */
import { eq } from "drizzle-orm";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import type { AuditService } from "../audit";
import { ServiceError, TooManyError } from "../errors";
import type { RateLimitService } from "../rate-limits";
import { WRONG_CODE, type FactorService } from "./factors";
import { hashPassword, dummyPasswordHash, verifyPassword } from "./passwords";
import { refuseCommonPassword } from "./password-screen";
import { isRole, type ActiveSession, type SessionService, type SessionStage, type SessionUser } from "./sessions";
import type { UserService } from "./users";
import { NO_REVOCATION_LEDGER, passwordFingerprint, type RevocationRecorder } from "./revocations";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const WRONG_STEP = "This sign-in step is not the one your session is at. Please sign in again.";
export const SAME_PASSWORD = "Choose a password different from the one you were given.";
/** Wrong second-factor codes a pending session may have before it ends (the password is asked again). */
export const MAX_FAILED_CODES = 5;
/**
 * Second-factor attempts an account may have in a window, across every pending sign-in and in parallel (NIST SP
 * 800-63B §5.2.2; ADR 0099's companion, issue of the hardening). Attempts from the member's known devices count
 * apart, so guesses from elsewhere never lock her out of her own browser.
 */
export const MAX_ACCOUNT_FACTOR_ATTEMPTS = 10;
export const ACCOUNT_FACTOR_WINDOW_MS = 15 * 60_000;
export const TOO_MANY_CODES = "Too many codes were tried for this account. Please wait a few minutes, then sign in again.";

export type SignInStep = "done" | "change_password" | "second_factor" | "enrol";

const STEP_OF_STAGE: Record<SessionStage, SignInStep> = {
  full: "done",
  password: "change_password",
  factor: "second_factor",
  enrol: "enrol",
};

export function stepOf(stage: SessionStage): SignInStep {
  return STEP_OF_STAGE[stage];
}

export interface LoginResult {
  token: string;
  user: SessionUser;
  step: SignInStep;
}

export interface AuthServiceDeps {
  db: Database;
  now: () => Date;
  users: UserService;
  sessions: SessionService;
  audit: AuditService;
  factors: FactorService;
  /** The shared counters (the per-account second-factor limit). */
  rateLimits: RateLimitService;
  /** MFA_REQUIRED: every member must enrol a second factor (ADR 0053). */
  mfaRequired: boolean;
  /** The revocation ledger (ADR 0107): a changed first password stays changed through a restore. */
  revocations?: RevocationRecorder;
}

function requireStage(session: ActiveSession, ...stages: SessionStage[]): void {
  if (!stages.includes(session.stage)) throw new ServiceError("unauthenticated", WRONG_STEP);
}

/** Where a second-factor attempt comes from: the client's address, and whether the browser is one of her known devices. */
export interface FactorAttempt {
  clientAddress: string | null;
  knownDevice: boolean;
}

/** The counter of an account's second-factor attempts: one for her known devices, one for everywhere else. */
const accountKey = (userId: string, attempt: FactorAttempt) => `second-factor:${attempt.knownDevice ? "known" : "elsewhere"}:${userId}`;

export function createAuthService({ db, now, users: userService, sessions, audit, factors, rateLimits, mfaRequired, revocations = NO_REVOCATION_LEDGER }: AuthServiceDeps) {
  /** The step a member owes after proving what she proved so far. */
  async function stageAfterPassword(user: { id: string; must_change_password: boolean }): Promise<SessionStage> {
    if (user.must_change_password) return "password";
    if (await factors.hasFactor(user.id)) return "factor";
    return mfaRequired ? "enrol" : "full";
  }

  async function stageAfterPasswordChange(userId: string): Promise<SessionStage> {
    if (await factors.hasFactor(userId)) return "factor";
    return mfaRequired ? "enrol" : "full";
  }

  async function recordSignIn(user: SessionUser, clientAddress: string | null, method: string): Promise<void> {
    await db.update(users).set({ last_login: now() }).where(eq(users.id, user.id));
    await audit.record({
      actor: { id: user.id, username: user.username },
      action: "login_success",
      targetType: "user",
      targetId: user.id,
      clientAddress,
      detail: { method },
    });
  }

  /** Moves a session to `stage` (recording the sign-in when it becomes full) and answers the next step. */
  async function moveOn(session: ActiveSession, stage: SessionStage, clientAddress: string | null, method: string): Promise<LoginResult> {
    const token = await sessions.advance(session.sessionId, stage);
    if (stage === "full") await recordSignIn(session.user, clientAddress, method);
    return { token, user: session.user, step: stepOf(stage) };
  }

  /**
   * Counts an attempt before its code is checked, on the session and on the account, in one statement each, so parallel
   * guesses cannot pass either limit: past the session's the session ends; past the account's the answer is 429.
   */
  async function reserveAttempt(session: ActiveSession, attempt: FactorAttempt, method: string): Promise<number> {
    const tried = await sessions.countFailedCode(session.sessionId);
    if (tried > MAX_FAILED_CODES) {
      await sessions.revoke(session.sessionId);
      throw new ServiceError("unauthenticated", WRONG_STEP);
    }
    const account = await rateLimits.increment(accountKey(session.user.id, attempt), ACCOUNT_FACTOR_WINDOW_MS);
    if (account.hits > MAX_ACCOUNT_FACTOR_ATTEMPTS) {
      await audit.record({
        actor: session.user,
        action: "second_factor_failure",
        targetType: "user",
        targetId: session.user.id,
        clientAddress: attempt.clientAddress,
        detail: { method, limited: true },
      });
      const seconds = Math.max(1, Math.ceil((account.resetAt.getTime() - now().getTime()) / 1000));
      throw new TooManyError(TOO_MANY_CODES, seconds);
    }
    return tried;
  }

  /** A wrong code (already counted): audited; the session ends at MAX_FAILED_CODES. */
  async function refuseCode(session: ActiveSession, tried: number, attempt: FactorAttempt, method: string): Promise<never> {
    await audit.record({
      actor: session.user,
      action: "second_factor_failure",
      targetType: "user",
      targetId: session.user.id,
      clientAddress: attempt.clientAddress,
      detail: { method },
    });
    if (tried >= MAX_FAILED_CODES) {
      await sessions.revoke(session.sessionId);
      throw new ServiceError("unauthenticated", WRONG_STEP);
    }
    throw new ServiceError("invalid", WRONG_CODE, { code: [WRONG_CODE] });
  }

  /** A right code: the account's count from where it came starts again. */
  async function accepted(session: ActiveSession, attempt: FactorAttempt, method: string): Promise<LoginResult> {
    await rateLimits.reset(accountKey(session.user.id, attempt));
    return moveOn(session, "full", attempt.clientAddress, method);
  }

  return {
    mfaRequired,

    async login(username: string, password: string, clientAddress: string | null): Promise<LoginResult> {
      const user = await userService.findByUsername(username);
      const passwordOk = await verifyPassword(user?.password ?? (await dummyPasswordHash()), password);
      const reason = !user ? "unknown_user" : !passwordOk ? "wrong_password" : !user.is_active ? "inactive_user" : null;
      if (!user || reason || !isRole(user.role)) {
        await audit.record({
          actor: user ? { id: user.id, username: user.username } : null,
          action: "login_failure",
          targetType: user ? "user" : undefined,
          targetId: user?.id ?? null,
          clientAddress,
          // The attempted name helps spot guessing; the password is never recorded.
          detail: { username: username.slice(0, 100), reason: reason ?? "unknown_role" },
        });
        throw new ServiceError("unauthenticated", INVALID_CREDENTIALS);
      }
      const sessionUser: SessionUser = { id: user.id, username: user.username, role: user.role };
      const stage = await stageAfterPassword(user);
      const token = await sessions.create(user.id, stage);
      if (stage === "full") await recordSignIn(sessionUser, clientAddress, "password");
      return { token, user: sessionUser, step: stepOf(stage) };
    },

    /** The first sign-in with a generated password: a new one is chosen before anything else. */
    async changeInitialPassword(session: ActiveSession, newPassword: string, clientAddress: string | null): Promise<LoginResult> {
      requireStage(session, "password");
      await refuseCommonPassword(newPassword, "newPassword", [session.user.username]);
      const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, session.user.id)).limit(1);
      if (row && (await verifyPassword(row.password, newPassword))) {
        throw new ServiceError("invalid", SAME_PASSWORD, { newPassword: [SAME_PASSWORD] });
      }
      const passwordHash = await hashPassword(newPassword);
      await revocations.record({ kind: "password", id: session.user.id, ref: passwordFingerprint(passwordHash) });
      await db
        .update(users)
        .set({ password: passwordHash, must_change_password: false, updated_at: now() })
        .where(eq(users.id, session.user.id));
      await audit.record({
        actor: session.user,
        action: "password_change",
        targetType: "user",
        targetId: session.user.id,
        clientAddress,
        detail: { username: session.user.username, initial: true },
      });
      return moveOn(session, await stageAfterPasswordChange(session.user.id), clientAddress, "password");
    },

    async completeWithTotp(session: ActiveSession, code: string, attempt: FactorAttempt): Promise<LoginResult> {
      requireStage(session, "factor");
      const tried = await reserveAttempt(session, attempt, "totp");
      if (!(await factors.verifyTotp(session.user.id, code))) return refuseCode(session, tried, attempt, "totp");
      return accepted(session, attempt, "totp");
    },

    async completeWithRecoveryCode(session: ActiveSession, code: string, attempt: FactorAttempt): Promise<LoginResult> {
      requireStage(session, "factor");
      const tried = await reserveAttempt(session, attempt, "recovery_code");
      if (!(await factors.useRecoveryCode(session.user.id, code))) return refuseCode(session, tried, attempt, "recovery_code");
      await audit.record({
        actor: session.user,
        action: "recovery_code_used",
        targetType: "user",
        targetId: session.user.id,
        clientAddress: attempt.clientAddress,
      });
      return accepted(session, attempt, "recovery_code");
    },

    /** Options for the passkey ceremony of a pending sign-in; the challenge is kept on the session. */
    async passkeyOptions(session: ActiveSession): Promise<PublicKeyCredentialRequestOptionsJSON> {
      requireStage(session, "factor");
      const options = await factors.passkeyAuthenticationOptions(session.user.id);
      await sessions.setChallenge(session.sessionId, options.challenge);
      return options;
    },

    async completeWithPasskey(session: ActiveSession, response: AuthenticationResponseJSON, attempt: FactorAttempt): Promise<LoginResult> {
      requireStage(session, "factor");
      await sessions.setChallenge(session.sessionId, null);
      const tried = await reserveAttempt(session, attempt, "passkey");
      if (!(await factors.verifyPasskey(session.user.id, session.challenge, response))) {
        return refuseCode(session, tried, attempt, "passkey");
      }
      return accepted(session, attempt, "passkey");
    },

    /** After the first factor of a member who had to enrol: the sign-in is complete. */
    async finishEnrolment(session: ActiveSession, clientAddress: string | null, method: string): Promise<LoginResult | null> {
      if (session.stage !== "enrol") return null;
      return moveOn(session, "full", clientAddress, method);
    },
  };
}

