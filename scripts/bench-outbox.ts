/**
 * Outbox benchmark (npm run bench:outbox): what queuing the emails adds to a submission, and how fast one
 * sender drains the queue. Runs on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * Prints a Markdown table for docs/benchmarks.md; nothing is asserted.
 */
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { applicationSchema } from "#core/validation";
import { applications, emailOutbox } from "../server/db/schema";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { createOutboxSender } from "../server/services/outbox/sender";
import type { MailTransport } from "../server/services/outbox/transport";
import { createTestDatabase, TEST_ENGINES } from "../tests/support/database";

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

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Accepts every email at once: measures the outbox, not an SMTP server. */
const nullTransport: MailTransport = { kind: "files", describe: "null", send: async () => ({ rejected: 0 }), close: () => undefined };

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
    transport: nullTransport,
    compose: { siteUrl: "https://ovella.example", mailFrom: "Ovella <hello@ovella.example>", unsubscribeSecret: "x".repeat(40) },
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
