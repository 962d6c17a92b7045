/**
 * `npm run bench:api`: POST /api/applications on the built product against a bare floor server
 * (scripts/bench/floor.mjs) on each engine, alternated under autocannon (-c 50 -d 10, same body),
 * and writes req/s, p50, p99 and the ratio into docs/benchmarks.md. Numbers are reported, never asserted.
 * Env: BENCH_DATABASE_URL (a PostgreSQL server where throwaway databases may be created; default
 * TEST_DATABASE_URL, then postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS (2), BENCH_PORT (3810),
 * BENCH_START_TIMEOUT_MS (180000: how long a server may take to start), BENCH_BEFORE_ROOT (a second checkout with its
 * own `npm run build`, for example the main branch in a `git worktree`: its server is measured in the same rounds on
 * PGlite, and the table gains "before" columns with the ratio after / before).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Client } from "pg";
import { validApplication } from "../../tests/support/payloads";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3810);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : undefined;
const CONNECTIONS = 50;
const DURATION = 10;

const BODY = JSON.stringify(validApplication());

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function startProcess(args: string[], env: Record<string, string>, readyUrl?: string, cwd = ROOT): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout?.resume();
  return new Promise((resolve, reject) => {
    // A first start creates the database (PGlite's initdb), slow on a busy machine.
    const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000);
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${args.join(" ")} exited with ${child.exitCode}`));
      try {
        const res = await fetch(readyUrl ?? "");
        await res.arrayBuffer();
        return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${args.join(" ")} did not start`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Each request carries a fresh Idempotency-Key, as the forms send (floor and product store it alike). */
async function load(url: string, duration: number, withKey: boolean): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    requests: withKey
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "idempotency-key": randomBytes(16).toString("hex") },
            }),
          },
        ]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
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
  floor: Run[];
  product: Run[];
  /** The same product built from BENCH_BEFORE_ROOT (PGlite only). */
  before: Run[];
}

