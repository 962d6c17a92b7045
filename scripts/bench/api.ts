/**
 * `npm run bench:api`: POST /api/applications on the built product against a bare floor server
 * (scripts/bench/floor.mjs) on each engine, alternated under autocannon (-c 50 -d 10, same body, a fresh
 * Idempotency-Key per request on both sides, as the forms send), and writes req/s, p50, p99, the ratios
 * and the machine's load (`os.loadavg()`, 1 min, read before and after each run) beside every figure into
 * a dated run file, docs/benchmarks/runs/<date>-api.md (listed on docs/benchmarks.md). Numbers are reported, never asserted.
 * Each engine's rows end with the median of the rounds' ratios to the floor: one round read 0.46 where the next read
 * 0.77 on the same machine (2026-11-29), so the product's 0.6 (issue 40, item 5) is read against the median of five.
 * Options: `--before DIR` also runs a second checkout's build (DIR/build/main.js, built there with
 * `npm run build`) in the same rounds, alternating floor, before and this build, so a change is judged by
 * ratios taken minutes apart on the same machine (while one server is measured, the others are paused
 * with SIGSTOP, each with its process group, so no background work of theirs, such as an outbox sender or its
 * courier process, runs during its run); `--engines postgres,pglite` (both); `--webhook`: every build runs with
 * one enabled webhook endpoint for `application.created` (ADR 0067), delivering to a receiver on 127.0.0.1 that
 * answers 204, so every submission also queues its delivery and the worker sends it; the floor then queues the
 * same delivery row in its statement (the same database work; it sends nothing).
 * `--webhook-pair`: the same question in one run: four servers alternate (the floor and this build without an
 * endpoint, the floor and this build with one), so the ratio with an endpoint is read beside the ratio without one,
 * minutes apart (issue 25's "keeps its ratio"); its own run file (<date>-api-webhook-pair.md; `--webhook`: <date>-api-webhook.md).
 * `FLOOR_PREPARED=0`: the PGlite floor uses PGlite's own query (parsed on every call) instead of a named statement.
 * Env: BENCH_DATABASE_URL (a PostgreSQL server where throwaway databases may be created; default
 * TEST_DATABASE_URL, then postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS (5), BENCH_DURATION (10 s), BENCH_WARMUP (20 s of load on each server before the rounds),
 * BENCH_PORT (3810; each engine uses three ports from there), BENCH_START_TIMEOUT_MS (180000: how long a
 * server may take to start), BENCH_NODE_FLAGS (Node flags for this build's server only, e.g. `--liftoff-only`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { Client } from "pg";
import { validApplication } from "../../testing/payloads";
import { runHeader, writeRun } from "../lib/bench-runs";
import { anyStatus, assertPortFree, serverProcessOf, stopChild, waitFor } from "../lib/processes";
import { staffBearerSession } from "../lib/staff-session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3810);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/** Node flags for this build's server (not the floor's, not `--before`'s): a start option measured before it is adopted. */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);

const { values: options } = parseArgs({
  options: { before: { type: "string" }, engines: { type: "string", default: "postgres,pglite" }, webhook: { type: "boolean", default: false }, "webhook-pair": { type: "boolean", default: false } },
});
const BEFORE = options.before ? path.resolve(options.before) : undefined;
if (BEFORE && !existsSync(path.join(BEFORE, "build", "main.js"))) {
  throw new Error(`--before ${BEFORE}: no build/main.js there (run npm run build in it first)`);
}
const ENGINES = (options.engines ?? "").split(",").filter(Boolean);

const BODY = JSON.stringify(validApplication());
const PAIR = Boolean(options["webhook-pair"]);
if (PAIR && (BEFORE || options.webhook)) throw new Error("--webhook-pair runs this build alone, with and without an endpoint: drop --before and --webhook");
const WEBHOOK = Boolean(options.webhook);

/** The webhook receiver of `--webhook`: takes every delivery and answers 204, as a CRM would. */
let receivedDeliveries = 0;
async function startReceiver(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      receivedDeliveries++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => server.close() };
}

