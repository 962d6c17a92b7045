// Build folders (ADR 0093): every build is written into a fresh folder under builds/ and switched into place
// in one step, by renaming a new symlink over `build`; a server keeps the folder it started from. The build's
// stamp (a hash of everything the build reads) tells whether the current build is still that of the sources.
// Plain JavaScript, like the other build steps: run before anything is built.
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The folders and files a build reads (besides node_modules, named by package-lock.json). */
const SOURCE_DIRS = ["app", "core", "server", "public", "scripts/build"];
const SOURCE_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
/** Test files are never part of a build: changing one does not call for a new build. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

export const BUILDS_DIR = "builds";
export const BUILD_LINK = "build";
export const STAMP_FILE = "stamp.json";
/** Where a server started from a build folder leaves its pid (server/build-in-use.ts). */
export const SERVERS_DIR = "servers";
const LOCK_FILE = ".lock";
/** Finished builds kept besides the current one and the ones live servers run from. */
const KEEP_BUILDS = 2;

function listFiles(root, dir, out) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) listFiles(root, rel, out);
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) out.push(rel);
  }
}

/**
 * The stamp of the sources in `root`: a SHA-256 over the path and content of every file the build reads,
 * and the settings read at build time (BRAND_CONFIG and its content, SOURCEMAP, NODE_ENV).
 */
export function sourceStamp(root, env = process.env) {
  const files = [];
  for (const dir of SOURCE_DIRS) listFiles(root, dir, files);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(file);
  files.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  const brand = env.BRAND_CONFIG ? path.resolve(root, env.BRAND_CONFIG) : "";
  hash.update(`BRAND_CONFIG=${brand}\0`);
  if (brand) hash.update(existsSync(brand) ? readFileSync(brand) : "missing");
  hash.update(`\0SOURCEMAP=${env.SOURCEMAP === "1" ? "1" : ""}\0`);
  // Unset builds like production (Vite's default); any other value changes what React the client gets.
  hash.update(`NODE_ENV=${env.NODE_ENV && env.NODE_ENV !== "production" ? env.NODE_ENV : "production"}\0`);
  return { stamp: hash.digest("hex"), files: files.length };
}

/** The build folder `build` names now (its real path), or null when there is none. */
export function currentBuild(root) {
  try {
    return realpathSync(path.join(root, BUILD_LINK));
  } catch {
    return null;
  }
}

/** The stamp a finished build folder records, or null (no build, or a build that did not finish). */
export function readStamp(dir) {
  if (!dir) return null;
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, STAMP_FILE), "utf8"));
    return typeof parsed.stamp === "string" ? parsed : null;
  } catch {
    return null;
  }
}

/** A new, empty folder under builds/, named so that names sort by time. */
export function newBuildFolder(root, stamp) {
  const time = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
  const base = path.join(root, BUILDS_DIR);
  mkdirSync(base, { recursive: true });
  for (let n = 0; ; n++) {
    const dir = path.join(base, `${time}-${stamp.slice(0, 8)}${n ? `-${n}` : ""}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
  }
}

/**
 * Makes `build` name `dir` in one step: a new symlink is renamed over the old one (rename(2) replaces it
 * atomically, so a reader sees the old build or the new one, never none). A `build` folder of the layout
 * before ADR 0093 (a real directory) is moved under builds/ first.
 */
export function switchBuild(root, dir) {
  const link = path.join(root, BUILD_LINK);
  let stat = null;
  try {
    stat = lstatSync(link);
  } catch {
    stat = null;
  }
  if (stat?.isDirectory()) renameSync(link, path.join(root, BUILDS_DIR, `before-build-folders-${Date.now()}`));
  const temp = path.join(root, `${BUILD_LINK}.switch-${process.pid}-${randomBytes(4).toString("hex")}`);
  if (process.platform === "win32") symlinkSync(dir, temp, "junction");
  else symlinkSync(path.relative(root, dir), temp, "dir");
  try {
    renameSync(temp, link);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}

/** Start time of a process as the kernel counts it (field 22 of /proc/<pid>/stat), or null. */
function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process a record names (host, pid, start time) still runs. Unknown hosts count as alive. */
export function processAlive(record) {
  if (!record || typeof record.pid !== "number") return false;
  if (record.host && record.host !== hostname()) return true;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return false;
  }
  if (record.started) {
    const now = processStartTime(record.pid);
    if (now !== null && now !== record.started) return false;
  }
  return true;
}

/** Whether a live server runs from the build folder `dir` (it left its pid in dir/servers/). */
export function inUse(dir) {
  let names;
  try {
    names = readdirSync(path.join(dir, SERVERS_DIR));
  } catch {
    return false;
  }
  return names.some((name) => {
    try {
      return processAlive(JSON.parse(readFileSync(path.join(dir, SERVERS_DIR, name), "utf8")));
    } catch {
      return false;
    }
  });
}

/**
 * Removes build folders nobody needs: keeps the current one, the KEEP_BUILDS newest finished ones and every
 * folder a live server runs from. Called under the build lock, so an unfinished folder is a build that died.
 * Returns the names removed.
 */
export function pruneBuilds(root, keep = KEEP_BUILDS) {
  const base = path.join(root, BUILDS_DIR);
  const current = currentBuild(root);
  let names;
  try {
    names = readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
  const removed = [];
  let kept = 0;
  for (const name of names.toSorted().toReversed()) {
    const dir = path.join(base, name);
    if (dir === current) continue;
    if (readStamp(dir) && kept < keep) {
      kept += 1;
      continue;
    }
    if (inUse(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A lock file older than this with an unreadable record, or a takeover guard this old, was left by a crash. */
const STALE_MS = 10_000;

function tryCreate(file, record) {
  const temp = `${file}.${record.token}.tmp`;
  writeFileSync(temp, JSON.stringify(record));
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function readRecord(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if (error.code === "ENOENT") return undefined;
    return null;
  }
}

function ageMs(file) {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Takes the build lock (builds/.lock), waiting while another live build holds it. The lock file is created
 * whole (a hard link of a written file); a lock whose process is gone is taken over under a guard (an atomic
 * mkdir), so two waiters never both take it. `onWait(holderPid)` is called once when the lock is busy.
 * Resolves with the release function.
 */
export async function lockBuilds(root, { onWait = () => {}, pollMs = 200 } = {}) {
  const base = path.join(root, BUILDS_DIR);
  mkdirSync(base, { recursive: true });
  const file = path.join(base, LOCK_FILE);
  const guard = `${file}.takeover`;
  const record = { host: hostname(), pid: process.pid, started: processStartTime(process.pid), token: randomBytes(12).toString("hex") };
  const release = () => {
    if (readRecord(file)?.token === record.token) unlinkSync(file);
  };
  let told = false;
  for (;;) {
    if (tryCreate(file, record)) return release;
    const holder = readRecord(file);
    if (holder === undefined) continue; // released between our attempt and the read
    const gone = holder ? !processAlive(holder) : ageMs(file) > STALE_MS;
    if (gone) {
      try {
        mkdirSync(guard);
        try {
          // Under the guard: still the same dead holder's lock?
          const again = readRecord(file);
          if (again !== undefined && (again?.token ?? null) === (holder?.token ?? null)) unlinkSync(file);
        } finally {
          rmdirSync(guard);
        }
      } catch (error) {
        if (error.code !== "EEXIST") throw error;
        if (ageMs(guard) > STALE_MS) rmSync(guard, { recursive: true, force: true });
      }
      continue;
    }
    if (!told) {
      told = true;
      onWait(holder?.pid ?? null);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
