/**
 * Fault scenario: builds beside a running server (ADR 0093), through the commands a person types.
 *  1. A restart through `npm start` with the sources unchanged since the last build serves that build
 *     without building, from a process given the server's Node flags and malloc setting (ADR 0115, 0118); the
 *     time from `npm start` to the first 200 of `/` is reported (goal: within 3 s).
 *  2. While that server answers a bounded stream of page views (pages and their hashed scripts and
 *     stylesheets), two `npm run build` run at once: both exit 0, `build` then names a new complete build,
 *     and the server answers no 404, no 5xx and never fails a connection (it serves the build it started with).
 *  3. `npm start` after that serves the new build without building it again.
 * 127.0.0.1 only; one port (FAULTS_PORT + 5). Runs last in `npm run test:faults`: it leaves a new build of the
 * same sources. Alone, after a build: `npx tsx scripts/faults/build-swap.ts`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUILDS_DIR, currentBuild, readStamp } from "../build/build-folders.mjs";
import { SERVER_GLIBC_TUNABLES, serverNodeFlags } from "../build/server-process.mjs";
import { exited, processTreeOf, ROOT, startServer, stopServer, waitFor } from "../lib/processes";

type Report = (name: string, ok: boolean, counts: Record<string, number | string>) => void;

/** A first start creates the database (PGlite's initdb, migrations): not what is measured. */
const FIRST_START_MS = 120_000;
/** Two builds on a busy 2-core machine: generous, and still bounded. */
const BUILDS_MS = 300_000;
const PAGES = ["/", "/apply", "/about", "/contact", "/admin"];
const VIEWERS = 4;

interface Npm {
  child: ChildProcess;
  output: () => string;
}

/** `npm <args>` in the project, in its own process group (so the server it starts stops with it). */
function npm(args: string[], env: Record<string, string>): Npm {
  const child = spawn("npm", args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  try {
    process.kill(-(child.pid as number), "SIGTERM");
  } catch {
    // Already gone.
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 20_000);
  await done;
  clearTimeout(timer);
}

/** The hashed scripts and stylesheets a page names (`/assets/…`). */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
}