/** Signs the bench's super admin in (password alone: MFA_REQUIRED=0 on this throwaway server) and adds the endpoint. */
async function addEndpoint(base: string, receiverUrl: string): Promise<void> {
  const { token } = await staffBearerSession(base, { username: "bench", password: "Bench-Password-123456", totpSecret: "" });
  const res = await fetch(`${base}/api/admin/webhooks`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: receiverUrl, events: ["application.created"], description: "bench:api receiver" }),
  });
  if (res.status !== 201) throw new Error(`adding the webhook endpoint answered ${res.status}: ${await res.text()}`);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** 1-minute load average before and after the run. */
  load: [number, number];
  /** CPU time the server process spent per answered request (user + system, from /proc), in µs. */
  cpuPerRequest?: number;
}

type Side = "floor" | "before" | "product" | "floor-hook" | "product-hook";

/** Whether a side runs with one enabled endpoint (every side with --webhook; the `-hook` sides of --webhook-pair). */
const hooked = (side: Side) => WEBHOOK || side.endsWith("-hook");
const isFloor = (side: Side) => side.startsWith("floor");

/** Starts `node <args>` in `cwd`; resolves once `readyUrl` answers (a first PGlite start runs initdb: slow on a busy machine). */
async function startProcess(args: string[], cwd: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  await assertPortFree(Number(new URL(readyUrl).port));
  // A process group of its own: the server and its courier process (ADR 0066) are paused and measured together.
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  child.stdout?.resume();
  await waitFor(readyUrl, Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000), anyStatus, child);
  return child;
}

/** A checkout's built server, with the Node flags and environment its `npm start` gives it (ADR 0115), then `flags`. */
async function startServerOf(dir: string, flags: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const launch = (await serverProcessOf(dir))({ ...process.env, ...env });
  return startProcess([...launch.nodeFlags, ...flags, "build/main.js"], dir, launch.env as Record<string, string>, readyUrl);
}

const load1 = () => loadavg()[0] ?? 0;
const CLOCK_TICK_MS = 10; // USER_HZ, 100 on Linux

/**
 * CPU time (user + system) the processes of a server's group (the server and its courier process) have
 * used so far, in ms, or undefined where /proc is not there. Unlike req/s it hardly moves with the
 * machine's load: what one request costs the server, the emails it renders included.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let total: number | undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pid) continue;
      total = (total ?? 0) + (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** Each request carries a fresh Idempotency-Key, as the forms send (floor and product store it alike). */
async function load(url: string, duration: number, pid?: number): Promise<Run> {
  const loadBefore = load1();
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, "idempotency-key": randomBytes(16).toString("hex") },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    load: [loadBefore, load1()],
    cpuPerRequest: cpuBefore === undefined ? undefined : ((cpuMs(pid) ?? cpuBefore) - cpuBefore) * 1000 / Math.max(1, result.requests.total),
  };
}

