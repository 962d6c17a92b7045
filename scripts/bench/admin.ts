/**
 * Measures the staff admin at several data sizes in Chromium, on both engines:
 *
 *   npm run bench:admin -- [--sizes 10000,100000,1000000] [--engines pglite,postgres] [--runs 3] [--port 3590] [--keep]
 *                          [--views lists,pipeline,export]
 *
 * For each engine and size: a throwaway database (a PGlite data directory, or a database created on
 * BENCH_DATABASE_URL's PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres) is
 * filled by scripts/demo/seed-demo.ts (bulk inserts; applications spread over the selection's stages with
 * their history and offers), the built server (build/main.js) is started on it, and
 * with the `lists` view (the applications tab):
 *   - first rows: navigation start → first table row on screen,
 *   - search keystroke: key pressed in the search box → new rows painted (debounce included),
 *   - sort click: click on the Age header → re-ordered rows painted,
 *   - page 1 vs page 1,000: one API page at the start and after walking 999 cursors,
 *   - export: click on Export CSV → file downloaded (rows/s), with the server's RSS growth;
 * with the `pipeline` view (the selection):
 *   - board: navigation start → the place meter and every stage's count painted,
 *   - stage filter: the applications list's Stage filter set to Waitlisted → the filtered rows painted,
 *   - funnel tab: navigation start → the funnel table and the time-in-stage table painted,
 *   - move: click on Move (new → reviewing) on a record page → the timeline shows the move,
 *   - and the API calls behind them, timed from Node;
 * with the `export` view (not run unless asked for): the CSV export of every application over HTTP, read whole by
 * Node (rows/s, bytes, the server's RSS growth), against the database's own `COPY (…) TO STDOUT (FORMAT csv)` over
 * the same rows, columns and order (through psql on PostgreSQL, rounds interleaved with the exports; into PGlite's
 * `/dev/blob` once the server has stopped on the embedded engine), as a ratio of the two speeds;
 * each browser step with the longest main-thread task seen meanwhile (how long the page could not respond).
 * Writes its rows (medians of the runs) into the tables between the bench:admin markers (lists) and the
 * bench:admin pipeline markers (selection, with the machine and the load average at start and end) of
 * the day's run file, docs/benchmarks/runs/<date>-admin.md (listed on docs/benchmarks.md; `--out FILE`
 * writes elsewhere), replacing the rows of the same engine and size measured earlier that day and keeping
 * the others. Numbers are reported, never asserted.
 *
 * With --keep the databases are named by engine and size only, are seeded only when they hold fewer
 * applications than asked for, and are kept afterwards, so repeated runs (before/after a change)
 * measure the same rows without seeding again; the Seed column then reads "kept".
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { Client } from "pg";
import { chromiumLaunchOptions } from "../lib/chromium";
import { sql } from "drizzle-orm";
import { APPLICATIONS_LIST } from "../../core/lists/declarations";
import { databaseOptionsFromEnv, embeddedClientOf, openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/services/lists";
import { seedDemo } from "../demo/seed-demo";
import { listRun, runFile, runHeader } from "../lib/bench-runs";
import { median } from "../lib/median";
import { assertPortFree, serverProcessOf, stopChild, waitFor } from "../lib/processes";
import { handOverStaffSession, staffBearerSession } from "../lib/staff-session";

const ADMIN = { username: "bench_super", password: "BenchSuper123", totpSecret: "KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF" };

interface Sample {
  ms: number;
  longestTaskMs: number;
}

type Engine = "pglite" | "postgres";

interface Result {
  engine: Engine;
  size: number;
  /** null when a kept database was measured without seeding. */
  seedMs: number | null;
  /** First page of GET /api/admin/applications measured from Node (with the filtered count). */
  page1Ms: number;
  /** The 1,000th page (after 999 cursors), or the last page when there are fewer. */
  page1000Ms: number;
  pageReached: number;
  firstRender: Sample;
  filter: Sample;
  sort: Sample;
  exportCsv: Sample;
  exportRowsPerSecond: number;
  exportRssGrowthMb: number;
}


function medianSample(samples: Sample[]): Sample {
  return { ms: median(samples.map((s) => s.ms)), longestTaskMs: median(samples.map((s) => s.longestTaskMs)) };
}


