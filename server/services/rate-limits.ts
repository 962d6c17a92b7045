/**
 * Rate-limit counters kept in the `rate_limits` table, so every app instance sharing the
 * database enforces one limit. Fixed windows: the first hit opens a window, later hits count
 * in it until it resets. The upsert is plain SQL that PostgreSQL 15 and PGlite (18) both accept.
 */
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

export interface Counter {
  hits: number;
  resetAt: Date;
}

/** Expired counters are removed at most this often per instance. */
const PRUNE_INTERVAL_MS = 5 * 60_000;

export function createRateLimitService(db: Database, now: () => Date) {
  const hit = db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), hits: sql`${sql.placeholder("add")}::integer`, reset_at: sql.placeholder("resetAt") })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.reset_at} <= ${sql.placeholder("now")}::timestamptz then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
        reset_at: sql`case when ${rateLimits.reset_at} <= ${sql.placeholder("now")}::timestamptz then excluded.reset_at else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ hits: rateLimits.hits, reset_at: rateLimits.reset_at })
    .prepare("ovella_rate_limit_hit");

  let lastPrune = 0;

  async function prune(): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.reset_at, now()));
  }

  return {
    /** Counts `add` hits (default one) for `key` in a window of `windowMs` and returns the window's count. */
    async increment(key: string, windowMs: number, add = 1): Promise<Counter> {
      const at = now();
      const [row] = await hit.execute({
        key,
        add,
        resetAt: new Date(at.getTime() + windowMs),
        now: at.toISOString(),
      });
      if (!row) throw new Error("rate limit upsert returned no row");
      if (at.getTime() - lastPrune >= PRUNE_INTERVAL_MS) {
        lastPrune = at.getTime();
        await prune();
      }
      return { hits: row.hits, resetAt: row.reset_at };
    },

    async get(key: string): Promise<Counter | undefined> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
      if (!row || row.reset_at.getTime() <= now().getTime()) return undefined;
      return { hits: row.hits, resetAt: row.reset_at };
    },

    async decrement(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    prune,
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