async function createDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function postgresAvailable(): Promise<boolean> {
  const client = new Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

interface EngineResult {
  engine: string;
  runs: Record<Side, Run[]>;
  /** The product's email backlog when the rounds ended (sent afterwards at MAIL_RATE_PER_SECOND). */
  backlog?: number;
}

/** Emails queued or being sent, from the product's /readyz. */
async function backlogOf(base: string): Promise<number> {
  const body = (await (await fetch(`${base}/readyz`)).json()) as { outbox?: { backlog: number } };
  return body.outbox?.backlog ?? 0;
}

async function benchEngine(engine: "postgres" | "pglite", portOffset: number): Promise<EngineResult> {
  const suffix = randomBytes(4).toString("hex");
  const sides: Side[] = PAIR ? ["floor", "product", "floor-hook", "product-hook"] : BEFORE ? ["floor", "before", "product"] : ["floor", "product"];
  const port = (side: Side) => BASE_PORT + portOffset + sides.indexOf(side);
  const dirs: string[] = [];
  const databases: string[] = [];
  const temp = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `ovella-bench-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const productEnv = (side: Side): Record<string, string> => ({
    PORT: String(port(side)),
    HOST: "127.0.0.1",
    PUBLIC_POST_LIMIT: "1000000000",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "Bench-Password-123456",
    LOG_LEVEL: "info",
    // Both emails queued, as the floor does (confirmation and staff alert).
    STAFF_NOTIFY_TO: "staff@example.com",
    // The embedded database's files, and on either engine the outbox's .eml files (no SMTP_URL).
    DATA_DIR: temp(side),
  });
  const targets: Partial<Record<Side, string>> = {};
  const envs: Partial<Record<Side, Record<string, string>>> = {};
  for (const side of sides) {
    if (isFloor(side)) {
      const name = side.replace("-", "_");
      if (engine === "postgres") {
        databases.push(`ovella_bench_${name}_${suffix}`);
        targets[side] = await createDatabase(databases.at(-1) as string);
      } else targets[side] = `pglite:${temp(name)}`;
      continue;
    }
    const env = productEnv(side);
    if (hooked(side)) Object.assign(env, { MFA_REQUIRED: "0", WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE: "1" });
    if (engine === "postgres") {
      databases.push(`ovella_bench_${side.replace("-", "_")}_${suffix}`);
      env.DATABASE_URL = await createDatabase(databases.at(-1) as string);
    }
    envs[side] = env;
  }
  const url = (side: Side) => `http://127.0.0.1:${port(side)}/api/applications`;
  const result: EngineResult = { engine, runs: { floor: [], before: [], product: [], "floor-hook": [], "product-hook": [] } };
  const children: ChildProcess[] = [];
  const closers: Array<() => void> = [];
  const pids: Partial<Record<Side, number>> = {};
  try {
    for (const side of sides) {
      const child =
        isFloor(side)
          ? await startProcess(["--import", "tsx", "scripts/bench/floor.mjs", String(port(side)), targets[side] as string], ROOT, hooked(side) ? { FLOOR_WEBHOOK: "1" } : {}, `http://127.0.0.1:${port(side)}/`)
          : await startServerOf(side === "before" ? (BEFORE as string) : ROOT, side === "before" ? [] : NODE_FLAGS, envs[side] ?? {}, `http://127.0.0.1:${port(side)}/healthz`);
      children.push(child);
      pids[side] = child.pid;
      if (hooked(side) && !isFloor(side)) {
        const receiver = await startReceiver();
        closers.push(receiver.close);
        await addEndpoint(`http://127.0.0.1:${port(side)}`, receiver.url);
      }
    }
    // Only the measured server runs: the others are paused (SIGSTOP) so that, for example, one product's
    // outbox sender still working through the emails of its own run does not take the next run's CPU.
    const alone = async <T>(side: Side, work: () => Promise<T>): Promise<T> => {
      const others = sides.filter((other) => other !== side).map((other) => pids[other]);
      for (const pid of others) if (pid !== undefined) process.kill(-pid, "SIGSTOP");
      try {
        return await work();
      } finally {
        for (const pid of others) if (pid !== undefined) process.kill(-pid, "SIGCONT");
      }
    };
    // Warm every server (JIT, prepared statements, caches) before measuring: long enough that the
    // optimising compiler has settled on the product's larger code too, as in a server that has run a while.
    for (const side of sides) await alone(side, () => load(url(side), WARMUP));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) result.runs[side].push(await alone(side, () => load(url(side), DURATION, pids[side])));
      console.log(`${engine} round ${round + 1}: ${sides.map((side) => `${side} ${fmt(result.runs[side].at(-1))}`).join(" | ")}`);
    }
    const measured: Side = PAIR ? "product-hook" : "product";
    result.backlog = await alone(measured, () => backlogOf(`http://127.0.0.1:${port(measured)}`));
    console.log(`${engine} product email backlog after the rounds: ${result.backlog}`);
  } finally {
    for (const child of children.toReversed()) await stopChild(child);
    for (const close of closers) close();
    for (const name of databases) await dropDatabase(name).catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

function fmt(run: Run | undefined): string {
  return run
    ? `${Math.round(run.rps)} req/s p50 ${run.p50} ms p99 ${run.p99} ms ${cpuText(run)} CPU/req (non-2xx ${run.non2xx}, errors ${run.errors}, load ${loadText(run)})`
    : "";
}

const loadText = (run: Run) => `${run.load[0].toFixed(1)}→${run.load[1].toFixed(1)}`;
const cpuText = (run: Run) => (run.cpuPerRequest === undefined ? "–" : `${Math.round(run.cpuPerRequest)} µs`);
const cell = (run: Run) => `${Math.round(run.rps)} (${run.p50} / ${run.p99} ms; ${cpuText(run)}; load ${loadText(run)})`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");

/** --webhook-pair: each round's ratio without and with one enabled endpoint, side by side. */
function pairTable(results: EngineResult[]): string {
  const lines = [
    "| engine | round | floor req/s (p50 / p99) | product req/s (p50 / p99) | floor, endpoint req/s (p50 / p99) | product, endpoint req/s (p50 / p99) | ratio without | ratio with | with ÷ without | p99 with / its floor's | non-2xx + errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    r.runs.floor.forEach((floor, i) => {
      const [product, hookFloor, hookProduct] = [r.runs.product[i], r.runs["floor-hook"][i], r.runs["product-hook"][i]] as [Run, Run, Run];
      const without = product.rps / floor.rps;
      const withEndpoint = hookProduct.rps / hookFloor.rps;
      const bad = product.non2xx + product.errors + hookProduct.non2xx + hookProduct.errors;
      lines.push(
        `| ${r.engine} | ${i + 1} | ${cell(floor)} | ${cell(product)} | ${cell(hookFloor)} | ${cell(hookProduct)} | ${without.toFixed(2)} | **${withEndpoint.toFixed(2)}** | ${ratio(withEndpoint, without)} | ${ratio(hookProduct.p99, hookFloor.p99)} | ${bad} |`,
      );
    });
  }
  return lines.join("\n");
}

