/**
 * Staff sessions: opaque 256-bit random tokens handed to the browser once; only their SHA-256
 * hashes are stored. A session ends when idle too long (sliding), at its absolute expiry,
 * on logout, and whenever its user's password changes or the user is deleted or deactivated.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { ROLES, type Role } from "#core/options";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema";

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionUser {
  id: string;
  username: string;
  role: Role;
}

/** `full`, or the sign-in step still owed (docs/requirements.md §4): change the password, prove a factor, add one. */
export type SessionStage = "full" | "password" | "factor" | "enrol";

export interface ActiveSession {
  sessionId: string;
  user: SessionUser;
  stage: SessionStage;
  /** The WebAuthn challenge of the ceremony in progress. */
  challenge: string | null;
  failedCodes: number;
}

/** A session that has not finished signing in lasts this long. */
export const PENDING_SESSION_MS = 10 * 60_000;

function isStage(value: string): value is SessionStage {
  return value === "full" || value === "password" || value === "factor" || value === "enrol";
}

/** last_seen_at is written at most this often, so each request does not cost a write. */
const TOUCH_INTERVAL_MS = 60_000;
/** Ended sessions are kept this long (for investigation) before being pruned. */
const KEEP_ENDED_MS = 7 * 24 * 3600_000;

/** Ended sessions are pruned at most this often per instance (on a sign-in). */
const PRUNE_INTERVAL_MS = 3600_000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function createSessionService(db: Database, now: () => Date, policy: SessionPolicy) {
  const lookup = db
    .select({
      id: sessions.id,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      revoked_at: sessions.revoked_at,
      stage: sessions.stage,
      challenge: sessions.challenge,
      failed_codes: sessions.failed_codes,
      user_id: users.id,
      username: users.username,
      role: users.role,
      is_active: users.is_active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.token_hash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("ovella_session_lookup");

  let lastPrune = 0;

  /** Removes sessions that ended long ago. */
  async function prune(): Promise<void> {
    const cutoff = new Date(now().getTime() - KEEP_ENDED_MS);
    await db.delete(sessions).where(or(lt(sessions.expires_at, cutoff), lt(sessions.revoked_at, cutoff)));
  }

  return {
    /** Starts a session and returns the token (shown once; only its hash is stored). */
    async create(userId: string, stage: SessionStage = "full"): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const at = now();
      if (at.getTime() - lastPrune >= PRUNE_INTERVAL_MS) {
        lastPrune = at.getTime();
        await prune();
      }
      await db.insert(sessions).values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: new Date(at.getTime() + (stage === "full" ? policy.absoluteMs : PENDING_SESSION_MS)),
        stage,
      });
      return token;
    },

    /**
     * Moves a session to its next sign-in step under a new token (the old one stops working, so a
     * token seen before the second factor is worth nothing after it). Returns the new token.
     */
    async advance(sessionId: string, stage: SessionStage): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const at = now();
      await db
        .update(sessions)
        .set({
          token_hash: hashToken(token),
          stage,
          challenge: null,
          failed_codes: 0,
          last_seen_at: at,
          expires_at: new Date(at.getTime() + (stage === "full" ? policy.absoluteMs : PENDING_SESSION_MS)),
        })
        .where(eq(sessions.id, sessionId));
      return token;
    },

    async setChallenge(sessionId: string, challenge: string | null): Promise<void> {
      await db.update(sessions).set({ challenge }).where(eq(sessions.id, sessionId));
    },

    /** Counts one wrong second-factor code and returns how many this session has had. */
    async countFailedCode(sessionId: string): Promise<number> {
      const [row] = await db
        .update(sessions)
        .set({ failed_codes: sql`${sessions.failed_codes} + 1` })
        .where(eq(sessions.id, sessionId))
        .returning({ failed: sessions.failed_codes });
      return row?.failed ?? 0;
    },

    /** The session of a token, or null when unknown, ended, expired or its user is inactive. */
    async resolve(token: string): Promise<ActiveSession | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await lookup.execute({ tokenHash: hashToken(token) });
      if (!row) return null;
      const at = now();
      if (row.revoked_at) return null;
      if (!row.is_active || !isRole(row.role) || !isStage(row.stage)) return null;
      if (row.expires_at.getTime() <= at.getTime()) return null;
      if (row.last_seen_at.getTime() + policy.idleMs <= at.getTime()) return null;
      if (at.getTime() - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ last_seen_at: at }).where(eq(sessions.id, row.id));
      }
      return {
        sessionId: row.id,
        user: { id: row.user_id, username: row.username, role: row.role },
        stage: row.stage,
        challenge: row.challenge,
        failedCodes: row.failed_codes,
      };
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revoked_at: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
    },

    /** Ends every session of a user (password change, deactivation, deletion). */
    async revokeAllForUser(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revoked_at: now() })
        .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
    },

    /**
     * Ends a user's other sign-ins still waiting to enrol a first factor: once she has one, a sign-in that skipped it
     * must not finish by enrolling another.
     */
    async revokeOtherEnrolments(userId: string, keepSessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revoked_at: now() })
        .where(and(eq(sessions.user_id, userId), eq(sessions.stage, "enrol"), ne(sessions.id, keepSessionId), isNull(sessions.revoked_at)));
    },

    prune,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
