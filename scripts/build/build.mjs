// `npm run build`: builds the app into a new folder under builds/ and switches `build` to it in one step
// (ADR 0093): the pages and assets (React Router and Vite), their Brotli copies, then the server bundle, whose
// scripts and the page build's are then kept to one byte a character (ADR 0116).
// A server already running keeps serving the folder it started from. Builds take turns (builds/.lock): a
// build that waited for another one of the same sources uses that one instead of building it again.
//   node scripts/build/build.mjs              build now
//   node scripts/build/build.mjs --if-changed build only when the sources changed since the current build
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  currentBuild,
  lockBuilds,
  newBuildFolder,
  pruneBuilds,
  readStamp,
  sourceStamp,
  STAMP_FILE,
  switchBuild,
} from "./build-folders.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function step(args, env) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`build step failed (${args.join(" ")}): exit ${result.status ?? result.signal}`);
}

/**
 * Makes sure `build` holds a build of the current sources and resolves with its folder (a real path).
 * With `ifChanged`, a current build whose stamp matches the sources is kept as it is.
 */
export async function build({ ifChanged = false, log = (line) => console.log(line) } = {}) {
  const rel = (dir) => path.relative(ROOT, dir);
  const first = sourceStamp(ROOT);
  if (ifChanged) {
    const current = currentBuild(ROOT);
    if (readStamp(current)?.stamp === first.stamp) {
      log(`build: ${rel(current)} is current (sources unchanged since it was built): not rebuilt`);
      return current;
    }
  }
  const waitingSince = Date.now();
  let waited = false;
  const release = await lockBuilds(ROOT, {
    onWait: (pid) => {
      waited = true;
      log(`build: another build is running (process ${pid ?? "unknown"}); waiting for it to finish`);
    },
  });
  try {
    // The sources may have changed while this build waited, and the other build may have made this one.
    const { stamp, files } = waited ? sourceStamp(ROOT) : first;
    const current = currentBuild(ROOT);
    const recorded = readStamp(current);
    if (recorded?.stamp === stamp && (ifChanged || (waited && recorded.finishedAt >= waitingSince))) {
      log(`build: ${rel(current)} was just built from the same sources: not rebuilt`);
      return current;
    }
    const startedAt = Date.now();
    const dir = newBuildFolder(ROOT, stamp);
    log(`build: building into ${rel(dir)}${ifChanged ? " (the sources changed since the last build)" : ""}`);
    try {
      const env = { ...process.env, OVELLA_BUILD_DIR: rel(dir) };
      step([path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], env);
      step([path.join(ROOT, "scripts", "build", "precompress-assets.mjs"), path.join(rel(dir), "client", "assets")], env);
      step([path.join(ROOT, "scripts", "build", "build-server.mjs"), rel(dir)], env);
      step([path.join(ROOT, "scripts", "build", "one-byte-sources.mjs"), rel(dir)], env);
      const finishedAt = Date.now();
      writeFileSync(path.join(dir, STAMP_FILE), `${JSON.stringify({ stamp, files, startedAt, finishedAt }, null, 2)}\n`);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    switchBuild(ROOT, dir);
    const removed = pruneBuilds(ROOT);
    log(
      `build: build -> ${rel(dir)} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s` +
        (removed.length ? `; removed ${removed.length} older build(s)` : ""),
    );
    return dir;
  } finally {
    release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await build({ ifChanged: process.argv.includes("--if-changed") });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
