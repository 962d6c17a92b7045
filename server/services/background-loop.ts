/**
 * The one shape of every background worker of a server process (ADR 0082): the outbox sender, the webhook
 * worker, the backup, retention and offer-expiry schedules and the funnel warm-up. A loop runs one turn at a
 * time: the first after `firstDelayMs` once started, each next one after the delay the finished turn asks for
 * (`null`: none planned). A failed turn is logged by its error's kind only (its text may quote parameters)
 * unless `onFailure` says otherwise, and the loop goes on. `runNow()` joins the turn in flight or starts one
 * without moving the timer; `stop()` plans nothing more and waits for the turn in flight. Timers never keep
 * the process alive, and a wait longer than a timer holds (24.8 days) ends early: such a turn checks again.
 */
import type { Logger } from "../logger";

/** A timer holds at most 2^31-1 ms. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export interface TurnContext {
  /** Why this turn runs: "timer" for the loop's own, or what `runNow` was given. */
  reason: string;
  /** True once stop() was called: a turn that repeats work inside itself ends early. */
  stopped(): boolean;
}

export interface LoopOptions<T> {
  name: string;
  logger: Logger;
  /** One turn of work. */
  turn: (context: TurnContext) => Promise<T>;
  /** Wait after start() before the first turn (0: at once; null: none planned, only runNow). */
  firstDelayMs: number | null;
  /** Wait after a turn started by the timer before the next one; `result` is undefined when the turn failed. */
  nextDelayMs: (result: T | undefined) => number | null;
  /** Logs a finished turn (nothing by default). */
  onResult?: (result: T) => void;
  /** Logs a failed turn (default: an error line with the error's kind, "<name> failed"). */
  onFailure?: (error: unknown) => void;
}

export interface BackgroundLoop<T> {
  name: string;
  /** Starts the loop (again after a stop); a loop already running is left alone. */
  start(): void;
  /** Runs a turn now, or joins the one in flight; undefined when it failed or the loop is stopped. */
  runNow(reason?: string): Promise<T | undefined>;
  stop(): Promise<void>;
}

export function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

export function backgroundLoop<T>(options: LoopOptions<T>): BackgroundLoop<T> {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;
  const onFailure = options.onFailure ?? ((error: unknown) => options.logger.error({ err: { type: errorKind(error) } }, `${options.name} failed`));

  const plan = (delayMs: number | null) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || delayMs === null) return;
    timer = setTimeout(() => {
      timer = undefined;
      void runNow("timer").then((result) => plan(options.nextDelayMs(result)));
    }, Math.min(Math.max(delayMs, 0), LONGEST_WAIT_MS));
    timer.unref();
  };

  const runNow = (reason = "now"): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    running ??= options
      .turn({ reason, stopped: () => stopped })
      .then(
        (result) => {
          options.onResult?.(result);
          return result;
        },
        (error: unknown) => {
          onFailure(error);
          return undefined;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    name: options.name,
    start() {
      if (!stopped) return;
      stopped = false;
      if (options.firstDelayMs === 0) void runNow("timer").then((result) => plan(options.nextDelayMs(result)));
      else plan(options.firstDelayMs);
    },
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
