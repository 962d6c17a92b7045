/**
 * `npm run bench:memory`: the built server's memory on each engine, idle and at the peak of each load a small
 * clinic meets (issue 40):
 *   - idle: 5 s after it answers /readyz on an empty database (and the peak of the start), and again 30 s after,
 *     settled: V8's memory reducer gives back the heap that the start grew about 10 s after the server goes quiet;
 *   - submissions: 10,000 `POST /api/applications` (-c 50, a fresh Idempotency-Key each), the confirmation emails
 *     sent meanwhile by the courier process to an SMTP sink in a process of its own;
 *   - spike: page views of six public pages (-c 200, `Accept-Encoding: br`) for 15 s;
 *   - idle after the load: the same process 75 s after the spike, the emails' burst over;
 *   - the server is stopped, the database filled up to 200,000 applications (scripts/demo/seed-demo.ts), started
 *     again: idle with 200,000 rows, then a CSV export of every row (streamed to nothing, rows counted), then
 *     "Back up now" (embedded engine only: PostgreSQL's backups are its own).
 * Memory is sampled every 100 ms from /proc: VmRSS of the server and every process under it (the courier), the
 * peak of each phase (with VmHWM, reset per phase through /proc/<pid>/clear_refs, as a check on peaks between
 * samples); the JS heap and the WebAssembly memory (the embedded database's share) through
 * ./memory-probe.mjs, loaded into the measured server only (`node --import`); on PostgreSQL, the database's
 * share is the private memory (RssAnon) of the backends serving the server's database. The floor: a bare PGlite
 * (./bare-pglite.mjs) on a copy of the 200,000-row database, with PGlite's defaults, with the product's settings, and with those and the server process's Node flags and environment.
 * Options: `--before DIR` measures a second checkout's build (DIR/build/main.js) in the same run, right after
 * this build on each engine; `--engines pglite,postgres`; `--applications N` (10000); `--rows N` (200000);
 * `--node-flags=...`: Node flags for this build's server only (a start option measured before it is adopted).
 * Env: BENCH_PORT (3710), BENCH_DATABASE_URL (a PostgreSQL server where throwaway databases may be created;
 * default postgres://postgres@127.0.0.1:5432/postgres). Bounded: each load has its count or its time, and the
 * whole run gives up after 40 minutes. 127.0.0.1 only. Writes a dated run file, docs/benchmarks/runs/<date>-memory.md
 * (listed on docs/benchmarks.md). Numbers are reported, never asserted.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { Client } from "pg";
import { validApplication } from "../../testing/payloads";
import { PGLITE_START_PARAMS } from "../../server/db/pglite-settings";
import { seedDemo } from "../demo/seed-demo";
import { runHeader, writeRun } from "../lib/bench-runs";
import { assertPortFree, processTreeOf, serverProcessOf, stopChild, waitFor } from "../lib/processes";
import { staffBearerSession } from "../lib/staff-session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PORT = Number(process.env.BENCH_PORT ?? 3710);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PROBE = path.join(ROOT, "scripts", "bench", "memory-probe.mjs");
const BARE = path.join(ROOT, "scripts", "bench", "bare-pglite.mjs");
const ADMIN = { username: "bench_memory", password: "Bench-Memory-123456", totpSecret: "" };
const MB = 1024 * 1024;

const { values: options } = parseArgs({
  options: {
    before: { type: "string" },
    engines: { type: "string", default: "pglite,postgres" },
    applications: { type: "string", default: "10000" },
    rows: { type: "string", default: "200000" },
    "node-flags": { type: "string", default: "" },
  },
});
const BEFORE = options.before ? path.resolve(options.before) : undefined;
if (BEFORE && !existsSync(path.join(BEFORE, "build", "main.js"))) throw new Error(`--before ${BEFORE}: no build/main.js there (run npm run build in it first)`);
const ENGINES = (options.engines ?? "").split(",").filter(Boolean) as Engine[];
const APPLICATIONS = Number(options.applications);
const ROWS = Number(options.rows);
/** Node flags for this build's server (`--node-flags=--liftoff-only`): a start option measured before it is adopted. */
const NODE_FLAGS = (options["node-flags"] ?? "").split(" ").filter(Boolean);
const GIVE_UP = setTimeout(() => {
  process.stderr.write("bench:memory: still running after 40 minutes, giving up\n");
  process.exit(1);
}, 40 * 60_000);
GIVE_UP.unref();

