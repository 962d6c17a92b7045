/**
 * Staff accounts: list, create, change password, deactivate, delete. Usernames are unique
 * regardless of letter case. Every change ends the affected user's sessions where the
 * requirements ask for it (docs/requirements.md §4, §7) and writes an audit event.
 */
import { type AnyColumn, and, asc, eq } from "drizzle-orm";
import type { StaffDirectoryEntry, StaffUser } from "#core/contracts/users";
import type { Role } from "#core/options";
import { usernameKey } from "#core/username-key";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import type { Actor, AuditAction, AuditService } from "../audit";
import { isUniqueViolation, ServiceError } from "../errors";
import { hashPassword } from "./passwords";
import { refuseCommonPassword } from "./password-screen";
import { NO_REVOCATION_LEDGER, passwordFingerprint, type RevocationRecorder } from "./revocations";
import { isRole, type SessionService } from "./sessions";

export const USERNAME_TAKEN = "Username already exists";
export const USER_NOT_FOUND = "User not found";
export const CANNOT_DELETE_SELF = "You cannot delete your own account";
export const LAST_SUPER_ADMIN = "The last active super admin cannot be removed";

/** What staff may see of a user, never the password hash: the wire contract's fields (core/contracts/users.ts), no more, no fewer. */
const publicUserColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  created_at: users.created_at,
  last_login: users.last_login,
  is_active: users.is_active,
  email: users.email,
} satisfies { [K in keyof StaffUser]: AnyColumn };

export type PublicUser = Pick<typeof users.$inferSelect, keyof typeof publicUserColumns>;

export interface UserServiceDeps {
  db: Database;
  now: () => Date;
  sessions: SessionService;
  audit: AuditService;
  /** The revocation ledger (ADR 0107): deletions, deactivations and password changes survive a restore. */
  revocations?: RevocationRecorder;
}

interface ChangeContext {
  actor: Actor;
  clientAddress?: string | null;
}

/** Usernames compare by their key (core/username-key.ts), so `İ` finds `i` as the throttle counts it. */
const byUsername = (username: string) => eq(users.username_key, usernameKey(username));

/**
 * Locks every active super admin (always in id order, so concurrent removals queue instead of
 * deadlocking) and tells whether `userId` may stop being one: another active super admin remains.
 */
async function anotherSuperAdminRemains(tx: Database, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "super_admin"), eq(users.is_active, true)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.some((row) => row.id !== userId);
}

/**
 * Locks `userId` for a change that takes away its access (deactivation, deletion) and refuses it when
 * it is the last active super admin. Returns the user as it was.
 */
async function lockUserLosingAccess(tx: Database, userId: string): Promise<PublicUser> {
  const remains = await anotherSuperAdminRemains(tx, userId);
  const [row] = await tx.select(publicUserColumns).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new ServiceError("not_found", USER_NOT_FOUND);
  if (row.role === "super_admin" && row.is_active && !remains) {
    throw new ServiceError("invalid", LAST_SUPER_ADMIN);
  }
  return row;
}

