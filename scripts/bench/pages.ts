/**
 * `npm run bench:pages`: every public route of the built product against a same-bytes floor, under
 * autocannon (-c 50), with and without `Accept-Encoding: br`, alternating product and floor route by
 * route in the same run. The floor (./same-bytes-floor.mjs) fetched the product's answer for that route
 * and encoding once and serves it from memory with node:http. Also a spike (page views and submissions
 * at once, -c 200 for 30 s) that counts each side's answers by status. Writes the tables into
 * docs/benchmarks.md with the date, the machine and its load. Numbers are reported, never asserted.
 * Env: BENCH_PORT (3850), BENCH_DURATION (8 s a run), BENCH_ROUNDS (1), BENCH_ROUTES (comma list).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { validApplication } from "../../tests/support/payloads";
import { median } from "../lib/median";
import { anyStatus, stopChild, waitFor } from "../lib/processes";
import { PUBLIC_ROUTES } from "../lib/public-routes";

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


function spikeRow(name: string, r: autocannon.Result): string {
  return `| ${name} | ${r.requests.total} | ${r["2xx"]} | ${r["4xx"]} | ${r["5xx"]} | ${r.errors} / ${r.timeouts} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms |`;
}

/**
 * A spike: page views and submissions at once, as an ad brings them (190 connections reading six public
 * pages, 10 sending applications with a fresh key each), 30 s. Each side's answers by status and latency.
 */
async function spike(base: string): Promise<string[]> {
  const body = JSON.stringify(validApplication());
  const pages = ["/", "/apply", "/tiktok", "/contact", "/about", "/thank-you"];
  let view = 0;
  const [views, submissions] = await Promise.all([
    autocannon({
      url: base,
      connections: 190,
      duration: 30,
      requests: [
        {
          setupRequest: (req) => {
            view += 1;
            return { ...req, method: "GET", path: pages[view % pages.length] ?? "/", headers: { ...req.headers, "accept-encoding": "br" } };
          },
        },
      ],
    }),
    autocannon({
      url: `${base}/api/applications`,
      connections: 10,
      duration: 30,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      requests: [
        {
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": randomBytes(16).toString("hex") } }),
        },
      ],
    }),
  ]);
  const share = (submissions.requests.total / (views.requests.total + submissions.requests.total)) * 100;
  return [
    `Submissions were ${share.toFixed(1)} % of the requests.`,
    "",
    `| side | requests | 2xx | 4xx | 5xx | errors / timeouts | req/s | p50 | p99 |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    spikeRow("page views (-c 190)", views),
    spikeRow("submissions (-c 10)", submissions),
  ];
}

async function main() {
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
  const product = spawn(process.execPath, ["build/main.js"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
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
    const spikeRows = await spike(base);
    for (const line of spikeRows) console.log(line);
    const loadAfter = loadavg().map((n) => n.toFixed(2)).join(", ");
    const section = [
      "",
      `### Public pages against the same bytes from memory (\`npm run bench:pages\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      "",
      `Machine: ${cpus()[0]?.model ?? "unknown"} × ${cpus().length}, Node ${process.version}; load average before ${loadBefore}, after ${loadAfter}.`,
      `autocannon -c 50 -d ${DURATION}, floor then product for each route and encoding, ${ROUNDS} round(s), medians; the floor serves the product's own answer for that route and encoding from memory (node:http).`,
      "",
      "| route | encoding | floor req/s | product req/s | ratio | product p50 / p99 | floor p99 | non-2xx |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      "Spike (-c 200 for 30 s: 190 connections reading six public pages with `Accept-Encoding: br`, 10 sending `POST /api/applications` with a fresh `Idempotency-Key`):",
      "",
      ...spikeRows,
      "",
    ].join("\n");
    const file = path.join(ROOT, "docs", "benchmarks.md");
    writeFileSync(file, `${readFileSync(file, "utf8").trimEnd()}\n${section}`);
  } finally {
    await stopChild(product);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