async function benchEngine(engine: "postgres" | "pglite", portOffset: number): Promise<EngineResult> {
  const suffix = randomBytes(4).toString("hex");
  const floorPort = BASE_PORT + portOffset;
  const productPort = BASE_PORT + portOffset + 1;
  const dirs: string[] = [];
  const databases: string[] = [];
  let floorTarget: string;
  const productEnv: Record<string, string> = {
    PORT: String(productPort),
    HOST: "127.0.0.1",
    PUBLIC_POST_LIMIT: "1000000000",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "Bench-Password-123456",
    LOG_LEVEL: "info",
    // Both emails queued, as the floor does (confirmation and staff alert).
    STAFF_NOTIFY_TO: "staff@example.com",
  };
  if (engine === "postgres") {
    databases.push(`ovella_bench_floor_${suffix}`, `ovella_bench_product_${suffix}`);
    floorTarget = await createDatabase(databases[0] as string);
    productEnv.DATABASE_URL = await createDatabase(databases[1] as string);
  } else {
    const floorDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-floor-"));
    const productDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-product-"));
    dirs.push(floorDir, productDir);
    floorTarget = `pglite:${floorDir}`;
    productEnv.DATA_DIR = productDir;
  }
  let floor: ChildProcess | undefined;
  let product: ChildProcess | undefined;
  const floorUrl = `http://127.0.0.1:${floorPort}/api/applications`;
  const productUrl = `http://127.0.0.1:${productPort}/api/applications`;
  const result: EngineResult = { engine, floor: [], product: [], before: [] };
  let before: ChildProcess | undefined;
  const beforePort = BASE_PORT + 9;
  const beforeUrl = `http://127.0.0.1:${beforePort}/api/applications`;
  try {
    floor = await startProcess(["scripts/bench/floor.mjs", String(floorPort), floorTarget], {}, `http://127.0.0.1:${floorPort}/`);
    product = await startProcess(["build/main.js"], productEnv, `http://127.0.0.1:${productPort}/healthz`);
    if (BEFORE_ROOT && engine === "pglite") {
      const beforeDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-before-"));
      dirs.push(beforeDir);
      const beforeEnv = { ...productEnv, PORT: String(beforePort), DATA_DIR: beforeDir };
      before = await startProcess(["build/main.js"], beforeEnv, `http://127.0.0.1:${beforePort}/healthz`, BEFORE_ROOT);
      await load(beforeUrl, 2, true);
    }
    // Warm both (JIT, prepared statements, caches) before measuring.
    await load(floorUrl, 2, true);
    await load(productUrl, 2, true);
    for (let round = 0; round < ROUNDS; round++) {
      result.floor.push(await load(floorUrl, DURATION, true));
      if (before) result.before.push(await load(beforeUrl, DURATION, true));
      result.product.push(await load(productUrl, DURATION, true));
      const beforeText = before ? ` | before ${fmt(result.before.at(-1))}` : "";
      console.log(`${engine} round ${round + 1}: floor ${fmt(result.floor.at(-1))}${beforeText} | product ${fmt(result.product.at(-1))}`);
    }
  } finally {
    if (before) await stopProcess(before);
    if (product) await stopProcess(product);
    if (floor) await stopProcess(floor);
    for (const name of databases) await dropDatabase(name).catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

function fmt(run: Run | undefined): string {
  return run ? `${Math.round(run.rps)} req/s p50 ${run.p50} ms p99 ${run.p99} ms (non-2xx ${run.non2xx}, errors ${run.errors})` : "";
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

function table(results: EngineResult[]): string {
  const lines = [
    "| engine | floor req/s | product req/s | ratio | floor p50 / p99 ms | product p50 / p99 ms | product non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    const floorRps = mean(r.floor.map((x) => x.rps));
    const productRps = mean(r.product.map((x) => x.rps));
    lines.push(
      `| ${r.engine} | ${Math.round(floorRps)} | ${Math.round(productRps)} | **${(productRps / floorRps).toFixed(2)}** | ` +
        `${mean(r.floor.map((x) => x.p50)).toFixed(0)} / ${mean(r.floor.map((x) => x.p99)).toFixed(0)} | ` +
        `${mean(r.product.map((x) => x.p50)).toFixed(0)} / ${mean(r.product.map((x) => x.p99)).toFixed(0)} | ` +
        `${r.product.reduce((a, x) => a + x.non2xx + x.errors, 0)} |`,
    );
  }
  const compared = results.filter((r) => r.before.length > 0);
  if (compared.length > 0) {
    lines.push(
      "",
      "| engine | before req/s | after req/s | after / before | before p50 / p99 ms | after p50 / p99 ms |",
      "|---|---:|---:|---:|---:|---:|",
    );
    for (const r of compared) {
      const beforeRps = mean(r.before.map((x) => x.rps));
      const afterRps = mean(r.product.map((x) => x.rps));
      lines.push(
        `| ${r.engine} | ${Math.round(beforeRps)} | ${Math.round(afterRps)} | **${(afterRps / beforeRps).toFixed(2)}** | ` +
          `${mean(r.before.map((x) => x.p50)).toFixed(0)} / ${mean(r.before.map((x) => x.p99)).toFixed(0)} | ` +
          `${mean(r.product.map((x) => x.p50)).toFixed(0)} / ${mean(r.product.map((x) => x.p99)).toFixed(0)} |`,
      );
    }
  }
  return lines.join("\n");
}

const results: EngineResult[] = [];
const loadBefore = loadavg().map((x) => x.toFixed(2)).join(", ");
if (await postgresAvailable()) results.push(await benchEngine("postgres", 0));
else console.log(`PostgreSQL not reachable at ${SERVER_URL}: PGlite only`);
results.push(await benchEngine("pglite", 2));

const section = [
  "<!-- bench:api:start -->",
  "## Public submission hot path (`npm run bench:api`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ` +
    `Node ${process.version}, load average ${loadBefore} before the run (1, 5, 15 min); autocannon -c ${CONNECTIONS} -d ${DURATION}, ${ROUNDS} alternating rounds per engine, same body. ` +
    "Absolute numbers vary with the machine's load; the ratio (both measured in the same run) is what counts.",
  "",
  "Floor: `scripts/bench/floor.mjs`, node:http + the driver running the product's submission statement: one " +
    "statement (one round trip) that inserts the application row, its idempotency key and its two `email_outbox` rows. " +
    "Product: the built server (`build/main.js`), `POST /api/applications`, rate limiting, validation, logging, " +
    "security headers and the outbox sender on, `STAFF_NOTIFY_TO` set (two emails per submission, as the floor). " +
    "Both get a fresh `Idempotency-Key` per request (as the forms send).",
  "",
  table(results),
  "<!-- bench:api:end -->",
].join("\n");

const file = path.join(ROOT, "docs", "benchmarks.md");
const current = readFileSync(file, "utf8");
const pattern = /<!-- bench:api:start -->[\s\S]*<!-- bench:api:end -->/;
writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
console.log(`\n${table(results)}\n\nwritten to docs/benchmarks.md`);