/** The middle of `values` (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of each round's ratio of `side` to the floor: what the product's 0.6 is read against, not one round. */
function medianRatio(r: EngineResult, side: "product" | "before"): string {
  const ratios = r.runs.floor.flatMap((floor, i) => {
    const run = r.runs[side][i];
    return run && floor.rps > 0 ? [run.rps / floor.rps] : [];
  });
  return ratios.length ? median(ratios).toFixed(2) : "–";
}

function table(results: EngineResult[]): string {
  if (PAIR) return pairTable(results);
  const withBefore = Boolean(BEFORE);
  const head = withBefore
    ? "| engine | round | floor req/s (p50 / p99) | before req/s (p50 / p99) | after req/s (p50 / p99) | before ratio | after ratio | after p99 / floor p99 | non-2xx + errors |"
    : "| engine | round | floor req/s (p50 / p99) | product req/s (p50 / p99) | ratio | product p99 / floor p99 | non-2xx + errors |";
  const lines = [head, `|---|---:|---:|${withBefore ? "---:|" : ""}---:|---:|${withBefore ? "---:|" : ""}---:|---:|`];
  for (const r of results) {
    r.runs.floor.forEach((floor, i) => {
      const product = r.runs.product[i] as Run;
      const before = r.runs.before[i];
      const bad = product.non2xx + product.errors + (before ? before.non2xx + before.errors : 0);
      lines.push(
        withBefore && before
          ? `| ${r.engine} | ${i + 1} | ${cell(floor)} | ${cell(before)} | ${cell(product)} | ${ratio(before.rps, floor.rps)} | **${ratio(product.rps, floor.rps)}** | ${ratio(product.p99, floor.p99)} | ${bad} |`
          : `| ${r.engine} | ${i + 1} | ${cell(floor)} | ${cell(product)} | **${ratio(product.rps, floor.rps)}** | ${ratio(product.p99, floor.p99)} | ${bad} |`,
      );
    });
    if (r.runs.floor.length > 1) {
      lines.push(
        withBefore
          ? `| ${r.engine} | median of the rounds | | | | ${medianRatio(r, "before")} | **${medianRatio(r, "product")}** | | |`
          : `| ${r.engine} | median of the rounds | | | **${medianRatio(r, "product")}** | | |`,
      );
    }
  }
  return lines.join("\n");
}

