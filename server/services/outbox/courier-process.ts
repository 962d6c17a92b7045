/**
 * The courier process (ADR 0066): the courier's work, rendering and handing each email to the transport,
 * done in a child process that runs at a lower CPU priority (a higher `nice` value) than the server. When
 * the machine is busy answering pages and forms, the kernel gives the server the CPU and the emails wait
 * a little; when it is not, they go out at once. The process is started on the first email and started
 * again on the next try after it dies: the jobs in flight fail as a transport outage (`ECOURIER`), which
 * the sender's circuit breaker holds without using an attempt. A courier given nothing to do for a minute
 * leaves (ADR 0117): it holds about 110 MB, a tenth of a small server, for emails that come in bursts.
 */
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import { childEntry } from "../../child-entry";
import type { Logger } from "../../logger";
import type { ComposeConfig } from "./compose";
import { type Courier, type CourierError, errorFromCourier } from "./courier";
import type { CourierReply, CourierRequest, TransportSettings } from "./courier-protocol";
import type { DeliveryResult } from "./transport";

export interface CourierProcessOptions {
  transport: TransportSettings;
  compose: ComposeConfig;
  logger: Logger;
  /** The child's `nice` value (0 same as the server … 19 lowest); default 10. */
  niceness?: number;
  /** How long a courier with nothing in flight lives before it leaves; the next email starts a new one. Default 60 s. */
  idleMs?: number;
}

/** How long an idle courier process is kept (ADR 0117). */
const COURIER_IDLE_MS = 60_000;

const STOPPED: CourierError = { code: "ECOURIER", message: "the courier process stopped" };

/**
 * V8's lite mode for the courier (ADR 0117): no optimising or baseline compiler and feedback allocated lazily. It
 * renders an email in about twice the time (16 ms against 8 ms) and holds half the memory while it sends (96 MB
 * against 195 MB after 200 emails): the emails are paced and wait at a lower priority anyway, the memory is a small
 * server's. It turns WebAssembly off, which nothing the courier loads uses.
 */
const COURIER_NODE_FLAGS = ["--lite-mode"];

type Ask = { type: "deliver"; job: Extract<CourierRequest, { type: "deliver" }>["job"] } | { type: "verify" };

export interface ProcessCourier extends Courier {
  /** The running child's process id (none before the first email or after it stopped). */
  processId(): number | undefined;
}

export function createProcessCourier(options: CourierProcessOptions): ProcessCourier {
  const { logger } = options;
  const niceness = options.niceness ?? 10;
  const idleMs = options.idleMs ?? COURIER_IDLE_MS;
  let started: Promise<ChildProcess> | undefined;
  let current: ChildProcess | undefined;
  let closing = false;
  let seq = 0;
  /** The requests in flight, by the child that has them: a child that dies fails its own, never a newer child's. */
  const pending = new Map<number, { child: ChildProcess; resolve: (result: DeliveryResult) => void; reject: (error: Error) => void }>();
  /** Children told to leave because they were idle: their exit is expected, not an outage to log. */
  const retired = new WeakSet<ChildProcess>();
  let idleTimer: NodeJS.Timeout | undefined;

  /** Called whenever nothing is in flight: the child leaves after `idleMs` unless it is asked for something first. */
  function armIdleTimer() {
    clearTimeout(idleTimer);
    if (closing || pending.size > 0 || !current) return;
    idleTimer = setTimeout(retire, idleMs);
    // An idle courier never keeps the server's process alive.
    idleTimer.unref();
  }

  function retire() {
    const child = current;
    if (!child || pending.size > 0 || closing) return;
    // Forgotten first, so that an email asked for from now on starts a new child rather than waiting on this one.
    retired.add(child);
    current = undefined;
    started = undefined;
    if (child.connected) child.disconnect();
    else child.kill("SIGTERM");
  }

  /** Forgets `child` as the running courier (it died, or its channel failed): the next request starts a new one. */
  function forget(child: ChildProcess) {
    if (current !== child) return;
    current = undefined;
    started = undefined;
  }

  /** Fails the requests in flight on `child`. */
  function failRequestsOf(child: ChildProcess) {
    for (const [id, waiting] of pending) {
      if (waiting.child !== child) continue;
      pending.delete(id);
      waiting.reject(errorFromCourier(STOPPED));
    }
  }

  function start(): Promise<ChildProcess> {
    // A child whose channel has closed is on its way out, whether or not its exit has been seen yet.
    if (current && !current.connected) forget(current);
    if (started) return started;
    const entry = childEntry("courier-worker", import.meta.url, COURIER_NODE_FLAGS);
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    current = child;
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, niceness);
      } catch (error) {
        logger.warn({ reason: (error as Error).message }, "courier process: could not lower its CPU priority");
      }
    }
    child.on("message", (reply: CourierReply) => {
      if (reply.type !== "answer") return;
      const waiting = pending.get(reply.seq);
      if (!waiting) return;
      pending.delete(reply.seq);
      if (reply.ok) waiting.resolve({ rejected: reply.rejected });
      else waiting.reject(errorFromCourier(reply.error));
      if (pending.size === 0) armIdleTimer();
    });
    child.once("exit", (code, signal) => {
      forget(child);
      if (retired.has(child)) return;
      failRequestsOf(child);
      if (!closing) logger.warn({ code, signal }, "courier process stopped: emails wait for the sender's next probe");
    });
    started = new Promise<ChildProcess>((resolve, reject) => {
      const onReady = (reply: CourierReply) => {
        if (reply.type !== "ready") return;
        child.off("message", onReady);
        resolve(child);
      };
      child.on("message", onReady);
      child.once("error", (error) => reject(Object.assign(errorFromCourier(STOPPED), { message: `the courier process could not start: ${error.message}` })));
      child.once("exit", () => reject(errorFromCourier(STOPPED)));
    });
    const init: CourierRequest = { type: "init", transport: options.transport, compose: options.compose };
    child.send(init);
    return started;
  }

  async function ask(request: Ask): Promise<DeliveryResult> {
    if (closing) throw errorFromCourier(STOPPED);
    clearTimeout(idleTimer);
    const child = await start();
    return new Promise<DeliveryResult>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { child, resolve, reject });
      const message: CourierRequest = request.type === "deliver" ? { type: "deliver", seq: id, job: request.job } : { type: "verify", seq: id };
      child.send(message, (error) => {
        if (!error) return;
        // The channel failed: the child is dying, and its exit may come after this. The next request starts a new one.
        forget(child);
        if (!pending.delete(id)) return;
        reject(errorFromCourier(STOPPED));
        if (pending.size === 0) armIdleTimer();
      });
    });
  }

  return {
    processId: () => current?.pid,
    deliver: (job) => ask({ type: "deliver", job }),
    verify: async () => {
      await ask({ type: "verify" });
    },
    async close() {
      closing = true;
      clearTimeout(idleTimer);
      const child = current;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        // A send in flight finishes; one that hangs is not waited for beyond a few seconds.
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.connected) child.disconnect();
        else child.kill("SIGTERM");
      });
    },
  };
}