type Engine = "pglite" | "postgres";

/** `VmRSS`, `VmHWM` and `RssAnon` of a process in MB (0 once it has gone). */
function statusOf(pid: number): { rss: number; hwm: number; anon: number } {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM"), anon: field("RssAnon") };
  } catch {
    return { rss: 0, hwm: 0, anon: 0 };
  }
}

/** Resets the peak (VmHWM) of the tree's processes, so the next reading is this phase's. */
function resetPeaks(pid: number): void {
  for (const each of processTreeOf(pid)) {
    try {
      writeFileSync(`/proc/${each}/clear_refs`, "5");
    } catch {
      // not ours or gone
    }
  }
}

interface ProbeReport {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasmBytes: number;
}

interface Phase {
  name: string;
  /** What ran meanwhile, in words. */
  load: string;
  /** For idle phases the last sample, for the others the peak, in MB. */
  rss: number;
  serverRss: number;
  /** The server's VmHWM over the phase (a peak between samples shows here). */
  serverHwm: number;
  courierRss: number;
  heapUsed: number;
  heapTotal: number;
  /** PGlite's WebAssembly memory (its size) or PostgreSQL's backends' private memory, MB. */
  database: number;
  load1: number;
  seconds: number;
  note: string;
}

interface Figures {
  rss: number;
  serverRss: number;
  courierRss: number;
  heapUsed: number;
  heapTotal: number;
  database: number;
}

/** Samples the server's tree every 100 ms and keeps the peaks (or the last sample for an idle phase). */
class Sampler {
  private timer: NodeJS.Timeout | undefined;
  private probe: ProbeReport | undefined;
  private backendPids: number[] = [];
  private backendTimer: NodeJS.Timeout | undefined;
  peak: Figures = { rss: 0, serverRss: 0, courierRss: 0, heapUsed: 0, heapTotal: 0, database: 0 };
  last: Figures = { ...this.peak };

  constructor(
    private readonly server: ChildProcess,
    private readonly engine: Engine,
    private readonly pg: Client | undefined,
    private readonly databaseName: string | undefined,
  ) {
    server.on("message", (message: { type?: string } & ProbeReport) => {
      if (message.type === "memory") this.probe = message;
    });
  }

  start(): void {
    const pid = this.server.pid as number;
    resetPeaks(pid);
    this.peak = { rss: 0, serverRss: 0, courierRss: 0, heapUsed: 0, heapTotal: 0, database: 0 };
    this.timer = setInterval(() => this.sample(pid), 100);
    if (this.pg && this.databaseName) {
      const refresh = async () => {
        const found = await this.pg?.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [this.databaseName]);
        this.backendPids = found?.rows.map((row) => row.pid) ?? [];
      };
      void refresh();
      this.backendTimer = setInterval(() => void refresh().catch(() => undefined), 1000);
    }
  }

  private sample(pid: number): void {
    const tree = processTreeOf(pid);
    const server = statusOf(pid);
    const others = tree.slice(1).reduce((sum, each) => sum + statusOf(each).rss, 0);
    const database =
      this.engine === "pglite" ? (this.probe?.wasmBytes ?? 0) / MB : this.backendPids.reduce((sum, each) => sum + statusOf(each).anon, 0);
    this.last = {
      rss: server.rss + others,
      serverRss: server.rss,
      courierRss: others,
      heapUsed: (this.probe?.heapUsed ?? 0) / MB,
      heapTotal: (this.probe?.heapTotal ?? 0) / MB,
      database,
    };
    for (const key of Object.keys(this.peak) as (keyof Figures)[]) this.peak[key] = Math.max(this.peak[key], this.last[key]);
  }

  stop(): { peak: Figures; last: Figures; serverHwm: number } {
    clearInterval(this.timer);
    clearInterval(this.backendTimer);
    this.sample(this.server.pid as number);
    return { peak: { ...this.peak }, last: { ...this.last }, serverHwm: statusOf(this.server.pid as number).hwm };
  }
}

const load1 = () => loadavg()[0] ?? 0;

