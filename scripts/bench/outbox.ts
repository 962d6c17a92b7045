/**
 * Outbox benchmark (npm run bench:outbox): what queuing the emails adds to a submission, and how fast one
 * sender drains the queue. Runs on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * Then (part 2, below) the admin's and a submission's latency while an SMTP outage holds 5,000 emails and
 * while they drain. Prints Markdown tables for a dated run file (docs/benchmarks/runs/<date>-outbox.md); nothing is asserted.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { applicationSchema } from "#core/validation";
import { applications, emailOutbox } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { createInlineCourier, createOutboxSender, isTransportOutage, type MailTransport } from "../../server/services/outbox";
import { createTestDatabase, TEST_ENGINES } from "../../testing/database";
import { median } from "../lib/median";

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 400);

const application = (i: number) =>
  applicationSchema.parse({
    firstName: "Bench",
    lastName: `Person${i}`,
    email: `bench${i}@example.com`,
    age: 30,
    state: "California",
    zipCode: "94110",
    interestLevel: "Just curious",
    formSource: "main page",
    marketing_consent: i % 2 === 0,
  });


/** Accepts every email at once: measures the outbox, not an SMTP server. */
const nullTransport: MailTransport = { kind: "files", describe: "null", send: async () => ({ rejected: 0 }), close: () => undefined };
const COMPOSE = { siteUrl: "https://ovella.example", mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: "x".repeat(40) };

const rows: string[] = [];
for (const engine of TEST_ENGINES) {
  const database = await createTestDatabase(engine);
  const db = database.db;
  const service = createServices({
    db,
    now: () => new Date(),
    outbox: { staffTo: ["staff@ovella.example"], staffByReason: {}, messageIdDomain: "ovella.example" },
  }).submissions;
  const before: number[] = [];
  const after: number[] = [];
  // Interleaved so both paths see the same machine load.
  for (let i = 0; i < SUBMISSIONS; i++) {
    const data = application(i);
    let t0 = performance.now();
    await db.insert(applications).values(data);
    before.push(performance.now() - t0);
    t0 = performance.now();
    await service.createApplication(data);
    after.push(performance.now() - t0);
  }
  const queued = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
  const sender = createOutboxSender({
    db,
    courier: createInlineCourier(nullTransport, COMPOSE, isTransportOutage),
    logger: createLogger("silent"),
    maxAttempts: 3,
  });
  const t0 = performance.now();
  let sent = 0;
  for (;;) {
    const r = await sender.runOnce();
    if (r.claimed === 0) break;
    sent += r.sent;
  }
  const drainMs = performance.now() - t0;
  rows.push(
    `| ${engine} | ${median(before).toFixed(2)} ms | ${median(after).toFixed(2)} ms | ${(median(after) / median(before)).toFixed(2)}× | ${sent}/${queued} | ${Math.round((sent / drainMs) * 1000)} emails/s |`,
  );
  await database.destroy();
}

const cpu = cpus();
console.log(`Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`);
console.log(`Date: ${new Date().toISOString().slice(0, 10)}; ${SUBMISSIONS} submissions per engine, median per submission\n`);
console.log("| engine | insert alone (before) | insert + 2 outbox rows in one transaction (after) | ratio | sent | one sender, rendering included |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);

/*
 * Part 2: an SMTP outage with BENCH_BACKLOG (5,000) queued emails, then its drain. A real SMTP server on
 * 127.0.0.1 (testing/smtp.ts, in a process of its own: scripts/bench/smtp-sink.ts) is stopped and started; the API runs in this process (as the sender
 * does in the server) and one client measures, one request after the other, the admin's first page of
 * applications (`GET /api/admin/applications`) and a submission (`POST /api/applications`), for
 * BENCH_WINDOW_SECONDS (10) per phase: sender idle (baseline), SMTP down (circuit open), draining at
 * MAIL_RATE_PER_SECOND (10), and draining with no rate limit (what a burst costs).
 */
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 5000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_SECONDS ?? 10) * 1000;
const percentile = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const { createTestApp } = await import("../../testing/app");
const { createStaff, bearer } = await import("../../testing/fixtures");
const { fork } = await import("node:child_process");
const { createSmtpTransport } = await import("../../server/services/outbox");
const { validApplication } = await import("../../testing/payloads");

