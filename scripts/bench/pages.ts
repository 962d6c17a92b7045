/**
 * `npm run bench:pages`: every public route of the built product against a same-bytes floor, under
 * autocannon (-c 50), with and without `Accept-Encoding: br`, alternating product and floor route by
 * route in the same run. The floor (./same-bytes-floor.mjs) fetched the product's answer for that route
 * and encoding once and serves it from memory with node:http. Also a spike (page views and submissions
 * at once, -c 200 for 30 s, submissions 5 % of the requests) that counts each side's answers by status and
 * latency, then checks that every acknowledged submission is in the database. Writes the tables into
 * a dated run file, docs/benchmarks/runs/<date>-pages.md (listed on docs/benchmarks.md), with the date, the machine and its load. Numbers are reported, never asserted.
 * Env: BENCH_PORT (3850), BENCH_DURATION (8 s a run), BENCH_ROUNDS (1), BENCH_ROUTES (comma list).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { validApplication } from "../../testing/payloads";
import { inArray } from "drizzle-orm";
import { openDatabase, schema } from "../../server/db/client";
import { median } from "../lib/median";
import { anyStatus, assertPortFree, serverProcessOf, stopChild, waitFor } from "../lib/processes";
import { PUBLIC_ROUTES } from "../lib/public-routes";
import { runHeader, writeRun } from "../lib/bench-runs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PORT = Number(process.env.BENCH_PORT ?? 3850);
const FLOOR_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const ROUTES = (process.env.BENCH_ROUTES?.split(",") ?? [...PUBLIC_ROUTES.filter((route) => route !== "/admin"), "/sitemap.xml", "/robots.txt"]).filter(Boolean);
const ENCODINGS = ["br", "identity"] as const;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  other: number;
}

async function load(url: string, encoding: (typeof ENCODINGS)[number]): Promise<Run> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION,
    headers: encoding === "br" ? { "accept-encoding": "br" } : {},
  });
  const ok = result["2xx"] + (url.endsWith("/no-such-page") ? result["4xx"] : 0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, other: result.requests.total - ok };
}


/** One side of the spike (page views or submissions): each answer's latency and status, as the load sent it. */
interface Side {
  latencies: number[];
  statuses: Map<number, number>;
}

