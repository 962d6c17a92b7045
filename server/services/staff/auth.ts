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
import { ServiceError } from "../errors";
import { WRONG_CODE, type FactorService } from "./factors";
import { hashPassword, dummyPasswordHash, verifyPassword } from "./passwords";
import { refuseCommonPassword } from "./password-screen";
import { isRole, type ActiveSession, type SessionService, type SessionStage, type SessionUser } from "./sessions";
import type { UserService } from "./users";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const WRONG_STEP = "This sign-in step is not the one your session is at. Please sign in again.";
export const SAME_PASSWORD = "Choose a password different from the one you were given.";
/** Wrong second-factor codes a pending session may have before it ends (the password is asked again). */
export const MAX_FAILED_CODES = 5;

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
  /** MFA_REQUIRED: every member must enrol a second factor (ADR 0053). */
  mfaRequired: boolean;
}

function requireStage(session: ActiveSession, ...stages: SessionStage[]): void {
  if (!stages.includes(session.stage)) throw new ServiceError("unauthenticated", WRONG_STEP);
}

export function createAuthService({ db, now, users: userService, sessions, audit, factors, mfaRequired }: AuthServiceDeps) {
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

  /** Counts a wrong code; the session ends after MAX_FAILED_CODES of them. */
  async function refuseCode(session: ActiveSession, clientAddress: string | null, method: string): Promise<never> {
    const failed = await sessions.countFailedCode(session.sessionId);
    await audit.record({
      actor: session.user,
      action: "second_factor_failure",
      targetType: "user",
      targetId: session.user.id,
      clientAddress,
      detail: { method },
    });
    if (failed >= MAX_FAILED_CODES) {
      await sessions.revoke(session.sessionId);
      throw new ServiceError("unauthenticated", WRONG_STEP);
    }
    throw new ServiceError("invalid", WRONG_CODE, { code: [WRONG_CODE] });
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
      refuseCommonPassword(newPassword, "newPassword", [session.user.username]);
      const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, session.user.id)).limit(1);
      if (row && (await verifyPassword(row.password, newPassword))) {
        throw new ServiceError("invalid", SAME_PASSWORD, { newPassword: [SAME_PASSWORD] });
      }
      await db
        .update(users)
        .set({ password: await hashPassword(newPassword), must_change_password: false, updated_at: now() })
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

    async completeWithTotp(session: ActiveSession, code: string, clientAddress: string | null): Promise<LoginResult> {
      requireStage(session, "factor");
      if (!(await factors.verifyTotp(session.user.id, code))) return refuseCode(session, clientAddress, "totp");
      return moveOn(session, "full", clientAddress, "totp");
    },

    async completeWithRecoveryCode(session: ActiveSession, code: string, clientAddress: string | null): Promise<LoginResult> {
      requireStage(session, "factor");
      if (!(await factors.useRecoveryCode(session.user.id, code))) return refuseCode(session, clientAddress, "recovery_code");
      await audit.record({
        actor: session.user,
        action: "recovery_code_used",
        targetType: "user",
        targetId: session.user.id,
        clientAddress,
      });
      return moveOn(session, "full", clientAddress, "recovery_code");
    },

    /** Options for the passkey ceremony of a pending sign-in; the challenge is kept on the session. */
    async passkeyOptions(session: ActiveSession): Promise<PublicKeyCredentialRequestOptionsJSON> {
      requireStage(session, "factor");
      const options = await factors.passkeyAuthenticationOptions(session.user.id);
      await sessions.setChallenge(session.sessionId, options.challenge);
      return options;
    },

    async completeWithPasskey(session: ActiveSession, response: AuthenticationResponseJSON, clientAddress: string | null): Promise<LoginResult> {
      requireStage(session, "factor");
      await sessions.setChallenge(session.sessionId, null);
      if (!(await factors.verifyPasskey(session.user.id, session.challenge, response))) {
        return refuseCode(session, clientAddress, "passkey");
      }
      return moveOn(session, "full", clientAddress, "passkey");
    },

    /** After the first factor of a member who had to enrol: the sign-in is complete. */
    async finishEnrolment(session: ActiveSession, clientAddress: string | null, method: string): Promise<LoginResult | null> {
      if (session.stage !== "enrol") return null;
      return moveOn(session, "full", clientAddress, method);
    },
  };
}

