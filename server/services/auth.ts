/**
 * Staff sign-in. Unknown user, wrong password and inactive user all get the same answer after
 * the same work (an argon2 verification, against a dummy hash when the user is unknown), and the same
 * refusal: a ServiceError "unauthenticated".
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import type { AuditService } from "./audit";
import { ServiceError } from "./errors";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import { isRole, type SessionService, type SessionUser } from "./sessions";
import type { UserService } from "./users";

export const INVALID_CREDENTIALS = "Invalid username or password";

export interface LoginResult {
  token: string;
  user: SessionUser;
}

export interface AuthServiceDeps {
  db: Database;
  now: () => Date;
  users: UserService;
  sessions: SessionService;
  audit: AuditService;
}

export function createAuthService({ db, now, users: userService, sessions, audit }: AuthServiceDeps) {
  return {
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
      const token = await sessions.create(user.id);
      await db.update(users).set({ last_login: now() }).where(eq(users.id, user.id));
      await audit.record({
        actor: { id: user.id, username: user.username },
        action: "login_success",
        targetType: "user",
        targetId: user.id,
        clientAddress,
      });
      return { token, user: { id: user.id, username: user.username, role: user.role } };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