async function startServer(dataDir: string, port: number, databaseUrl?: string): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const inherited = databaseUrl ? { ...rest, DATABASE_URL: databaseUrl } : rest;
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone (say `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // As `npm start` runs it: its Node flags and environment (ADR 0115).
  const launch = (await serverProcessOf(process.cwd()))({
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_SECRET: ADMIN.totpSecret,
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? "warn",
    NODE_ENV: "production",
  });
  const server = spawn(process.execPath, [...launch.nodeFlags, ...nodeArgs, "build/main.js"], {
    env: launch.env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  server.once("exit", (code, signal) => {
    if (!stopping.has(server)) process.stderr.write(`The server exited unexpectedly (code ${code}, signal ${signal})\n`);
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`, 60_000, undefined, server);
  return server;
}

const stopping = new WeakSet<ChildProcess>();

async function stopServer(server: ChildProcess): Promise<void> {
  stopping.add(server);
  await stopChild(server);
}

/**
 * Installs in the page: a long-task recorder, the time of the first table row's frame (measured in the
 * page, so the test driver's own polling is not counted) and helpers to time "input → next paint
 * after a DOM change".
 */
const PAGE_PROBE = () => {
  const state = window as unknown as {
    __longest: number;
    __longTasks: PerformanceObserver;
    __resetLongest: () => void;
    __firstRowAt: number | null;
  };
  state.__firstRowAt = null;
  const firstRow = new MutationObserver(() => {
    if (!document.querySelector('section[aria-label="Applications"] tbody tr[data-row-id]')) return;
    firstRow.disconnect();
    requestAnimationFrame(() => {
      state.__firstRowAt = performance.now();
    });
  });
  firstRow.observe(document, { childList: true, subtree: true });
  // A first view other than the list's (the board, the funnel): the frame after every selector stored in
  // sessionStorage.__benchUntil (JSON) matches an element.
  const until = JSON.parse(sessionStorage.getItem("__benchUntil") ?? "[]") as string[];
  const view = window as unknown as { __untilAt: number | null };
  view.__untilAt = null;
  if (until.length) {
    const shown = new MutationObserver(() => {
      if (!until.every((selector) => document.querySelector(selector))) return;
      shown.disconnect();
      requestAnimationFrame(() => {
        view.__untilAt = performance.now();
      });
    });
    shown.observe(document, { childList: true, subtree: true });
  }
  state.__longest = 0;
  state.__longTasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.__longest = Math.max(state.__longest, entry.duration);
  });
  state.__longTasks.observe({ type: "longtask", buffered: true });
  state.__resetLongest = () => {
    state.__longest = 0;
  };
};

interface Timing {
  start: number | null;
  end: number | null;
}

/** Starts timing at the next event of `startEvent` (capture phase) and stops at the paint after a change of `target`. */
async function armTiming(page: Page, startEvent: "keydown" | "click" | "input" | "change", targetSelector: string, options: MutationObserverInit) {
  await page.evaluate(
    ({ eventName, selector, init }) => {
      const state = window as unknown as { __timing: Timing; __resetLongest: () => void };
      state.__resetLongest();
      state.__timing = { start: null, end: null };
      document.addEventListener(
        eventName,
        () => {
          state.__timing.start = performance.now();
        },
        { capture: true, once: true },
      );
      const target = document.querySelector(selector);
      if (!target) throw new Error(`No element matches ${selector}`);
      const observer = new MutationObserver(() => {
        if (state.__timing.start === null) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          state.__timing.end = performance.now();
        });
      });
      observer.observe(target, init);
    },
    { eventName: startEvent, selector: targetSelector, init: options },
  );
}