async function measure(sampler: Sampler, name: string, load: string, kind: "idle" | "peak", work: () => Promise<string>): Promise<Phase> {
  const started = performance.now();
  sampler.start();
  const note = await work();
  const { peak, last, serverHwm } = sampler.stop();
  const figures = kind === "idle" ? last : peak;
  return { name, load, ...figures, serverHwm, load1: load1(), seconds: (performance.now() - started) / 1000, note };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After the submissions and the spike: longer than an idle courier is kept (60 s, ADR 0117) and V8's memory reducer's wait. */
const AFTER_LOAD_MS = 75_000;

/** From 5 s after ready to 30 s: an idle process settled (V8's memory reducer runs about 10 s into the quiet). */
const SETTLED_AFTER_MS = 25_000;
async function settle(): Promise<string> {
  await sleep(SETTLED_AFTER_MS);
  return "the same process, 25 s later";
}

interface Build {
  label: string;
  dir: string;
}

interface Database {
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dataDir: string;
  name?: string;
  drop(): Promise<void>;
}

async function throwaway(engine: Engine, tag: string): Promise<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ovella-bench-memory-${engine}-`));
  if (engine === "pglite") return { env: { DATA_DIR: dataDir }, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `ovella_memory_${tag}_${process.pid}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    name,
    drop: async () => {
      const dropper = new Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServer(build: Build, database: Database, smtpUrl: string, backupDir: string): Promise<ChildProcess> {
  await assertPortFree(PORT);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const flags = build.label === "this build" ? NODE_FLAGS : [];
  // As the build's own `npm start` runs it: its Node flags and environment (ADR 0115).
  const launch = (await serverProcessOf(build.dir))({
    ...inherited,
    ...database.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_POST_LIMIT: "1000000",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MFA_REQUIRED: "0",
    SMTP_URL: smtpUrl,
    BACKUP_DIR: backupDir,
    BACKUP_KEY: randomBytes(32).toString("hex"),
    BACKUP_EVERY_HOURS: "0",
  });
  const server = spawn(process.execPath, [...launch.nodeFlags, ...flags, "--import", PROBE, "build/main.js"], {
    cwd: build.dir,
    env: launch.env,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await waitFor(`http://127.0.0.1:${PORT}/readyz`, 180_000, undefined, server);
  return server;
}

async function submissions(base: string): Promise<string> {
  const body = JSON.stringify(validApplication());
  const result = await autocannon({
    url: `${base}/api/applications`,
    connections: 50,
    amount: APPLICATIONS,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": randomBytes(16).toString("hex") } }),
      },
    ],
  });
  return `${result["2xx"]} × 2xx, ${result.requests.total - result["2xx"]} other, ${Math.round(result.requests.average)} req/s`;
}

async function spike(base: string): Promise<string> {
  const pages = ["/", "/apply", "/tiktok", "/contact", "/about", "/thank-you"];
  const result = await autocannon({
    url: base,
    connections: 200,
    duration: 15,
    requests: pages.map((page) => ({ method: "GET", path: page, headers: { "accept-encoding": "br" } })),
  });
  return `${result.requests.total} answers, ${result["2xx"]} × 2xx, ${Math.round(result.requests.average)} req/s`;
}

async function exportCsv(base: string, token: string): Promise<string> {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/applications/export`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return `${(lines - 1).toLocaleString("en-US")} rows, ${(bytes / MB).toFixed(0)} MB, ${Math.round((lines - 1) / seconds).toLocaleString("en-US")} rows/s`;
}

async function backup(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/system/backups`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 201) throw new Error(`backup answered ${res.status}: ${await res.text()}`);
  const { bytes } = (await res.json()) as { bytes: number };
  return `${(bytes / MB).toFixed(1)} MB sealed`;
}

async function stop(server: ChildProcess): Promise<void> {
  server.disconnect?.();
  await stopChild(server);
}

/** Every phase of one build on one engine, on a database of its own. */
async function run(build: Build, engine: Engine, smtpUrl: string): Promise<{ phases: Phase[]; bare: Phase[] }> {
  const database = await throwaway(engine, build.label.replace(/\W/g, ""));
  const backupDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-memory-backups-"));
  const pg = engine === "postgres" ? new Client({ connectionString: SERVER_URL }) : undefined;
  await pg?.connect();
  const base = `http://127.0.0.1:${PORT}`;
  const phases: Phase[] = [];
  const bare: Phase[] = [];
  let server: ChildProcess | undefined;
  try {
    server = await startServer(build, database, smtpUrl, backupDir);
    let sampler = new Sampler(server, engine, pg, database.name);
    const startPeak = statusOf(server.pid as number).hwm;
    phases.push(
      await measure(sampler, "idle after start", "empty database, 5 s after ready", "idle", async () => {
        await sleep(5000);
        return `peak of the start (VmHWM): ${startPeak.toFixed(0)} MB`;
      }),
    );
    phases.push(await measure(sampler, "idle after start, settled", "empty database, 30 s after ready", "idle", () => settle()));
    phases.push(await measure(sampler, `${APPLICATIONS.toLocaleString("en-US")} applications`, "-c 50, emails sent meanwhile", "peak", () => submissions(base)));
    phases.push(await measure(sampler, "spike of page views", "-c 200 for 15 s, six pages, br", "peak", () => spike(base)));
    phases.push(
      await measure(sampler, "idle after the load", `the same process, ${AFTER_LOAD_MS / 1000} s after the spike`, "idle", async () => {
        await sleep(AFTER_LOAD_MS);
        return "the emails' burst over (an idle courier leaves after 60 s, ADR 0117)";
      }),
    );
    await stop(server);
    server = undefined;
    await seedDemo({ applications: Math.max(0, ROWS - APPLICATIONS), messages: 0, seed: 7, days: 365 }, database.env);
    server = await startServer(build, database, smtpUrl, backupDir);
    sampler = new Sampler(server, engine, pg, database.name);
    const restartPeak = statusOf(server.pid as number).hwm;
    phases.push(
      await measure(sampler, `idle, ${ROWS.toLocaleString("en-US")} rows`, "after a restart, 5 s after ready", "idle", async () => {
        await sleep(5000);
        return `peak of the start (VmHWM): ${restartPeak.toFixed(0)} MB`;
      }),
    );
    phases.push(await measure(sampler, `idle, ${ROWS.toLocaleString("en-US")} rows, settled`, "after a restart, 30 s after ready", "idle", () => settle()));
    const { token } = await staffBearerSession(base, ADMIN);
    phases.push(await measure(sampler, "CSV export", `every row (${ROWS.toLocaleString("en-US")})`, "peak", () => exportCsv(base, token)));
    if (engine === "pglite") phases.push(await measure(sampler, "backup", "Back up now", "peak", () => backup(base, token)));
    await stop(server);
    server = undefined;
    if (engine === "pglite" && build.label === "this build") {
      // The floor with the same settings: PGlite's, then also the server process's Node flags and environment.
      const asServer = (await serverProcessOf(build.dir))({ ...process.env, DATABASE_URL: "" });
      const plain = { nodeFlags: [] as string[], env: process.env };
      for (const [label, params, settings] of [
        ["bare PGlite, its defaults", [], plain],
        ["bare PGlite, the product's settings", PGLITE_START_PARAMS, plain],
        ["bare PGlite, the product's settings and process", PGLITE_START_PARAMS, asServer],
      ] as const) {
        const copy = mkdtempSync(path.join(tmpdir(), "ovella-bench-memory-bare-"));
        cpSync(path.join(database.dataDir, "pglite"), copy, { recursive: true });
        const floor = fork(BARE, [copy, JSON.stringify(params)], { cwd: ROOT, execArgv: settings.nodeFlags, env: settings.env, stdio: ["ignore", "ignore", "inherit", "ipc"] });
        try {
          await new Promise<void>((resolve, reject) => {
            floor.once("message", () => resolve());
            floor.once("exit", (code) => reject(new Error(`bare PGlite exited with ${code}`)));
          });
          await sleep(5000);
          const figures = statusOf(floor.pid as number);
          bare.push({ name: label, load: `${ROWS.toLocaleString("en-US")} rows, 5 s after open`, rss: figures.rss, serverRss: figures.rss, serverHwm: figures.hwm, courierRss: 0, heapUsed: 0, heapTotal: 0, database: 0, load1: load1(), seconds: 5, note: `peak since the open (VmHWM): ${figures.hwm.toFixed(0)} MB` });
          await sleep(SETTLED_AFTER_MS);
          const settled = statusOf(floor.pid as number);
          bare.push({ name: `${label}, settled`, load: `${ROWS.toLocaleString("en-US")} rows, 30 s after open`, rss: settled.rss, serverRss: settled.rss, serverHwm: settled.hwm, courierRss: 0, heapUsed: 0, heapTotal: 0, database: 0, load1: load1(), seconds: 30, note: `peak since the open (VmHWM): ${settled.hwm.toFixed(0)} MB` });
        } finally {
          await stopChild(floor);
          rmSync(copy, { recursive: true, force: true });
        }
      }
    }
    return { phases, bare };
  } finally {
    if (server) await stop(server);
    await pg?.end();
    await database.drop();
    rmSync(backupDir, { recursive: true, force: true });
  }
}

const mb = (value: number) => (value ? `${value.toFixed(0)} MB` : "–");

function table(rows: { build: string; engine: Engine; phase: Phase }[]): string[] {
  return [
    "| build | engine | phase | load | RSS (server + courier) | server | courier | server VmHWM | JS heap used / total | database's share | load avg | what ran |",
    "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      ({ build, engine, phase }) =>
        `| ${build} | ${engine} | ${phase.name} | ${phase.load} | **${mb(phase.rss)}** | ${mb(phase.serverRss)} | ${mb(phase.courierRss)} | ${mb(phase.serverHwm)} | ${phase.heapUsed ? `${phase.heapUsed.toFixed(0)} / ${phase.heapTotal.toFixed(0)} MB` : "–"} | ${mb(phase.database)} | ${phase.load1.toFixed(2)} | ${phase.note} |`,
    ),
  ];
}

