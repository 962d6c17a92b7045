/**
 * Foreground first (ADR 0074): the webhook worker gives way while the process is answering a burst of
 * requests, so an ad spike's visitors get the CPU and the deliveries queued meanwhile go out as soon as
 * it eases. A window counts as a burst when
 * both hold: at least `minRequestsPerSecond` requests arrived, and the event loop was busy for at least
 * `busyUtilization` of the time. Requests alone are not enough (a quiet process answering many cheap
 * requests has CPU to spare), nor is a busy loop alone (a worker draining a backlog keeps the loop
 * busy by itself and must not slow itself down).
 * While a burst lasts the worker still makes progress: a small batch per poll interval.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";

export interface ForegroundLoad {
  /** Counts one arriving request (the process shell calls it for each). */
  arrived(): void;
  /** Whether the time since the last look (at least one window) was a burst. */
  busy(): boolean;
}

export interface ForegroundLoadOptions {
  /** Shortest span judged at once (default 500 ms): a look sooner gets the last answer. */
  windowMs?: number;
  /** Requests a second from which a span may count as a burst (default 100). */
  minRequestsPerSecond?: number;
  /** Share of the span the event loop was busy, from 0 to 1 (default 0.5). */
  busyUtilization?: number;
  /** Event-loop utilization since `previous` (tests pass a fake). */
  utilization?: (previous?: EventLoopUtilization) => EventLoopUtilization;
  /** Milliseconds clock (tests pass a fake). */
  clock?: () => number;
}

/** Whether one span was a burst (exported for the unit tests of the rule). */
export function isBurst(requests: number, spanMs: number, utilization: number, rule: { minRequestsPerSecond: number; busyUtilization: number }): boolean {
  return spanMs > 0 && (requests * 1000) / spanMs >= rule.minRequestsPerSecond && utilization >= rule.busyUtilization;
}

/** Judged when asked, from what happened since the last look: no timer of its own. */
export function createForegroundLoad(options: ForegroundLoadOptions = {}): ForegroundLoad {
  const windowMs = options.windowMs ?? 500;
  const rule = { minRequestsPerSecond: options.minRequestsPerSecond ?? 100, busyUtilization: options.busyUtilization ?? 0.5 };
  const measure = options.utilization ?? ((previous?: EventLoopUtilization) => performance.eventLoopUtilization(previous));
  const clock = options.clock ?? (() => performance.now());
  let requests = 0;
  let burst = false;
  let mark = measure();
  let since = clock();
  return {
    arrived() {
      requests++;
    },
    busy() {
      const at = clock();
      if (at - since < windowMs) return burst;
      burst = isBurst(requests, at - since, measure(mark).utilization, rule);
      mark = measure();
      since = at;
      requests = 0;
      return burst;
    },
  };
}