async function readTiming(page: Page): Promise<Sample> {
  await page.waitForFunction(() => (window as unknown as { __timing: Timing }).__timing.end !== null, undefined, {
    timeout: 120_000,
  });
  return page.evaluate(() => {
    const state = window as unknown as { __timing: Timing; __longest: number };
    return { ms: (state.__timing.end ?? 0) - (state.__timing.start ?? 0), longestTaskMs: state.__longest };
  });
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Throwaway {
  env: { DATABASE_URL?: string; DATA_DIR: string };
  dataDir: string;
  drop(): Promise<void>;
}

async function throwawayDatabase(engine: Engine, size: number, keep: boolean): Promise<Throwaway> {
  const dataDir = keep ? path.join(tmpdir(), `ovella-bench-${engine}-${size}-kept`) : mkdtempSync(path.join(tmpdir(), `ovella-bench-${engine}-${size}-`));
  if (engine === "pglite") {
    return { env: { DATA_DIR: dataDir }, dataDir, drop: async () => (keep ? undefined : rmSync(dataDir, { recursive: true, force: true })) };
  }
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = keep ? `ovella_adminlists_${size}_kept` : `ovella_adminlists_${size}_${process.pid}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  if (keep) {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } else {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    dataDir,
    drop: async () => {
      if (keep) return;
      const dropper = new Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function timedJson(url: string, token: string): Promise<{ ms: number; body: { nextCursor: string | null } }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { nextCursor: string | null };
  return { ms: performance.now() - started, body };
}

/** Applications already stored in a kept database (0 when it is new or not yet migrated). */
async function storedApplications(env: Throwaway["env"]): Promise<number> {
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  try {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM applications`));
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await handle.close();
  }
}

interface Measured {
  lists?: Result;
  pipeline?: PipelineResult;
  exportVsCopy?: ExportResult;
}

type View = "lists" | "pipeline" | "export";
const VIEWS: readonly View[] = ["lists", "pipeline", "export"];

async function measureSize(engine: Engine, size: number, runs: number, port: number, keep: boolean, views: readonly View[]): Promise<Measured> {
  const database = await throwawayDatabase(engine, size, keep);
  try {
    let seedMs: number | null = null;
    if (!keep || (await storedApplications(database.env)) < size) {
      process.stderr.write(`${engine}: seeding ${size} applications…\n`);
      const seedStarted = performance.now();
      await seedDemo({ applications: size, messages: 0, seed: 7, days: 365 }, database.env);
      seedMs = performance.now() - seedStarted;
    }
    await assertPortFree(port);
    const server = await startServer(database.dataDir, port, database.env.DATABASE_URL);
    const base = `http://127.0.0.1:${port}`;
    const browser = await chromium.launch(chromiumLaunchOptions);
    let measured: Measured | undefined;
    try {
      const session = await staffBearerSession(base, ADMIN);
      measured = {};
      if (views.includes("lists")) measured.lists = await measureLists({ browser, base, token: session.token, server, engine, size, runs, seedMs });
      if (views.includes("pipeline")) measured.pipeline = await measurePipeline({ browser, base, token: session.token, engine, size, runs });
      if (views.includes("export")) measured.exportVsCopy = await measureExport({ base, token: session.token, server, engine, size, runs, env: database.env });
    } finally {
      await browser.close();
      await stopServer(server);
    }
    // PGlite's COPY needs the data directory, which the server holds until it stops.
    if (measured.exportVsCopy && engine === "pglite") {
      const copy = await copyOnPglite(database.env, runs);
      Object.assign(measured.exportVsCopy, { copyMs: copy.ms, copyBytes: copy.bytes });
    }
    return measured;
  } finally {
    await database.drop();
  }
}

interface MeasureInput {
  browser: Browser;
  base: string;
  token: string;
  engine: Engine;
  size: number;
  runs: number;
}

interface ExportResult {
  engine: Engine;
  size: number;
  /** Medians of the runs. */
  exportMs: number;
  exportBytes: number;
  copyMs: number;
  copyBytes: number;
  rssGrowthMb: number;
}

/**
 * The export's rows and columns as the database's own COPY reads them: every column of the CSV (the list's csv
 * declaration, core/lists/declarations.ts), the waitlist position empty as in the export's unranked view, in the
 * export's order (newest first, then id).
 */
function copyQuery(): string {
  const columns = APPLICATIONS_LIST.csv.map((column) =>
    column.field === "waitlistPosition" ? `null::int as "waitlistPosition"` : `a."${column.field}"`,
  );
  return `select ${columns.join(", ")} from "applications" a order by a."submitted_at" desc, a."id" desc`;
}

/** Reads a whole response body, counting its bytes. */
async function drain(body: ReadableStream<Uint8Array> | null): Promise<number> {
  let bytes = 0;
  if (!body) return bytes;
  for await (const chunk of body) bytes += chunk.byteLength;
  return bytes;
}