async function main(): Promise<void> {
  await assertPortFree(PORT);
  const builds: Build[] = [{ label: "this build", dir: ROOT }, ...(BEFORE ? [{ label: "before", dir: BEFORE }] : [])];
  const sink = fork(path.join(ROOT, "scripts", "bench", "smtp-sink.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const { url: smtpUrl } = await new Promise<{ url: string }>((resolve) => sink.once("message", (message: { url: string }) => resolve(message)));
  const loadBefore = loadavg().map((n) => n.toFixed(2)).join(", ");
  const rows: { build: string; engine: Engine; phase: Phase }[] = [];
  const bareRows: { build: string; engine: Engine; phase: Phase }[] = [];
  try {
    for (const engine of ENGINES) {
      for (const build of builds) {
        console.log(`${build.label}, ${engine}`);
        const { phases, bare } = await run(build, engine, smtpUrl);
        for (const phase of phases) {
          console.log(`  ${phase.name}: ${mb(phase.rss)} (server ${mb(phase.serverRss)}, heap ${phase.heapUsed.toFixed(0)} MB, database ${mb(phase.database)}, load ${phase.load1.toFixed(2)}) ${phase.note}`);
          rows.push({ build: build.label, engine, phase });
        }
        for (const phase of bare) {
          console.log(`  ${phase.name}: ${mb(phase.rss)} ${phase.note}`);
          bareRows.push({ build: build.label, engine, phase });
        }
      }
    }
  } finally {
    sink.send("exit");
    await stopChild(sink);
  }
  const loadAfter = loadavg().map((n) => n.toFixed(2)).join(", ");
  const title = `Memory, idle and at each peak (\`npm run bench:memory\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const markdown = [
    runHeader(title),
    `Machine: ${cpus()[0]?.model ?? "unknown"} × ${cpus().length}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}; load average before ${loadBefore}, after ${loadAfter} (the 1-minute load at the end of each phase is in its row).`,
    `Builds: ${builds.map((build) => `${build.label} (${path.relative(ROOT, build.dir) || "."}${build.label === "this build" && NODE_FLAGS.length ? `, node ${NODE_FLAGS.join(" ")}` : ""})`).join(", ")}, each on a database of its own, one after the other per engine. RSS is VmRSS of the server and every process under it (the courier), sampled every 100 ms: the last sample for an idle phase, the peak for the others; "server VmHWM" is the server process's own peak over the phase (reset at its start), which catches a peak between samples. The JS heap comes from \`process.memoryUsage()\` in the server (a probe loaded with \`node --import\` by the benchmark only); the database's share is PGlite's WebAssembly memory (its size: an upper bound of its resident part) or, on PostgreSQL, the private memory (RssAnon) of the backends serving the server's database (the shared buffers are the PostgreSQL server's, shared by every database on it).`,
    "",
    ...table(rows),
    "",
    "The embedded engine's floor: a bare PGlite (the product's extensions, no server, no courier) on a copy of the same database, 5 s and 30 s after it opened:",
    "",
    ...table(bareRows),
    "",
  ].join("\n");
  console.log(`written to ${writeRun("memory", title, markdown, { root: ROOT })}`);
}

await main();