function newSide(): Side {
  return { latencies: [], statuses: new Map() };
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** One answer of the spike: its latency (from the request's write, set by `setupRequest`) and its status. */
function record(side: Side, started: number | undefined, status: number): void {
  side.latencies.push(started === undefined ? Number.NaN : performance.now() - started);
  side.statuses.set(status, (side.statuses.get(status) ?? 0) + 1);
}

function spikeRow(name: string, side: Side, seconds: number): string {
  const sorted = side.latencies.filter((ms) => !Number.isNaN(ms)).toSorted((a, b) => a - b);
  const count = (test: (status: number) => boolean) => [...side.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
  const other = [...side.statuses].filter(([status]) => status < 200 || (status >= 300 && status !== 429 && status !== 503));
  const otherText = other.length === 0 ? "none" : other.map(([status, n]) => `${n} × ${status}`).join(", ");
  return `| ${name} | ${side.latencies.length} | ${count((s) => s >= 200 && s < 300)} | ${count((s) => s === 429)} | ${count((s) => s === 503)} | ${otherText} | ${Math.round(side.latencies.length / seconds)} | ${percentile(sorted, 0.5).toFixed(0)} ms | ${percentile(sorted, 0.99).toFixed(0)} ms |`;
}

interface SpikeResult {
  rows: string[];
  /** The ids the product acknowledged (201), checked against the database once the product has stopped. */
  acknowledged: string[];
}

const SPIKE_CONNECTIONS = 200;
const SPIKE_SECONDS = 30;
/** Of every 20 requests on a connection, 19 page views and 1 submission: 5 % of the requests, as issue 26 asks. */
const VIEWS_PER_SUBMISSION = 19;

/**
 * A spike: page views and submissions at once, as an ad brings them. 200 connections, each sending 19 page
 * views (six public pages in turn, `Accept-Encoding: br`) then one application with a fresh Idempotency-Key,
 * for 30 s, so submissions are 5 % of the requests whatever their latency. Each answer's latency is timed
 * from the moment its request is written (autocannon builds a request with `setupRequest` just before it
 * writes it and sends the next one only after the answer: no pipelining) to its answer, per side.
 */
async function spike(base: string): Promise<SpikeResult> {
  const body = JSON.stringify(validApplication());
  const pages = ["/", "/apply", "/tiktok", "/contact", "/about", "/thank-you"];
  const views = newSide();
  const submissions = newSide();
  const acknowledged: string[] = [];
  type Context = { started?: number };
  const view = (index: number): autocannon.Request => ({
    method: "GET",
    path: pages[index % pages.length],
    headers: { "accept-encoding": "br" },
    setupRequest: (req, context: Context) => {
      context.started = performance.now();
      return req;
    },
    onResponse: (status, _body, context: Context) => record(views, context.started, status),
  });
  const submission: autocannon.Request = {
    method: "POST",
    path: "/api/applications",
    headers: { "content-type": "application/json" },
    body,
    setupRequest: (req, context: Context) => {
      context.started = performance.now();
      return { ...req, headers: { ...req.headers, "idempotency-key": randomBytes(16).toString("hex") } };
    },
    onResponse: (status, answer, context: Context) => {
      record(submissions, context.started, status);
      if (status === 201) acknowledged.push((JSON.parse(answer) as { id: string }).id);
    },
  };
  const result = await autocannon({
    url: base,
    connections: SPIKE_CONNECTIONS,
    duration: SPIKE_SECONDS,
    requests: [...Array.from({ length: VIEWS_PER_SUBMISSION }, (_, i) => view(i)), submission],
  });
  const total = views.latencies.length + submissions.latencies.length;
  const share = (submissions.latencies.length / total) * 100;
  return {
    acknowledged,
    rows: [
      `Submissions were ${share.toFixed(1)} % of the ${total} answered requests; connection errors ${result.errors}, timeouts ${result.timeouts}.`,
      "",
      "| side | answers | 2xx | 429 | 503 | any other status | answers/s | p50 | p99 |",
      "|---|---:|---:|---:|---:|---|---:|---:|---:|",
      spikeRow("page views", views, SPIKE_SECONDS),
      spikeRow("submissions", submissions, SPIKE_SECONDS),
    ],
  };
}

/** Opens the product's database after it stopped and counts which acknowledged submissions it holds. */
async function storedOf(dataDir: string, ids: readonly string[]): Promise<number> {
  const handle = await openDatabase({ engine: "pglite", dataDir });
  try {
    let stored = 0;
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const rows = await handle.db.select({ id: schema.applications.id }).from(schema.applications).where(inArray(schema.applications.id, chunk));
      stored += rows.length;
    }
    return stored;
  } finally {
    await handle.close();
  }
}

async function main() {
  await assertPortFree(PORT);
  await assertPortFree(FLOOR_PORT);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-pages-"));
  const env = {
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_POST_LIMIT: "1000000",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "BenchPass123",
    NODE_ENV: "production",
  };
  // As `npm start` runs it: its Node flags and environment (ADR 0115).
  const launch = (await serverProcessOf(ROOT))({ ...process.env, ...env });
  const product = spawn(process.execPath, [...launch.nodeFlags, "build/main.js"], { cwd: ROOT, env: launch.env, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${PORT}`;
  const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
  const loadBefore = loadavg().map((n) => n.toFixed(2)).join(", ");
  const rows: string[] = [];
  try {
    await waitFor(`${base}/readyz`, 180_000, undefined, product);
    for (const route of ROUTES) {
      for (const encoding of ENCODINGS) {
        const floor = spawn(process.execPath, ["scripts/bench/same-bytes-floor.mjs", String(FLOOR_PORT), `${base}${route}`, encoding], {
          cwd: ROOT,
          stdio: ["ignore", "ignore", "inherit"],
        });
        try {
          await waitFor(`${floorBase}/`, 180_000, anyStatus, floor);
          const productRuns: Run[] = [];
          const floorRuns: Run[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            floorRuns.push(await load(`${floorBase}/`, encoding));
            productRuns.push(await load(`${base}${route}`, encoding));
          }
          const p = { rps: median(productRuns.map((r) => r.rps)), p50: median(productRuns.map((r) => r.p50)), p99: median(productRuns.map((r) => r.p99)) };
          const f = { rps: median(floorRuns.map((r) => r.rps)), p99: median(floorRuns.map((r) => r.p99)) };
          const other = productRuns.reduce((sum, r) => sum + r.other, 0);
          const line = `| \`${route}\` | ${encoding} | ${Math.round(f.rps)} | ${Math.round(p.rps)} | **${(p.rps / f.rps).toFixed(2)}** | ${p.p50} / ${p.p99} ms | ${f.p99} ms | ${other} |`;
          console.log(line);
          rows.push(line);
        } finally {
          await stopChild(floor);
        }
      }
    }
    console.log("spike: page views and submissions, -c 200, 30 s");
    const spiked = await spike(base);
    for (const line of spiked.rows) console.log(line);
    // Every acknowledged submission must be in the database once the product has stopped (SIGTERM: requests
    // in flight finish, then the database closes), read back by a new process as a restart would.
    await stopChild(product);
    const stored = await storedOf(dataDir, spiked.acknowledged);
    const storedLine = `Acknowledged submissions (201) found in the database after the product stopped: ${stored} of ${spiked.acknowledged.length}.`;
    console.log(storedLine);
    const loadAfter = loadavg().map((n) => n.toFixed(2)).join(", ");
    const title = `Public pages against the same bytes from memory (\`npm run bench:pages\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const section = [
      runHeader(title),
      `Machine: ${cpus()[0]?.model ?? "unknown"} × ${cpus().length}, Node ${process.version}; load average before ${loadBefore}, after ${loadAfter}.`,
      `autocannon -c 50 -d ${DURATION}, floor then product for each route and encoding, ${ROUNDS} round(s), medians; the floor serves the product's own answer for that route and encoding from memory (node:http).`,
      "",
      "| route | encoding | floor req/s | product req/s | ratio | product p50 / p99 | floor p99 | non-2xx |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      `Spike (-c ${SPIKE_CONNECTIONS} for ${SPIKE_SECONDS} s, embedded database: every connection sends ${VIEWS_PER_SUBMISSION} page views of six public pages with \`Accept-Encoding: br\`, then one \`POST /api/applications\` with a fresh \`Idempotency-Key\`, in turn; latency from the request's write to its answer):`,
      "",
      ...spiked.rows,
      "",
      storedLine,
      "",
    ].join("\n");
    console.log(`written to ${writeRun("pages", title, section, { root: ROOT })}`);
  } finally {
    await stopChild(product);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