/** COPY (the export's rows) TO STDOUT CSV through psql, its output read whole by this process. */
async function copyOnPostgres(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const child = spawn("psql", [url, "-X", "-q", "-c", `COPY (${copyQuery()}) TO STDOUT (FORMAT csv, HEADER)`], { stdio: ["ignore", "pipe", "inherit"] });
  let bytes = 0;
  child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`psql COPY ended with ${code}`);
  return { ms: performance.now() - started, bytes };
}

/** COPY (the export's rows) TO PGlite's /dev/blob on the data directory (the server stopped); the median of `runs`. */
async function copyOnPglite(env: Throwaway["env"], runs: number): Promise<{ ms: number; bytes: number }> {
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  try {
    const client = embeddedClientOf(handle.db);
    if (!client) throw new Error("not an embedded database");
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const result = await client.query(`COPY (${copyQuery()}) TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
      if (!result.blob?.size) throw new Error("PGlite's COPY gave no blob");
      times.push(performance.now() - started);
      bytes = result.blob.size;
    }
    return { ms: median(times), bytes };
  } finally {
    await handle.close();
  }
}

/**
 * The CSV export of every application over HTTP, read whole by Node, against COPY over the same rows (ExportResult);
 * on PostgreSQL the rounds alternate, so a change in the machine's load touches both alike.
 */
async function measureExport({ base, token, server, engine, size, runs, env }: Omit<MeasureInput, "browser"> & { server: ChildProcess; env: Throwaway["env"] }): Promise<ExportResult> {
  const exports: number[] = [];
  const copies: number[] = [];
  const rss: number[] = [];
  let exportBytes = 0;
  let copyBytes = 0;
  for (let run = 0; run < runs; run++) {
    process.stderr.write(`  ${engine} ${size}: export and COPY, run ${run + 1}/${runs}\n`);
    const rssBefore = rssMb(server.pid ?? 0);
    let rssPeak = rssBefore;
    const poll = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid ?? 0))), 100);
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/applications/export?sort=submitted_at&dir=desc&tz=America%2FNew_York`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
    exportBytes = await drain(response.body);
    exports.push(performance.now() - started);
    clearInterval(poll);
    rss.push(rssPeak - rssBefore);
    if (env.DATABASE_URL) {
      const copy = await copyOnPostgres(env.DATABASE_URL);
      copies.push(copy.ms);
      copyBytes = copy.bytes;
    }
  }
  return {
    engine,
    size,
    exportMs: median(exports),
    exportBytes,
    copyMs: copies.length ? median(copies) : Number.NaN,
    copyBytes,
    rssGrowthMb: median(rss),
  };
}

/** The applications list: API pages, first rows, search, sort and export (the table between the bench:admin markers). */
async function measureLists({ browser, base, token, server, engine, size, runs, seedMs }: MeasureInput & { server: ChildProcess; seedMs: number | null }): Promise<Result> {
  const session = { token };
  const list = `${base}/api/admin/applications?sort=submitted_at&dir=desc&limit=50`;
  const first = await timedJson(list, session.token);
  let cursor = first.body.nextCursor;
  let last = first;
  let pageReached = 1;
  while (cursor && pageReached < 1000) {
    last = await timedJson(`${list}&cursor=${encodeURIComponent(cursor)}`, session.token);
    cursor = last.body.nextCursor;
    pageReached++;
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(PAGE_PROBE);
  const page = await context.newPage();
  // The admin's session is an HttpOnly cookie (ADR 0054): handed to the browser as the server hands it over.
  await handOverStaffSession(page, base, session.token);
  const firstRender: Sample[] = [];
  const filter: Sample[] = [];
  const sort: Sample[] = [];
  const exportCsv: Sample[] = [];
  const rss: number[] = [];
  const region = page.getByRole("region", { name: "Applications", exact: true });
  const tbody = 'section[aria-label="Applications"] tbody';
  const settled = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 120_000 });

  for (let run = 0; run < runs; run++) {
    process.stderr.write(`  ${engine} ${size}: run ${run + 1}/${runs}\n`);
    await page.goto(`${base}/admin`);
    await page.waitForFunction(() => (window as unknown as { __firstRowAt: number | null }).__firstRowAt !== null, undefined, {
      timeout: 120_000,
    });
    firstRender.push(
      await page.evaluate(() => {
        const state = window as unknown as { __firstRowAt: number; __longest: number };
        const navigation = performance.getEntriesByType("navigation")[0];
        return { ms: state.__firstRowAt - (navigation?.startTime ?? 0), longestTaskMs: state.__longest };
      }),
    );
    await settled();

    // Find one applicant by email: the address entered into the search box → the matching rows painted.
    const email = (await region.locator("tbody tr[data-row-id]").nth(7).locator('td[data-column-id="email"]').innerText()).trim();
    const search = page.getByLabel("Search");
    await armTiming(page, "input", tbody, { childList: true, subtree: true, characterData: true });
    await search.fill(email);
    filter.push(await readTiming(page));
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await settled();

    const ageButton = region.getByRole("columnheader", { name: "Age" }).getByRole("button");
    await armTiming(page, "click", tbody, { childList: true, subtree: true, characterData: true });
    await ageButton.click();
    sort.push(await readTiming(page));
    await settled();

    await page.evaluate(() => (window as unknown as { __resetLongest: () => void }).__resetLongest());
    const rssBefore = rssMb(server.pid ?? 0);
    let rssPeak = rssBefore;
    const poll = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(server.pid ?? 0));
    }, 100);
    const started = Date.now();
    const download = page.waitForEvent("download", { timeout: 1_800_000 });
    await page.getByRole("button", { name: "Export CSV" }).click();
    await (await download).path();
    clearInterval(poll);
    exportCsv.push({
      ms: Date.now() - started,
      longestTaskMs: await page.evaluate(() => (window as unknown as { __longest: number }).__longest),
    });
    rss.push(rssPeak - rssBefore);
  }
  await context.close();
  const exportSample = medianSample(exportCsv);
  return {
    engine,
    size,
    seedMs,
    page1Ms: first.ms,
    page1000Ms: last.ms,
    pageReached,
    firstRender: medianSample(firstRender),
    filter: medianSample(filter),
    sort: medianSample(sort),
    exportCsv: exportSample,
    exportRowsPerSecond: size / (exportSample.ms / 1000),
    exportRssGrowthMb: median(rss),
  };
}