/** The SMTP sink in a child process; each call waits for its reply. */
const sink = fork(new URL("./smtp-sink.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
const sinkUrl = await new Promise<string>((resolve) => sink.once("message", (m: { url: string }) => resolve(m.url)));
const ask = (message: string) =>
  new Promise<unknown>((resolve) => {
    const onMessage = (m: { reply?: string; value?: unknown }) => {
      if (m.reply !== message) return;
      sink.off("message", onMessage);
      resolve(m.value);
    };
    sink.on("message", onMessage);
    sink.send(message);
  });
const smtp = { stop: () => ask("stop"), restart: () => ask("restart") };
const app = await createTestApp("pglite", { PUBLIC_POST_LIMIT: "100000000", STAFF_NOTIFY_TO: "staff@ovella.example" });
const server = app.app.listen(0, "127.0.0.1");
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const base = `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
const token = (await createStaff(app, "bench")).super_admin.token;
const backlogService = createServices({
  db: app.database.db,
  now: () => new Date(),
  outbox: { staffTo: ["staff@ovella.example"], staffByReason: {}, messageIdDomain: "ovella.example" },
}).submissions;
for (let i = 0; i < BACKLOG / 2; i++) await backlogService.createApplication(application(100_000 + i));

interface Phase {
  name: string;
  page: number[];
  submit: number[];
  sent: number;
  attempts: number;
}

async function measure(name: string, during: () => Promise<void>, sentBefore: () => Promise<number>, attempts: () => number): Promise<Phase> {
  const phase: Phase = { name, page: [], submit: [], sent: 0, attempts: 0 };
  const sent0 = await sentBefore();
  const attempts0 = attempts();
  const running = during();
  const end = performance.now() + WINDOW_MS;
  let n = 0;
  while (performance.now() < end) {
    let t0 = performance.now();
    const page = await fetch(`${base}/api/admin/applications?limit=50`, { headers: bearer(token) });
    await page.arrayBuffer();
    phase.page.push(performance.now() - t0);
    t0 = performance.now();
    const res = await fetch(`${base}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validApplication({ lastName: `Latency${n++}` })),
    });
    await res.arrayBuffer();
    phase.submit.push(performance.now() - t0);
  }
  await running;
  phase.sent = (await sentBefore()) - sent0;
  phase.attempts = attempts() - attempts0;
  return phase;
}

const sentCount = async () => (await app.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "sent"))).length;
let smtpAttempts = 0;
const realTransport = createSmtpTransport(sinkUrl);
const countedTransport: MailTransport = {
  ...realTransport,
  send: (id, mail) => {
    smtpAttempts++;
    return realTransport.send(id, mail);
  },
};
function runSender(ratePerSecond: number) {
  const sender = createOutboxSender({
    db: app.database.db,
    courier: createInlineCourier(countedTransport, COMPOSE, isTransportOutage),
    logger: createLogger("silent"),
    maxAttempts: 10,
    ratePerSecond,
    pollMs: 500,
  });
  sender.start();
  return { during: () => new Promise<void>((resolve) => setTimeout(resolve, WINDOW_MS)), stop: () => sender.stop() };
}

const phases: Phase[] = [];
phases.push(await measure("sender idle (baseline)", async () => undefined, sentCount, () => smtpAttempts));
await smtp.stop();
{
  const s = runSender(10);
  phases.push(await measure("SMTP down, sender running (circuit open)", s.during, sentCount, () => smtpAttempts));
  await s.stop();
}
await smtp.restart();
{
  const s = runSender(10);
  phases.push(await measure("SMTP back, draining at 10 emails/s", s.during, sentCount, () => smtpAttempts));
  await s.stop();
}
{
  const s = runSender(0);
  phases.push(await measure("draining with no rate limit", s.during, sentCount, () => smtpAttempts));
  await s.stop();
}
const left = (await app.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "queued"))).length;
await new Promise<void>((resolve) => server.close(() => resolve()));
realTransport.close();
sink.send("exit");
await app.close();

console.log(
  `\nBacklog: ${BACKLOG} queued emails, embedded PGlite (in memory), a real SMTP server on 127.0.0.1 in another process (one connection per email); ${WINDOW_MS / 1000} s per phase; ` +
    `load average ${loadavg().map((x) => x.toFixed(2)).join(", ")} at the end; ${left} emails still queued at the end (the measured submissions queue two each)\n`,
);
console.log("| phase | admin first page p50 / p99 | submission p50 / p99 | emails sent | SMTP attempts |");
console.log("|---|---:|---:|---:|---:|");
for (const p of phases) {
  console.log(
    `| ${p.name} | ${percentile(p.page, 0.5).toFixed(0)} / ${percentile(p.page, 0.99).toFixed(0)} ms | ` +
      `${percentile(p.submit, 0.5).toFixed(0)} / ${percentile(p.submit, 0.99).toFixed(0)} ms | ${p.sent} | ${p.attempts} |`,
  );
}
