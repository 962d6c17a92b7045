/**
 * How much the retention purge delays public submissions while it runs: submissions are stored one after another
 * while the purge deletes expired applications, once in batches (as the server does) and once as a single delete,
 * in the same run, on the embedded database (and on PostgreSQL when BENCH_DATABASE_URL names an empty database).
 * Writes a dated run file, docs/benchmarks/runs/<date>-privacy.md (listed on docs/benchmarks.md). Usage: npm run bench:privacy -- [--expired 20000]
 */
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { purgeExpired } from "../../server/services/privacy";
import { createServices } from "../../server/services";
import { runHeader, writeRun } from "../lib/bench-runs";

const DAY = 86_400_000;
/** One application every 10 ms (100 a second), far above the pilot's real traffic. */
const ARRIVAL_MS = 10;
const POLICY = { applicationsDays: 730, messagesDays: 365, auditDays: 2190 };

interface Measure {
  label: string;
  purgeMs: number;
  submissions: number;
  p50: number;
  p95: number;
  max: number;
  blockedMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function seedExpired(database: DatabaseHandle, count: number) {
  await database.db.execute(sql`
    insert into applications ("firstName","lastName",email,age,state,"zipCode","interestLevel","formSource",submitted_at)
    select 'Old','Lead','old'||g||'@example.com',30,'California','94110','Just curious','main page', now() - interval '800 days'
    from generate_series(1, ${count}) as g`);
}

/**
 * Submissions arrive every `everyMs` (open loop, as requests from the network would) until `done` settles; each
 * latency runs from its arrival to its row being stored, so waiting behind the purge counts.
 */
async function submitWhile(database: DatabaseHandle, done: Promise<unknown>, everyMs: number): Promise<number[]> {
  const { submissions } = createServices({ db: database.db, now: () => new Date() });
  let finished = false;
  void done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const pending: Promise<number>[] = [];
  const t0 = performance.now();
  let issued = 0;
  for (;;) {
    // Requests due while the event loop was blocked count from when they were due, not from when they got in.
    const due = finished ? issued : Math.floor((performance.now() - t0) / everyMs) + 1;
    for (; issued < due; issued++) {
      const arrived = t0 + issued * everyMs;
      pending.push(
        submissions
          .createApplication({
            firstName: "New",
            lastName: "Lead",
            email: `new${issued}@example.com`,
            age: 31,
            state: "California",
            zipCode: "94110",
            interestLevel: "Just curious",
            interestLevelOther: undefined,
            formSource: "main page",
            marketing_consent: false,
          })
          .then(() => performance.now() - arrived),
      );
    }
    if (finished) break;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Promise.all(pending);
}

async function measure(database: DatabaseHandle, label: string, expired: number, batchSize: number): Promise<Measure> {
  await database.db.execute(sql`delete from applications`);
  await seedExpired(database, expired);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // Submissions are already arriving when the purge starts.
  const purged = Promise.withResolvers<void>();
  const submitter = submitWhile(database, purged.promise, ARRIVAL_MS);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  const purge = purgeExpired({ database, policy: POLICY, now: new Date(Date.now() + DAY), batchSize, actorUsername: "bench" });
  await purge.finally(() => purged.resolve());
  const latencies = await submitter;
  const purgeMs = performance.now() - started;
  loop.disable();
  const blockedMs = loop.max / 1e6;
  const sorted = latencies.toSorted((a, b) => a - b);
  return { label, purgeMs, submissions: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0, blockedMs };
}

async function engineRows(database: DatabaseHandle, name: string, expired: number): Promise<string[]> {
  await measure(database, "warm-up", 1000, 500);
  const batched = await measure(database, "batches of 500", expired, 500);
  const single = await measure(database, "one delete", expired, expired + 1);
  const rows = [batched, single].map(
    (m) =>
      `| ${name} | ${m.label} | ${Math.round(m.purgeMs)} ms | ${m.submissions} | ${m.p50.toFixed(1)} ms | ${m.p95.toFixed(1)} ms | ${m.max.toFixed(1)} ms | ${m.blockedMs.toFixed(1)} ms |`,
  );
  rows.push(`| ${name} | ratio one delete / batches | | | | | ${(single.max / batched.max).toFixed(1)}× | ${(single.blockedMs / batched.blockedMs).toFixed(1)}× |`);
  return rows;
}

async function main() {
  const { values } = parseArgs({ options: { expired: { type: "string", default: "20000" } } });
  const expired = Number(values.expired);
  const rows: string[] = [];
  const pglite = await openDatabase({ engine: "memory" });
  try {
    rows.push(...(await engineRows(pglite, "PGlite", expired)));
  } finally {
    await pglite.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    const pg = await openDatabase({ engine: "postgres", url: process.env.BENCH_DATABASE_URL });
    try {
      rows.push(...(await engineRows(pg, "PostgreSQL", expired)));
    } finally {
      await pg.close();
    }
  }
  const cpu = cpus();
  const title = `Retention purge and submissions (\`npm run bench:privacy\`), ${new Date().toISOString().slice(0, 10)}`;
  const section = [
    runHeader(title),
    `Measured by \`npm run bench:privacy\` (scripts/bench/privacy.ts): ${expired.toLocaleString("en-US")} expired applications are`,
    "purged while a new application arrives every 10 ms; latency from its arrival to its row stored. Both variants run",
    "in the same run, so compare them as ratios. PGlite runs in the server's own thread, so a long statement also",
    "blocks the event loop (last column): every request of that instance waits, not only submissions. On PostgreSQL",
    "a delete locks only the old rows, so inserts do not wait for it either way; batches keep each statement short.",
    "With a loaded machine the numbers vary a lot from run to run: rerun before drawing conclusions.",
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}.`,
    `Date: ${new Date().toISOString().slice(0, 10)}. The machine was shared with other parallel work while measuring.`,
    "",
    "| engine | purge | purge time | submissions during it | p50 | p95 | longest wait | event loop blocked (max) |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
  console.log(section);
  console.log(`written to ${writeRun("privacy", title, section, { root: path.resolve(import.meta.dirname, "..", "..") })}`);
}

await main();