/** The selection's views at this size (the table between the bench:admin pipeline markers). */
interface PipelineResult {
  engine: Engine;
  size: number;
  /** 1-minute load average when the pipeline measurements started and ended. */
  loadBefore: number;
  loadAfter: number;
  board: Sample;
  stageFilter: Sample;
  funnel: Sample;
  /** The Funnel tab's first view right after the server started (its warm-up count may still run; ADR 0075). */
  funnelAfterStart: Sample;
  move: Sample;
  api: { summary: number; stageList: number; funnel: number; stuck: number; move: number; funnelFresh: number; stuckFresh: number };
}

/** The stage the list is filtered by (a large one: about a tenth of the applications). */
const FILTER_STAGE = "waitlisted";

async function timedRequest(url: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body: unknown = await response.json();
  return { ms: performance.now() - started, status: response.status, body };
}

/** Ids of applications still in `new` (the moves' subjects: each run moves a different one to reviewing). */
async function newApplicationIds(base: string, token: string, count: number): Promise<string[]> {
  const { status, body } = await timedRequest(`${base}/api/admin/applications?stage=new&sort=submitted_at&dir=desc&limit=50`, token);
  const ids = ((body as { rows?: { id: string }[] }).rows ?? []).map((row) => row.id).slice(0, count);
  if (ids.length < count) throw new Error(`only ${ids.length} applications in "new" to move (${status}: ${JSON.stringify(body).slice(0, 300)})`);
  return ids;
}

/**
 * The board's first view (navigation → the place meter and every column's count painted), the
 * applications list filtered by a stage (the Stage filter changed → the rows painted), the Funnel
 * tab's first view (navigation → the funnel table and the time-in-stage table painted) and a stage move
 * on the record page (click on Move → the timeline shows the move), each with the API calls behind it
 * timed from Node. Every first view is a fresh page load (a cold React Query cache, as after a sign-in).
 */
