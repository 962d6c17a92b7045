/**
 * Gives the C library's free heap memory back to the system while the server is quiet (ADR 0119). glibc returns
 * only the free top of a malloc heap when memory is freed; what is freed between blocks that stay (V8's compiler
 * frees hundreds of MB in its worker threads' heaps after it optimises PGlite's code, its collector frees its
 * work lists after each collection) stays resident. `malloc_trim`, from the optional addon `@ovella/malloc-trim`,
 * hands those pages back.
 * Quiet is at most `quietRequests` requests in a look's span (so a load balancer's health checks do not count as
 * work). Once the server has been quiet `quietMs`, it trims at each look, 5 s apart, while the trims still give
 * memory back (V8 collects again some seconds after a burst, and each collection frees more); a trim that gives
 * back less than a megabyte doubles the wait to the next, up to a minute. A busy span starts over.
 * Where the addon was not built (no compiler at install) or the C library is not glibc, nothing runs and the
 * server works as before, holding those pages.
 */
import { createRequire } from "node:module";
import type { Logger } from "./logger";

/** Gives free heap pages back; true when some were. */
export type TrimHeap = () => boolean;

export interface IdleTrimOptions {
  /** The trim itself (the addon's in the server; tests pass a fake). */
  trim: TrimHeap;
  logger: Logger;
  /** Span between two looks at the load, and the shortest wait between two trims. */
  checkEveryMs?: number;
  /** Quiet time before the first trim. */
  quietMs?: number;
  /** Longest wait between two trims while the server stays quiet. */
  longestWaitMs?: number;
  /** Most requests a span may see and still count as quiet. */
  quietRequests?: number;
  /** Resident memory in bytes, read before and after each trim (tests pass a fake). */
  rss?: () => number;
}

export interface IdleTrim {
  /** Counts a request. */
  activity(): void;
  /** Stops the timer. */
  stop(): void;
}

const MB = 1024 * 1024;

/** The addon's trim, or undefined where it was not built (an optional dependency) or cannot load. */
export function loadHeapTrim(): TrimHeap | undefined {
  try {
    const addon = createRequire(import.meta.url)("@ovella/malloc-trim") as { trim?: unknown };
    const trim = addon.trim;
    return typeof trim === "function" ? () => trim() === true : undefined;
  } catch {
    return undefined;
  }
}

/** Looks at the load every `checkEveryMs` and trims in quiet spells, as the module's comment says. */
export function startIdleTrim(options: IdleTrimOptions): IdleTrim {
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const span = options.checkEveryMs ?? 5_000;
  const quietMs = options.quietMs ?? 10_000;
  const longestWaitMs = options.longestWaitMs ?? 60_000;
  const quietRequests = options.quietRequests ?? 5;
  let requests = 0;
  let quietFor = 0;
  let wait = span;
  let nextTrimAt = quietMs;
  const look = () => {
    const busy = requests > quietRequests;
    requests = 0;
    if (busy) {
      quietFor = 0;
      wait = span;
      nextTrimAt = quietMs;
      return;
    }
    quietFor += span;
    if (quietFor < nextTrimAt) return;
    const before = rss();
    const started = performance.now();
    try {
      options.trim();
    } catch (error) {
      options.logger.warn({ kind: error instanceof Error ? error.name : typeof error }, "memory trim failed");
      wait = longestWaitMs;
      nextTrimAt = quietFor + wait;
      return;
    }
    const after = rss();
    wait = before - after < MB ? Math.min(wait * 2, longestWaitMs) : span;
    nextTrimAt = quietFor + wait;
    options.logger.debug(
      { ms: Math.round(performance.now() - started), rssBeforeMb: Math.round(before / MB), rssAfterMb: Math.round(after / MB), nextInS: wait / 1000 },
      "quiet: free heap memory given back",
    );
  };
  const timer = setInterval(look, span);
  timer.unref();
  return {
    activity() {
      requests += 1;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
