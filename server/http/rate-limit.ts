/**
 * express-rate-limit over the database-backed counters (../services/rate-limits), so several
 * app instances share one limit. 429 answers carry Retry-After and the contract's {message}.
 */
import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from "express-rate-limit";
import type { Logger } from "../logger";
import type { RateLimitService } from "../services/rate-limits";
import { BufferedRateLimitStore } from "./buffered-rate-limit";
import { clientAddress } from "./client-address";

/** A Store whose counters live in the `rate_limits` table. */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  windowMs = 60_000;

  constructor(
    private readonly counters: RateLimitService,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = await this.counters.get(this.prefix + key);
    return counter ? { totalHits: counter.hits, resetTime: counter.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const counter = await this.counters.increment(this.prefix + key, this.windowMs);
    return { totalHits: counter.hits, resetTime: counter.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.counters.decrement(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.reset(this.prefix + key);
  }
}

export interface LimiterOptions {
  name: string;
  limit: number;
  windowSeconds: number;
  counters: RateLimitService;
  now: () => Date;
  logger: Logger;
  /** How the 429 message starts, e.g. "Too many attempts." */
  lead: string;
  keyGenerator?: (req: Request) => string;
  skip?: (req: Request) => boolean;
  /** Count only failed requests (status >= 400). */
  countFailuresOnly?: boolean;
  /** Decide most hits locally and write them behind (hot paths; see ./buffered-rate-limit). */
  buffered?: boolean;
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Key for the client address (IPv6 addresses are grouped by /56 subnet). */
export function addressKey(req: Request): string {
  const address = clientAddress(req);
  return address ? ipKeyGenerator(address) : "unknown";
}

/** Short fixed-length key for free text such as a username. */
export function hashedKey(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

export function createLimiter(options: LimiterOptions): RequestHandler {
  const windowMs = options.windowSeconds * 1000;
  return rateLimit({
    windowMs,
    limit: options.limit,
    store: options.buffered
      ? new BufferedRateLimitStore({
          counters: options.counters,
          prefix: `${options.name}:`,
          now: options.now,
          logger: options.logger,
        })
      : new DatabaseRateLimitStore(options.counters, `${options.name}:`),
    keyGenerator: options.keyGenerator ?? addressKey,
    skip: options.skip ?? (() => false),
    skipSuccessfulRequests: options.countFailuresOnly ?? false,
    standardHeaders: false,
    legacyHeaders: false,
    // A store failure must not lock everyone out; it is logged.
    passOnStoreError: true,
    validate: { xForwardedForHeader: false },
    logger: {
      error: (err: unknown, message?: string) => options.logger.error({ err }, message ?? "rate limiter error"),
      warn: (err: unknown, message?: string) => options.logger.warn({ err }, message ?? "rate limiter warning"),
    },
    handler: (req, res) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? options.now().getTime() + windowMs;
      const seconds = Math.max(1, Math.ceil((resetAt - options.now().getTime()) / 1000));
      res.set("Retry-After", String(seconds));
      res.status(429).json({ message: `${options.lead} Please try again in ${minutesText(seconds)}.` });
    },
  });
}