async function measurePipeline({ browser, base, token, engine, size, runs }: MeasureInput): Promise<PipelineResult> {
  const loadBefore = loadavg()[0] ?? 0;
  const ids = await newApplicationIds(base, token, runs * 2);
  const api = {
    summary: [] as number[],
    stageList: [] as number[],
    funnel: [] as number[],
    stuck: [] as number[],
    move: [] as number[],
    funnelFresh: [] as number[],
    stuckFresh: [] as number[],
  };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PAGE_PROBE);
  const page = await context.newPage();
  await handOverStaffSession(page, base, token);
  const board: Sample[] = [];
  const stageFilter: Sample[] = [];
  const funnel: Sample[] = [];
  const move: Sample[] = [];
  const settled = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 120_000 });
  /** Navigation start → the frame after every selector matches. */
  const firstView = async (address: string, selectors: string[]): Promise<Sample> => {
    await page.evaluate((until) => sessionStorage.setItem("__benchUntil", JSON.stringify(until)), selectors);
    await page.goto(`${base}${address}`);
    await page.waitForFunction(() => (window as unknown as { __untilAt: number | null }).__untilAt !== null, undefined, { timeout: 120_000 });
    const sample = await page.evaluate(() => {
      const state = window as unknown as { __untilAt: number; __longest: number };
      const navigation = performance.getEntriesByType("navigation")[0];
      return { ms: state.__untilAt - (navigation?.startTime ?? 0), longestTaskMs: state.__longest };
    });
    await page.evaluate(() => sessionStorage.removeItem("__benchUntil"));
    return sample;
  };

  // The first Funnel view after the start, before anything else asked for it: served by the count the
  // server started at its start (joined if it still runs).
  const funnelAfterStart = await firstView("/admin?tab=funnel", ['[data-testid="funnel-table"]', '[data-testid="stage-times"]']);

  for (let run = 0; run < runs; run++) {
    process.stderr.write(`  ${engine} ${size} selection: run ${run + 1}/${runs}\n`);
    api.summary.push((await timedRequest(`${base}/api/admin/pipeline`, token)).ms);
    api.stageList.push((await timedRequest(`${base}/api/admin/applications?stage=${FILTER_STAGE}&sort=submitted_at&dir=desc&limit=50`, token)).ms);
    api.funnel.push((await timedRequest(`${base}/api/admin/pipeline/funnel?by=source`, token)).ms);
    api.stuck.push((await timedRequest(`${base}/api/admin/pipeline/stuck`, token)).ms);
    // The tab's Recount: counted now, bypassing the cache.
    api.funnelFresh.push((await timedRequest(`${base}/api/admin/pipeline/funnel?by=source&fresh=1`, token)).ms);
    api.stuckFresh.push((await timedRequest(`${base}/api/admin/pipeline/stuck?fresh=1`, token)).ms);
    const moved = await timedRequest(`${base}/api/admin/applications/${ids[runs + run]}/stage`, token, { method: "POST", body: { to: "reviewing" } });
    if (moved.status !== 200) throw new Error(`the API move answered ${moved.status}`);
    api.move.push(moved.ms);

    // The board: the place meter and the counts come from one call; the last column's count shows with them.
    board.push(await firstView("/admin?tab=selection", ["#board-places", "#board-column-withdrawn"]));

    // The applications list, then the Stage filter set → the filtered rows painted.
    await page.goto(`${base}/admin`);
    await page.locator('section[aria-label="Applications"] tbody tr[data-row-id]').first().waitFor({ timeout: 120_000 });
    await settled();
    await armTiming(page, "change", 'section[aria-label="Applications"] tbody', { childList: true, subtree: true, characterData: true });
    await page.locator('select[id$="-filter-stage"]').selectOption(FILTER_STAGE);
    stageFilter.push(await readTiming(page));

    // The Funnel tab: the funnel table and the time-in-stage table painted.
    funnel.push(await firstView("/admin?tab=funnel", ['[data-testid="funnel-table"]', '[data-testid="stage-times"]']));

    // A move on the record page: click on Move → the timeline shows it.
    await page.goto(`${base}/admin/applications/${ids[run]}`);
    const stageSelect = page.getByLabel("Move to", { exact: true });
    await stageSelect.waitFor({ timeout: 120_000 });
    await settled();
    await stageSelect.selectOption("reviewing");
    await armTiming(page, "click", 'section[aria-labelledby="section-timeline"]', { childList: true, subtree: true, characterData: true });
    await page.getByRole("button", { name: "Move", exact: true }).click();
    move.push(await readTiming(page));
    await page.getByText("No moves yet").waitFor({ state: "detached", timeout: 10_000 });
  }
  await context.close();
  return {
    engine,
    size,
    loadBefore,
    loadAfter: loadavg()[0] ?? 0,
    board: medianSample(board),
    stageFilter: medianSample(stageFilter),
    funnel: medianSample(funnel),
    funnelAfterStart,
    move: medianSample(move),
    api: {
      summary: median(api.summary),
      stageList: median(api.stageList),
      funnel: median(api.funnel),
      stuck: median(api.stuck),
      move: median(api.move),
      funnelFresh: median(api.funnelFresh),
      stuckFresh: median(api.stuckFresh),
    },
  };
}