export function createUserService({ db, now, sessions, audit, revocations = NO_REVOCATION_LEDGER }: UserServiceDeps) {
  function recordUserChange(ctx: ChangeContext, action: AuditAction, userId: string, detail: Record<string, unknown>) {
    return audit.record({
      actor: ctx.actor,
      action,
      targetType: "user",
      targetId: userId,
      clientAddress: ctx.clientAddress,
      detail,
    });
  }

  async function findById(id: string): Promise<PublicUser | null> {
    const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  return {
    list(): Promise<PublicUser[]> {
      return db.select(publicUserColumns).from(users).orderBy(asc(users.created_at), asc(users.username));
    },

    /** The active staff, by username: whom an application may be assigned to (usernames and roles, nothing else). */
    async directory(): Promise<StaffDirectoryEntry[]> {
      const rows = await db.select({ username: users.username, role: users.role }).from(users).where(eq(users.is_active, true)).orderBy(asc(users.username_key));
      return rows.flatMap((row) => (isRole(row.role) ? [{ username: row.username, role: row.role }] : []));
    },

    async findByUsername(username: string) {
      const [row] = await db.select().from(users).where(byUsername(username)).limit(1);
      return row ?? null;
    },

    findById,

    /**
     * A new account. `mustChangePassword`: the password was chosen by someone else (a super admin in the admin), so
     * the first sign-in asks for her own before anything else (ADR 0089); the command line's operator sets her own.
     */
    async create(
      input: { username: string; password: string; role: Role; email?: string | undefined },
      ctx: ChangeContext,
      options: { mustChangePassword?: boolean } = {},
    ): Promise<PublicUser> {
      const [existing] = await db.select({ id: users.id }).from(users).where(byUsername(input.username)).limit(1);
      if (existing) throw new ServiceError("conflict", USERNAME_TAKEN);
      await refuseCommonPassword(input.password, "password", [input.username]);
      const passwordHash = await hashPassword(input.password);
      const at = now();
      let row: PublicUser | undefined;
      try {
        [row] = await db
          .insert(users)
          .values({
            username: input.username,
            username_key: usernameKey(input.username),
            password: passwordHash,
            role: input.role,
            must_change_password: options.mustChangePassword ?? false,
            email: input.email?.toLowerCase() ?? null,
            created_at: at,
            updated_at: at,
          })
          .returning(publicUserColumns);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ServiceError("conflict", USERNAME_TAKEN);
        throw error;
      }
      if (!row) throw new Error("user insert returned no row");
      await recordUserChange(ctx, "user_create", row.id, { username: row.username, role: row.role });
      return row;
    },

    /** Sets or clears her work address for the alerts about the applications she owns (audited: that it changed, not to what). */
    async setEmail(userId: string, email: string | undefined, ctx: ChangeContext): Promise<PublicUser> {
      const [row] = await db
        .update(users)
        .set({ email: email?.toLowerCase() ?? null, updated_at: now() })
        .where(eq(users.id, userId))
        .returning(publicUserColumns);
      if (!row) throw new ServiceError("not_found", USER_NOT_FOUND);
      await recordUserChange(ctx, "user_email_change", userId, { username: row.username, email: email ? "set" : "removed" });
      return row;
    },

    /**
     * Sets a password. `mustChangePassword`: it was set for her by someone else, so her next sign-in asks for her
     * own first (ADR 0089); one's own new password, or the command line's, is final.
     */
    async setPassword(userId: string, newPassword: string, ctx: ChangeContext, options: { mustChangePassword?: boolean } = {}): Promise<void> {
      const target = await findById(userId);
      if (!target) throw new ServiceError("not_found", USER_NOT_FOUND);
      await refuseCommonPassword(newPassword, "newPassword", [target.username]);
      const passwordHash = await hashPassword(newPassword);
      await revocations.record({ kind: "password", id: userId, ref: passwordFingerprint(passwordHash) });
      await db
        .update(users)
        .set({ password: passwordHash, must_change_password: options.mustChangePassword ?? false, updated_at: now() })
        .where(eq(users.id, userId));
      await sessions.revokeAllForUser(userId);
      await recordUserChange(ctx, "password_change", userId, { username: target.username });
    },

    async deactivate(userId: string, ctx: ChangeContext): Promise<void> {
      const target = await db.transaction(async (tx) => {
        const row = await lockUserLosingAccess(tx, userId);
        await revocations.record({ kind: "staff_deactivate", id: userId });
        await tx.update(users).set({ is_active: false, updated_at: now() }).where(eq(users.id, userId));
        return row;
      });
      await sessions.revokeAllForUser(userId);
      await recordUserChange(ctx, "user_deactivate", userId, { username: target.username });
    },

    async remove(userId: string, ctx: ChangeContext): Promise<void> {
      if (ctx.actor.id === userId) throw new ServiceError("invalid", CANNOT_DELETE_SELF);
      const target = await db.transaction(async (tx) => {
        const row = await lockUserLosingAccess(tx, userId);
        await revocations.record({ kind: "staff_delete", id: userId });
        // Its sessions are deleted with it (foreign key cascade), which ends them.
        await tx.delete(users).where(eq(users.id, userId));
        return row;
      });
      await recordUserChange(ctx, "user_delete", userId, { username: target.username, role: target.role });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
