/**
 * Measures the staff admin's applications tab in Chromium at several data sizes:
 *
 *   npm run bench:admin -- [--sizes 1000,10000,100000] [--runs 3] [--port 3399]
 *
 * For each size: a throwaway embedded database is filled with fake applications (scripts/seed-demo),
 * the built server (build/main.js) is started on it, and Chromium signs in and measures
 *   - first render: navigation start → first table row on screen (includes loading the list),
 *   - filter keystroke: key pressed in the last-name filter → filtered rows painted,
 *   - sort click: click on the Age header → re-ordered rows painted,
 *   - export: click on Export CSV → file downloaded,
 * each with the longest main-thread task seen meanwhile (how long the page could not respond).
 * Prints a Markdown table (medians of the runs). Numbers are reported, never asserted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { seedDemo } from "./seed-demo";

const ADMIN = { username: "bench_super", password: "BenchSuper123" };

interface Sample {
  ms: number;
  longestTaskMs: number;
}

interface Result {
  size: number;
  /** GET /api/applications measured from Node: the server's share of the first render. */
  listMs: number;
  firstRender: Sample;
  filter: Sample;
  sort: Sample;
  exportCsv: Sample;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function medianSample(samples: Sample[]): Sample {
  return { ms: median(samples.map((s) => s.ms)), longestTaskMs: median(samples.map((s) => s.longestTaskMs)) };
}

async function waitForReady(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not become ready in time");
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, ["build/main.js"], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForReady(`http://127.0.0.1:${port}`, server);
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** Installs in the page: a long-task recorder and helpers to time "input → next paint after a DOM change". */
const PAGE_PROBE = () => {
  const state = window as unknown as {
    __longest: number;
    __longTasks: PerformanceObserver;
    __resetLongest: () => void;
  };
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
async function armTiming(page: Page, startEvent: "keydown" | "click", targetSelector: string, options: MutationObserverInit) {
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

async function measureSize(size: number, runs: number, port: number): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ovella-bench-${size}-`));
  try {
    process.stderr.write(`seeding ${size} applications…\n`);
    await seedDemo({ applications: size, messages: 0, seed: 7, days: 365, batchSize: 2000 }, { DATA_DIR: dataDir });
    const server = await startServer(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      const session = (await login.json()) as { token: string; user: unknown };
      const listStarted = performance.now();
      const list = await fetch(`${base}/api/applications`, { headers: { Authorization: `Bearer ${session.token}` } });
      await list.arrayBuffer();
      const listMs = performance.now() - listStarted;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem("auth_token", token);
          localStorage.setItem("auth_user", user);
        },
        [session.token, JSON.stringify(session.user)] as const,
      );
      await context.addInitScript(PAGE_PROBE);
      const page = await context.newPage();
      const firstRender: Sample[] = [];
      const filter: Sample[] = [];
      const sort: Sample[] = [];
      const exportCsv: Sample[] = [];
      const region = page.getByRole("region", { name: "Applications", exact: true });

      for (let run = 0; run < runs; run++) {
        process.stderr.write(`  ${size}: run ${run + 1}/${runs}\n`);
        await page.goto(`${base}/admin`);
        await region.locator("tbody tr[data-row-id]").first().waitFor({ timeout: 120_000 });
        firstRender.push(
          await page.evaluate(() => {
            const navigation = performance.getEntriesByType("navigation")[0];
            return {
              ms: performance.now() - (navigation?.startTime ?? 0),
              longestTaskMs: (window as unknown as { __longest: number }).__longest,
            };
          }),
        );

        const lastName = page.locator("#applications-filter-lastName");
        await lastName.focus();
        await armTiming(page, "keydown", "section[data-row-count]", { attributes: true, attributeFilter: ["data-row-count"] });
        await page.keyboard.press("s");
        filter.push(await readTiming(page));
        await page.getByRole("button", { name: "Clear Filters" }).click();
        await page.waitForFunction((n) => document.querySelector("section[data-row-count]")?.getAttribute("data-row-count") === String(n), size);

        const ageButton = region.getByRole("columnheader", { name: "Age" }).getByRole("button");
        await armTiming(page, "click", "section[data-row-count] tbody", { childList: true, subtree: true, characterData: true });
        await ageButton.click();
        sort.push(await readTiming(page));

        await page.evaluate(() => (window as unknown as { __resetLongest: () => void }).__resetLongest());
        const started = Date.now();
        const download = page.waitForEvent("download", { timeout: 300_000 });
        await page.getByRole("button", { name: "Export CSV" }).click();
        await (await download).path();
        const exportMs = Date.now() - started;
        exportCsv.push({
          ms: exportMs,
          longestTaskMs: await page.evaluate(() => (window as unknown as { __longest: number }).__longest),
        });
      }
      await context.close();
      return {
        size,
        listMs,
        firstRender: medianSample(firstRender),
        filter: medianSample(filter),
        sort: medianSample(sort),
        exportCsv: medianSample(exportCsv),
      };
    } finally {
      await browser.close();
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function cell(sample: Sample): string {
  return `${Math.round(sample.ms).toLocaleString("en-US")} ms (${Math.round(sample.longestTaskMs)} ms)`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000,10000,100000" },
      runs: { type: "string", default: "3" },
      port: { type: "string", default: "3399" },
    },
  });
  if (!existsSync("build/main.js")) {
    console.error("build/main.js is missing: run `npm run build` first (npm run bench:admin does).");
    process.exitCode = 1;
    return;
  }
  const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
  const runs = Math.max(1, Number(values.runs));
  const port = Number(values.port);
  const results: Result[] = [];
  for (const size of sizes) results.push(await measureSize(size, runs, port));

  const cpu = cpus();
  console.log(`\nMachine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`);
  console.log(`Date: ${new Date().toISOString().slice(0, 10)}; median of ${runs} run(s); (longest main-thread task in brackets)\n`);
  console.log("| Applications | List API (server) | First render | Filter keystroke | Sort click | CSV export |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.size.toLocaleString("en-US")} | ${Math.round(r.listMs).toLocaleString("en-US")} ms | ${cell(r.firstRender)} | ${cell(r.filter)} | ${cell(r.sort)} | ${cell(r.exportCsv)} |`,
    );
  }
}

await main();