function cell(sample: Sample): string {
  return `${Math.round(sample.ms).toLocaleString("en-US")} ms (${Math.round(sample.longestTaskMs)} ms)`;
}

const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "10000,100000,1000000" },
      engines: { type: "string", default: "postgres,pglite" },
      runs: { type: "string", default: "3" },
      port: { type: "string", default: "3590" },
      keep: { type: "boolean", default: false },
      views: { type: "string", default: "lists,pipeline" },
      out: { type: "string", default: "" },
    },
  });
  if (!existsSync("build/main.js")) {
    console.error("build/main.js is missing: run `npm run build` first (npm run bench:admin does).");
    process.exitCode = 1;
    return;
  }
  const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
  const engines = values.engines.split(",").map((e) => e.trim()) as Engine[];
  const views = values.views.split(",").map((v) => v.trim()) as View[];
  if (!views.length || views.some((v) => !VIEWS.includes(v))) {
    console.error(`--views takes ${VIEWS.join(", ")} or several (comma-separated)`);
    process.exitCode = 1;
    return;
  }
  const runs = Math.max(1, Number(values.runs));
  const port = Number(values.port);
  const load = loadavg()[0] ?? 0;
  const measured = `${new Date().toISOString().slice(0, 10)}, load ${load.toFixed(1)}`;
  const title = `Admin at scale (\`npm run bench:admin\`), ${new Date().toISOString().slice(0, 10)}`;
  const out = values.out || runFile("admin", { root: ".", reuse: "same day" });
  // Each engine and size is written as soon as it is measured, so a later failure keeps it.
  for (const engine of engines) {
    for (const size of sizes) {
      const { lists: r, pipeline: p, exportVsCopy: e } = await measureSize(engine, size, runs, port, values.keep, views);
      let document = existsSync(out) ? readFileSync(out, "utf8") : runHeader(title);
      if (r) {
        const row = `| ${r.engine} | ${r.size.toLocaleString("en-US")} | ${measured} | ${r.seedMs === null ? "kept" : ms(r.seedMs)} | ${ms(r.page1Ms)} | ${ms(r.page1000Ms)}${r.pageReached < 1000 ? ` (page ${r.pageReached})` : ""} | ${cell(r.firstRender)} | ${cell(r.filter)} | ${cell(r.sort)} | ${cell(r.exportCsv)} | ${Math.round(r.exportRowsPerSecond).toLocaleString("en-US")} | ${r.exportRssGrowthMb.toFixed(0)} MB |`;
        console.log(row);
        document = withAdminRows(document, [row]);
      }
      if (p) {
        const row = `| ${p.engine} | ${p.size.toLocaleString("en-US")} | ${machineNote(p)} | ${cell(p.board)} | ${cell(p.stageFilter)} | ${cell(p.funnelAfterStart)} | ${cell(p.funnel)} | ${cell(p.move)} | ${ms(p.api.summary)} | ${ms(p.api.stageList)} | ${ms(p.api.funnel)} | ${ms(p.api.stuck)} | ${ms(p.api.funnelFresh)} | ${ms(p.api.stuckFresh)} | ${ms(p.api.move)} |`;
        console.log(row);
        document = withPipelineRows(document, [row]);
      }
      if (e) {
        const row = exportRow(e, measured);
        console.log(row);
        document = withRows(document, EXPORT_SECTION, [row]);
      }
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, document);
      if (!values.out) listRun("admin", out, title, ".");
    }
  }
}