const results: EngineResult[] = [];
if (ENGINES.includes("postgres")) {
  if (await postgresAvailable()) results.push(await benchEngine("postgres", 0));
  else console.log(`PostgreSQL not reachable at ${SERVER_URL}: PGlite only`);
}
if (ENGINES.includes("pglite")) results.push(await benchEngine("pglite", 3));

const RUN = PAIR ? "api-webhook-pair" : WEBHOOK ? "api-webhook" : "api";
const section = [
  `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ` +
    `Node ${process.version}; autocannon -c ${CONNECTIONS} -d ${DURATION}, ${ROUNDS} alternating rounds per engine, same body. ` +
    "Each cell: req/s (p50 / p99 latency; CPU time of the server's process per request, user + system; the machine's " +
    "1-minute load average before→after that run). " +
    "Absolute numbers vary with the machine's load; the ratios (measured in the same run, minutes apart) are what counts." +
    (NODE_FLAGS.length ? ` This build's server ran as \`node ${NODE_FLAGS.join(" ")} build/main.js\`.` : ""),
  "",
  "Floor: `scripts/bench/floor.mjs`, node:http + the driver running the product's submission statement: one " +
    "statement (one round trip) that inserts the application row, its idempotency key and its two `email_outbox` rows, " +
    "named and parsed once per connection or session as the product runs it (on PGlite since ADR 0077)" +
    (process.env.FLOOR_PREPARED === "0" ? " (this run: `FLOOR_PREPARED=0`, PGlite's own query, parsed on every call)" : "") +
    "; on PGlite each commit synced to disk as the product syncs it (ADR 0035), as PostgreSQL does for both sides. " +
    "Product: the built server (`build/main.js`), `POST /api/applications`, rate limiting, validation, logging, " +
    "security headers and the outbox sender on, `STAFF_NOTIFY_TO` set (two emails per submission, as the floor). " +
    "Both get a fresh `Idempotency-Key` per request (as the forms send). While one server is measured the others are " +
    "paused (SIGSTOP), so none of their background work (an outbox sender's backlog) runs in its time." +
    (BEFORE ? " `before`: the build of another checkout (`--before`), alternated with the floor and this build in every round." : "") +
    (PAIR
      ? ` Four servers alternate in every round: the floor and this build as above, and the floor and this build with one enabled webhook endpoint (\`application.created\`, a receiver on 127.0.0.1 answering 204: the build queued each delivery in the submission's statement and its worker sent it, ${receivedDeliveries} deliveries received over the whole run; that floor's statement queued the same delivery row and sends nothing). "ratio without" and "ratio with" divide each build by its own floor; "with ÷ without" is what the endpoint costs the submission path against the floor.`
      : "") +
    (WEBHOOK
      ? ` Every build ran with one enabled webhook endpoint (\`application.created\`, a receiver on 127.0.0.1 answering 204), so each submission also queued its delivery and the worker sent it: ${receivedDeliveries} deliveries received over the whole run. The floor's statement queued the same delivery row (the same database work; it sends nothing).`
      : ""),
  "",
  table(results),
  "",
  "Warm-up: " + WARMUP + " s of load on each server before the rounds. Emails queued by the product's rounds and still waiting when they ended " +
    "(they go out afterwards at `MAIL_RATE_PER_SECOND`, 10 a second by default): " +
    results.map((r) => `${r.engine} ${r.backlog ?? "not read"}`).join(", ") +
    ".",
].join("\n");

const runTitle = `${
  PAIR
    ? "The submission path with and without one enabled webhook endpoint, in one run (`npm run bench:api -- --webhook-pair`)"
    : WEBHOOK
      ? "The submission path with one enabled webhook endpoint (`npm run bench:api -- --webhook`)"
      : "Public submission hot path (`npm run bench:api`)"
}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
const written = writeRun(RUN, runTitle, `${runHeader(runTitle)}\n${section}\n`, { root: ROOT });
console.log(`\n${table(results)}\n\nwritten to ${written} (add the reading, and the current figures to docs/benchmarks.md)`);
