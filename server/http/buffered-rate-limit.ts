/**
 * A rate-limit store for the hot path (public submissions): counters stay shared through the
 * `rate_limits` table, but most hits cost no database round trip and no row lock.
 *
 * Each instance keeps, per key, the shared count it last read and the hits it has counted since
 * (pending). A hit is decided locally while the estimate is under half the limit; the first hit of a
 * key in a window, and every hit from half the limit on, goes to the database at once (exact, shared).
 * Pending hits are written in the background every `flushMs` (one upsert per busy key), and on shutdown.
 * Across instances the limit may be exceeded by at most the hits another instance has not yet written
 * (under half the limit, within one flush interval).
 */
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { registerBackgroundTask } from "../lifecycle";
import type { Logger } from "../logger";
import type { RateLimitService } from "../services/rate-limits";

interface Entry {
  known: number;
  pending: number;
  resetAt: Date;
}

export interface BufferedStoreOptions {
  counters: RateLimitService;
  prefix: string;
  now: () => Date;
  logger: Logger;
  flushMs?: number;
}

export class BufferedRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  windowMs = 60_000;
  private limit = Number.POSITIVE_INFINITY;
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: BufferedStoreOptions) {
    this.prefix = options.prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === "number") this.limit = options.limit;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? 1_000);
    this.timer.unref();
    registerBackgroundTask(`rate-limit:${this.prefix}`, () => this.stop());
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt.getTime() > this.options.now().getTime()) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const entry = this.live(this.prefix + key);
    if (entry) return { totalHits: entry.known + entry.pending, resetTime: entry.resetAt };
    const counter = await this.options.counters.get(this.prefix + key);
    return counter ? { totalHits: counter.hits, resetTime: counter.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const full = this.prefix + key;
    let entry = this.live(full);
    if (entry && (entry.known + entry.pending + 1) * 2 < this.limit) {
      entry.pending += 1;
      return { totalHits: entry.known + entry.pending, resetTime: entry.resetAt };
    }
    if (!entry) {
      entry = { known: 0, pending: 0, resetAt: new Date(this.options.now().getTime() + this.windowMs) };
      this.entries.set(full, entry);
    }
    const add = entry.pending + 1;
    entry.pending = 0;
    try {
      const counter = await this.options.counters.increment(full, this.windowMs, add);
      entry.known = counter.hits;
      entry.resetAt = counter.resetAt;
    } catch (error) {
      entry.pending += add - 1;
      throw error;
    }
    return { totalHits: entry.known + entry.pending, resetTime: entry.resetAt };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.live(this.prefix + key);
    if (entry && entry.pending > 0) {
      entry.pending -= 1;
      return;
    }
    await this.options.counters.decrement(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    this.entries.delete(this.prefix + key);
    await this.options.counters.reset(this.prefix + key);
  }

  /** Writes every pending hit (one upsert per key with hits waiting). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const now = this.options.now().getTime();
      for (const [key, entry] of this.entries) {
        if (entry.resetAt.getTime() <= now) {
          this.entries.delete(key);
          continue;
        }
        if (entry.pending === 0) continue;
        const add = entry.pending;
        entry.pending = 0;
        try {
          const counter = await this.options.counters.increment(key, this.windowMs, add);
          entry.known = counter.hits;
          entry.resetAt = counter.resetAt;
        } catch (error) {
          entry.pending += add; // kept for the next flush (the database may be away)
          this.options.logger.warn({ failure: (error as { code?: string }).code }, "rate-limit flush failed");
          return;
        }
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