/** Date and time, the machine (CPUs) and the load average (1 minute) at the start and end of the measurements. */
function machineNote(result: PipelineResult): string {
  const cores = cpus();
  const model = (cores[0]?.model ?? "CPU").replace(/\s+\d+-Core Processor/, "").replace(/\s+/g, " ").trim();
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  return `${when} UTC, ${cores.length}× ${model}, load ${result.loadBefore.toFixed(1)} → ${result.loadAfter.toFixed(1)}`;
}

interface TableSection {
  start: string;
  end: string;
  title: string;
  header: string;
}

const LISTS_SECTION: TableSection = {
  start: "<!-- bench:admin start -->",
  end: "<!-- bench:admin end -->",
  title: "## Admin at scale: server-side lists",
  header: [
    "| Engine | Applications | Measured | Seed | API page 1 | API page 1,000 | First rows | Search by email → rows | Sort click | CSV export | Export rows/s | Server RSS growth |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ].join("\n"),
};

const PIPELINE_SECTION: TableSection = {
  start: "<!-- bench:admin pipeline start -->",
  end: "<!-- bench:admin pipeline end -->",
  title: "## Admin at scale: the selection (board, stage filter, funnel, moves)",
  header: [
    "| Engine | Applications | Measured | Board: meter + counts | Stage filter → rows | Funnel tab, first after start | Funnel tab | Move click → timeline | API pipeline | API list by stage | API funnel | API stuck | API funnel fresh=1 | API stuck fresh=1 | API move |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ].join("\n"),
};

const EXPORT_SECTION: TableSection = {
  start: "<!-- bench:admin export start -->",
  end: "<!-- bench:admin export end -->",
  title: "## Admin at scale: the CSV export against the database's own COPY",
  header: [
    "| Engine | Applications | Measured | CSV export over HTTP | Export rows/s | Export MB | COPY … TO STDOUT CSV | COPY rows/s | COPY MB | Export ÷ COPY (speed) | Server RSS growth |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ].join("\n"),
};

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

function exportRow(e: ExportResult, measured: string): string {
  const rate = (took: number) => Math.round(e.size / (took / 1000)).toLocaleString("en-US");
  return `| ${e.engine} | ${e.size.toLocaleString("en-US")} | ${measured} | ${ms(e.exportMs)} | ${rate(e.exportMs)} | ${mb(e.exportBytes)} | ${ms(e.copyMs)} | ${rate(e.copyMs)} | ${mb(e.copyBytes)} | ${(e.copyMs / e.exportMs).toFixed(2)} | ${e.rssGrowthMb.toFixed(0)} MB |`;
}

/** Engine and size of a table row: its first two cells. */
function rowKey(row: string): string {
  const [, engine, size] = row.split("|").map((part) => part.trim());
  return `${engine}|${(size ?? "").replace(/,/g, "")}`;
}

/**
 * The document with a section's table between its markers: rows just measured replace the rows of the
 * same engine and size, the others are kept (ordered by engine, then size). Without markers, a new
 * section is appended.
 */
function withRows(document: string, section: TableSection, measured: readonly string[]): string {
  const start = document.indexOf(section.start);
  const end = document.indexOf(section.end);
  if (start === -1 || end < start) {
    return `${document.trimEnd()}\n\n${section.title}\n\n${section.start}\n${section.header}\n${measured.join("\n")}\n${section.end}\n`;
  }
  const kept = document
    .slice(start + section.start.length, end)
    .split("\n")
    .filter((line) => /^\| (postgres|pglite) \|/.test(line));
  const byKey = new Map(kept.map((row) => [rowKey(row), row]));
  for (const row of measured) byKey.set(rowKey(row), row);
  const ordered = [...byKey].toSorted(([a], [b]) => {
    const [engineA, sizeA] = a.split("|");
    const [engineB, sizeB] = b.split("|");
    return (engineB ?? "").localeCompare(engineA ?? "") || Number(sizeA) - Number(sizeB);
  });
  const table = [section.header, ...ordered.map(([, row]) => row)].join("\n");
  return `${document.slice(0, start)}${section.start}\n${table}\n${document.slice(end)}`;
}

/** The list table (between the bench:admin markers) with the rows just measured. */
export const withAdminRows = (document: string, measured: readonly string[]) => withRows(document, LISTS_SECTION, measured);

/** The selection table (between the bench:admin pipeline markers) with the rows just measured. */
export const withPipelineRows = (document: string, measured: readonly string[]) => withRows(document, PIPELINE_SECTION, measured);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
}