async function pageViewUrls(base: string): Promise<string[]> {
  const urls = new Set<string>();
  for (const page of PAGES) {
    const res = await fetch(`${base}${page}`);
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${page} answered ${res.status} before the builds`);
    urls.add(page);
    for (const asset of assetsOf(html)) urls.add(asset);
  }
  return [...urls];
}

interface ViewStats {
  requests: number;
  statuses: Map<number, number>;
  noAnswer: number;
  failures: string[];
}

/** VIEWERS loops fetching every URL in turn until `until()` says stop; each body is read whole. */
async function pageViews(base: string, urls: string[], stats: ViewStats, until: () => boolean): Promise<void> {
  const viewer = async (offset: number) => {
    for (let i = offset; !until(); i++) {
      const url = urls[i % urls.length] as string;
      try {
        const res = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        stats.requests += 1;
        stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200 && stats.failures.length < 5) stats.failures.push(`${res.status} ${url}`);
      } catch (error) {
        stats.noAnswer += 1;
        if (stats.failures.length < 5) stats.failures.push(`${(error as Error).message} ${url}`);
      }
    }
  };
  await Promise.all(Array.from({ length: VIEWERS }, (_, i) => viewer(i * 7)));
}

function buildFolders(): string[] {
  return readdirSync(path.join(ROOT, BUILDS_DIR)).filter((name) => !name.startsWith("."));
}

/** The command line (split) and environment of the first process under `pid` whose command line names `script`. */
function processUnder(pid: number, script: string): { argv: string[]; env: Map<string, string> } | null {
  for (const each of processTreeOf(pid)) {
    try {
      const argv = readFileSync(`/proc/${each}/cmdline`, "utf8").split("\0").filter(Boolean);
      if (!argv.some((arg) => arg.endsWith(script))) continue;
      const pairs = readFileSync(`/proc/${each}/environ`, "utf8").split("\0").filter(Boolean);
      return { argv, env: new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])) };
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** `npm start` until `/` answers 200: the time it took, and whether it said the build was current. */
async function npmStart(base: string, env: Record<string, string>): Promise<{ server: Npm; firstMs: number; current: boolean }> {
  const server = npm(["start"], env);
  // Long enough for a build, so that a restart that builds is reported as such rather than timing out.
  const firstMs = await waitFor(`${base}/`, 180_000, (s) => s === 200, server.child);
  return { server, firstMs, current: /is current \(sources unchanged/.test(server.output()) };
}

export async function buildSwap(port: number, baseEnv: Record<string, string>, report: Report): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const before = currentBuild(ROOT);
  const stamp = readStamp(before)?.stamp;
  if (!before || !stamp) {
    report("restart through npm start (unchanged tree)", false, { missing: "a finished build: run npm run build first" });
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-faults-build-"));
  const env = { ...baseEnv, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" };
  const running: ChildProcess[] = [];
  try {
    // The database is created by a first start, so the start measured next is a restart.
    const first = startServer(port, env);
    await waitFor(`${base}/readyz`, FIRST_START_MS, (s) => s === 200, first.child);
    await stopServer(first);

    // 1. A restart through npm start on an unchanged tree.
    const foldersBefore = buildFolders();
    const restart = await npmStart(base, env);
    running.push(restart.server.child);
    const unchanged = currentBuild(ROOT) === before && buildFolders().join() === foldersBefore.join();
    // The process serving carries the server process's Node flags and malloc setting (ADR 0115, 0118).
    const startedServer = processUnder(restart.server.child.pid as number, "start.mjs");
    const wantedFlags = serverNodeFlags({ ...process.env, ...env });
    const flagsGiven = startedServer !== null && wantedFlags.every((flag) => startedServer.argv.includes(flag));
    const tunables = startedServer?.env.get("GLIBC_TUNABLES") ?? "";
    const tunablesGiven = Object.entries(SERVER_GLIBC_TUNABLES).every(([name, value]) => tunables.split(":").includes(`${name}=${value}`));
    report("restart through npm start (unchanged tree)", restart.current && unchanged && flagsGiven && tunablesGiven, {
      first_200_ms: restart.firstMs,
      build_current: restart.current ? 1 : 0,
      build_untouched: unchanged ? 1 : 0,
      node_flags: startedServer ? wantedFlags.filter((flag) => startedServer.argv.includes(flag)).join(" ") || "none" : "no server process found",
      malloc_setting: tunablesGiven ? 1 : 0,
    });

    // 2. Page views while two builds run at once (the server serves the build current at its start).
    const serving = currentBuild(ROOT);
    const urls = await pageViewUrls(base);
    const stats: ViewStats = { requests: 0, statuses: new Map(), noAnswer: 0, failures: [] };
    let stop = false;
    const views = pageViews(base, urls, stats, () => stop);
    await new Promise((r) => setTimeout(r, 500));
    const builds = [npm(["run", "build"], {}), npm(["run", "build"], {})];
    running.push(...builds.map((b) => b.child));
    const timer = setTimeout(() => builds.forEach((b) => void stopGroup(b.child)), BUILDS_MS);
    const codes = await Promise.all(builds.map((b) => exited(b.child)));
    clearTimeout(timer);
    await new Promise((r) => setTimeout(r, 1500)); // page views after the switch, too
    stop = true;
    await views;
    const after = currentBuild(ROOT);
    const switched = after !== null && after !== serving && readStamp(after)?.stamp === readStamp(serving)?.stamp && existsSync(path.join(after, "main.js"));
    const waited = builds.some((b) => /waiting for it to finish/.test(b.output()));
    const notFound = stats.statuses.get(404) ?? 0;
    const serverErrors = [...stats.statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    const other = stats.requests - (stats.statuses.get(200) ?? 0);
    const buildsOk = codes.every((c) => c === 0);
    if (!buildsOk) for (const b of builds) console.log(b.output().split("\n").slice(-15).join("\n"));
    report("two builds at once beside a server under page views", buildsOk && switched && stats.noAnswer === 0 && other === 0, {
      page_views: stats.requests,
      urls: urls.length,
      not_found: notFound,
      server_errors: serverErrors,
      other_status: other - notFound - serverErrors,
      no_answer: stats.noAnswer,
      builds_exit_0: codes.filter((c) => c === 0).length,
      second_waited: waited ? 1 : 0,
      switched_to_new_build: switched ? 1 : 0,
      old_build_kept: serving && existsSync(serving) ? 1 : 0,
      ...(stats.failures.length ? { first_failures: JSON.stringify(stats.failures) } : {}),
    });
    await stopGroup(restart.server.child);

    // 3. npm start on the new build: served without building it again, its assets there.
    const again = await npmStart(base, env);
    running.push(again.server.child);
    const html = await (await fetch(`${base}/`)).text();
    let assetsOk = 0;
    const assets = assetsOf(html);
    for (const asset of assets) if ((await fetch(`${base}${asset}`)).status === 200) assetsOk += 1;
    const onNew = currentBuild(ROOT) === after;
    report("npm start after the builds serves the new build", again.current && onNew && assets.length > 0 && assetsOk === assets.length, {
      first_200_ms: again.firstMs,
      build_current: again.current ? 1 : 0,
      assets: assets.length,
      assets_ok: assetsOk,
    });
  } finally {
    for (const child of running) await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let failed = 0;
  await buildSwap(Number(process.env.FAULTS_PORT ?? 3820) + 5, {}, (name, ok, counts) => {
    if (!ok) failed += 1;
    console.log(`${ok ? "PASS" : "FAIL"} ${name}: ${Object.entries(counts).map(([k, v]) => `${k}=${v}`).join(" ")}`);
  });
  process.exit(failed === 0 ? 0 : 1);
}
