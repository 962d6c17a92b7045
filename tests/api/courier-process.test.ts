/**
 * The courier process (ADR 0066): emails rendered and sent by a child process at a lower CPU priority,
 * started on the first email and again after it dies, its death held by the sender as a transport outage.
 */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import type { CourierJob } from "../../server/services/outbox/courier";
import { createProcessCourier, type ProcessCourier } from "../../server/services/outbox/courier-process";
import { isTransportOutage } from "../../server/services/outbox/transport-errors";
import { startTestSmtp, type TestSmtp } from "../../testing/smtp";

const COMPOSE = { siteUrl: "https://ovella.example", mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: "s".repeat(40) };

function job(to: string, firstName = "Maya"): CourierJob {
  return {
    id: randomUUID(),
    kind: "application_confirmation",
    recipients: [to],
    subject_email: to,
    payload: { firstName },
    message_id: `<${randomUUID()}@ovella.example>`,
    application_id: null,
    marketingConsent: false,
    now: new Date("2026-11-25T12:00:00Z"),
  };
}

/** The fields of /proc/<pid>/stat after the parenthesised command name: the state first (field 3). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The `nice` value of a process, field 19 of /proc/<pid>/stat. */
const niceOf = (pid: number) => Number(statFields(pid)[16]);

/** A process's state letter, field 3 of /proc/<pid>/stat ("Z" once it has ended and not yet been waited for). */
const stateOf = (pid: number) => statFields(pid)[0];

// A cap, not a speed check: each test forks the courier, which compiles its modules under tsx first (20-30 s
// when two test files share the two cores).
describe("courier process", { timeout: 120_000 }, () => {
  let smtp: TestSmtp;
  let courier: ProcessCourier;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await courier?.close();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it("renders and sends in a child process that runs at a lower CPU priority than the server", async () => {
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger: createLogger("silent") });
    expect(courier.processId()).toBeUndefined();
    const result = await courier.deliver(job("maya@example.com"));
    expect(result).toEqual({ rejected: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.envelopeTo).toEqual(["maya@example.com"]);
    expect(smtp.received[0]?.parsed.text).toContain("THANK YOU FOR APPLYING!");
    const pid = courier.processId();
    expect(pid).toBeTypeOf("number");
    expect(pid).not.toBe(process.pid);
    expect(niceOf(pid as number)).toBe(niceOf(process.pid) + 10);
    // In V8's lite mode, which holds half the memory while it sends (ADR 0117).
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("--lite-mode");
  });

  it("passes an email's refusal back with the fields the sender classifies it by", async () => {
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger: createLogger("silent") });
    smtp.reject = /refused@/;
    try {
      const error = await courier.deliver(job("refused@example.com")).catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 550 });
      expect(isTransportOutage(error)).toBe(false);
      const bad = await courier.deliver({ ...job("maya@example.com"), kind: "no_such_kind" }).catch((e: unknown) => e);
      expect(bad).toMatchObject({ permanent: true });
    } finally {
      smtp.reject = undefined;
    }
  });

  it("a courier that dies fails its email as a transport outage, and the next email starts a new one", async () => {
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger: createLogger("silent") });
    await courier.verify();
    const first = courier.processId() as number;
    // Frozen, so the email is surely in flight when the process dies: it is answered, not left in a
    // promise that never settles.
    process.kill(first, "SIGSTOP");
    const inFlight = courier.deliver(job("maya@example.com")).catch((e: unknown) => e);
    process.kill(first, "SIGKILL");
    const error = await inFlight;
    expect(error).toMatchObject({ code: "ECOURIER" });
    expect(isTransportOutage(error)).toBe(true);
    await expect(courier.deliver(job("next@example.com"))).resolves.toEqual({ rejected: 0 });
    expect(courier.processId()).not.toBe(first);
    expect(smtp.received.some((m) => m.envelopeTo.includes("next@example.com"))).toBe(true);
  });

  it("an email asked for after the courier died, before its exit is seen, fails alone; the next one starts a new courier", async () => {
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger: createLogger("silent") });
    for (let round = 0; round < 3; round++) {
      await courier.verify();
      const dead = courier.processId() as number;
      process.kill(dead, "SIGKILL");
      // Held here until the kernel has ended it: the event loop has not run, so the server has not seen its exit.
      while (stateOf(dead) !== "Z") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      const lost = await courier.deliver(job(`lost${round}@example.com`)).catch((e: unknown) => e);
      expect(lost).toMatchObject({ code: "ECOURIER" });
      await expect(courier.deliver(job(`next${round}@example.com`))).resolves.toEqual({ rejected: 0 });
      expect(courier.processId()).not.toBe(dead);
    }
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(["next0@example.com", "next1@example.com", "next2@example.com"]);
  });

  it("a courier idle for its time leaves quietly, and the next email starts a new one", async () => {
    const logged: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void logged.push(line) });
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger, idleMs: 300 });
    await expect(courier.deliver(job("maya@example.com"))).resolves.toEqual({ rejected: 0 });
    const first = courier.processId() as number;
    expect(() => process.kill(first, 0)).not.toThrow();
    // Asked again before its time is up, the same process answers, and its time starts again.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await courier.deliver(job("again@example.com"));
    expect(courier.processId()).toBe(first);
    await expect.poll(() => courier.processId(), { timeout: 10_000 }).toBeUndefined();
    await expect
      .poll(
        () => {
          try {
            process.kill(first, 0);
            return "running";
          } catch {
            return "gone";
          }
        },
        { timeout: 10_000 },
      )
      .toBe("gone");
    await expect(courier.deliver(job("next@example.com"))).resolves.toEqual({ rejected: 0 });
    expect(courier.processId()).not.toBe(first);
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(["maya@example.com", "again@example.com", "next@example.com"]);
    expect(logged.filter((line) => line.includes("courier process stopped"))).toEqual([]);
  });

  it("close ends the child process and refuses further work", async () => {
    courier = createProcessCourier({ transport: { SMTP_URL: smtp.url, DATA_DIR: "unused" }, compose: COMPOSE, logger: createLogger("silent") });
    await courier.verify();
    const pid = courier.processId() as number;
    await courier.close();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(courier.deliver(job("late@example.com"))).rejects.toMatchObject({ code: "ECOURIER" });
  });
});
