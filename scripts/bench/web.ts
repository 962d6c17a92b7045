/**
 * Lighthouse (mobile, simulated slow 4G, the npm package) on every public page of the built server:
 *
 *   npm run bench:web -- [--routes /,/apply] [--runs 3] [--port 3700] [--label after] [--no-write] [--build build]
 *
 * Each route is measured `--runs` times as served, and as many times with every script blocked
 * (`blockedUrlPatterns: *.js`: the same HTML, with no JavaScript run), medians reported. The table is
 * printed and, unless `--no-write`, written into the day's run file of its label (`before` or `after`):
 * docs/benchmarks/runs/<date>-web-<label>.md, listed on docs/benchmarks.md; a later run of the same label
 * that day replaces its routes' rows and keeps the others. Numbers are reported, never asserted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { PUBLIC_ROUTES } from "../lib/public-routes";
import { listRun, runFile, runHeader, slug } from "../lib/bench-runs";
import { median } from "../lib/median";
import { assertPortFree, waitFor } from "../lib/processes";


/** How busy the machine was when the run began (written with the table: TBT is the most load-sensitive column). */
const LOAD_AT_START = loadavg()[0] ?? 0;

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  totalKb: number;
}

interface Row {
  route: string;
  page: Sample;
  noScript: Sample;
}


function medianSample(samples: Sample[]): Sample {
  const keys = Object.keys(samples[0] as Sample) as (keyof Sample)[];
  return Object.fromEntries(keys.map((k) => [k, median(samples.map((s) => s[k]))])) as unknown as Sample;
}


function startServer(buildDir: string, dataDir: string, port: number): ChildProcess {
  const { DATABASE_URL: _ignored, META_PIXEL_ID: _pixel, ...inherited } = process.env;
  return spawn(process.execPath, [path.join(buildDir, "main.js")], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "bench_super",
      ADMIN_PASSWORD: "BenchSuper123",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** Lighthouse on a busy machine now and then fails to record a trace: such a run is retried. */
async function measure(url: string, chromePort: number, noScript: boolean): Promise<Sample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url, chromePort, noScript);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`retrying ${url}${noScript ? " (no script)" : ""}: ${(error as Error).message}`);
    }
  }
}

async function measureOnce(url: string, chromePort: number, noScript: boolean): Promise<Sample> {
  const result = await lighthouse(
    url,
    {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      // The unknown path answers 404 on purpose: measure its page all the same.
      ignoreStatusCode: true,
      ...(noScript ? { blockedUrlPatterns: ["*.js"] } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const items = details?.items ?? [];
  const jsBytes = items.filter((i) => i.resourceType === "Script").reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const totalBytes = items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    jsKb: jsBytes / 1024,
    totalKb: totalBytes / 1024,
  };
}

const TABLE_HEAD = [
  "| route | Perf | A11y | BP | SEO | LCP | LCP no-script | LCP ratio | CLS | TBT | JS KB | total KB | Perf no-script | total KB no-script |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];

function formatRows(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const { route, page, noScript } of rows) {
    lines.push(
      `| \`${route}\` | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ` +
        `${(page.lcpMs / 1000).toFixed(2)} s | ${(noScript.lcpMs / 1000).toFixed(2)} s | ` +
        `${(page.lcpMs / noScript.lcpMs).toFixed(2)} | ${page.cls.toFixed(3)} | ${Math.round(page.tbtMs)} ms | ` +
        `${Math.round(page.jsKb)} | ${Math.round(page.totalKb)} | ${noScript.performance} | ${Math.round(noScript.totalKb)} |`,
    );
  }
  return lines;
}

function formatTable(rows: Row[]): string {
  return [...TABLE_HEAD, ...formatRows(rows)].join("\n");
}

function routeOfLine(line: string): string | undefined {
  return /^\| `([^`]+)` \|/.exec(line)?.[1];
}

/** The rows of this run, plus the rows an earlier run with the same label measured for other routes. */
function mergeRows(earlierBlock: string, rows: Row[]): string {
  const byRoute = new Map<string, string>();
  for (const line of earlierBlock.split("\n")) {
    const route = routeOfLine(line);
    if (route) byRoute.set(route, line);
  }
  for (const line of formatRows(rows)) byRoute.set(routeOfLine(line) as string, line);
  const order = [...PUBLIC_ROUTES, ...[...byRoute.keys()].filter((r) => !(PUBLIC_ROUTES as readonly string[]).includes(r))];
  return [...TABLE_HEAD, ...order.flatMap((r) => byRoute.get(r) ?? [])].join("\n");
}

/** Writes the rows into the day's run file of this label (docs/benchmarks/runs/<date>-web-<label>.md), keeping rows of the same label measured earlier that day. */
function writeRunFile(label: string, rows: Row[], runs: number): string {
  const file = runFile(`web-${slug(label)}`, { root: ".", reuse: "same day" });
  const title = `Public pages (Lighthouse, \`npm run bench:web\`): ${label}, ${new Date().toISOString().slice(0, 10)}`;
  const doc = existsSync(file) ? readFileSync(file, "utf8") : runHeader(title);
  const start = `<!-- bench:web ${label} start -->`;
  const end = `<!-- bench:web ${label} end -->`;
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const startAt = doc.indexOf(start);
  const endAt = doc.indexOf(end);
  const earlier = startAt >= 0 && endAt > startAt ? doc.slice(startAt, endAt) : "";
  const table = mergeRows(earlier, rows);
  const block = [
    start,
    `Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC. Machine: ${cpus().length} vCPU (${cpu}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Debian Chromium, Lighthouse 13.5 ` +
      `(mobile, simulated slow 4G), median of ${runs} run(s) per column (rows of this label measured in ` +
      "an earlier run of the same day are kept). " +
      `Load average (1 min) ${LOAD_AT_START.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end.`,
    "",
    table,
    end,
  ].join("\n");
  let next: string;
  if (startAt >= 0 && endAt > startAt) next = doc.slice(0, startAt) + block + doc.slice(endAt + end.length);
  else next = `${doc.trimEnd()}\n\n${block}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, next);
  listRun(`web`, file, title, ".");
  return file;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      routes: { type: "string" },
      runs: { type: "string", default: "3" },
      port: { type: "string", default: "3700" },
      label: { type: "string", default: "after" },
      "no-write": { type: "boolean", default: false },
      build: { type: "string", default: "build" },
    },
  });
  const routes = values.routes ? values.routes.split(",").map((r) => r.trim()).filter(Boolean) : [...PUBLIC_ROUTES];
  const runs = Math.max(1, Number(values.runs));
  const port = Number(values.port);
  const buildDir = values.build;
  if (!existsSync(path.join(buildDir, "main.js"))) throw new Error(`Run \`npm run build\` first (${buildDir}/main.js is missing)`);

  await assertPortFree(port);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-bench-web-"));
  const server = startServer(buildDir, dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows: Row[] = [];
  try {
    await waitFor(`${base}/readyz`, 180_000, undefined, server);
    for (const route of routes) {
      const url = `${base}${route}`;
      // One warm-up load so the first measured run does not pay for the server's first render.
      await fetch(url);
      const page: Sample[] = [];
      const noScript: Sample[] = [];
      for (let run = 0; run < runs; run += 1) {
        page.push(await measure(url, chrome.port, false));
        noScript.push(await measure(url, chrome.port, true));
      }
      const row = { route, page: medianSample(page), noScript: medianSample(noScript) };
      rows.push(row);
      console.log(formatRows([row])[0]);
      // Written after every route, so an interrupted run keeps what it measured.
      if (!values["no-write"]) console.log(`written to ${writeRunFile(values.label, rows, runs)}`);
    }
  } finally {
    chrome.kill();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${formatTable(rows)}`);
}

await main();
