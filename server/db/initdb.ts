/**
 * A new embedded database is initialised in a child process (ADR 0105). PGlite's initdb runs a second WebAssembly
 * instance whose memory stays referenced for the life of the process that ran it: 300–440 MB more after a first
 * start than after a restart on the same directory. Run in a child that exits, it costs the server nothing, and the
 * first start holds what a restart holds.
 *
 * The child initialises `DATA_DIR/pglite.new`; once it exits, every file and folder of it is synced and it is renamed
 * to `DATA_DIR/pglite` in one step, so a first start killed midway leaves no half-made database behind (the next
 * start makes it anew).
 */
import { fork } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { open, readdir, rename } from "node:fs/promises";
import path from "node:path";
import { childEntry } from "../child-entry";

/** How long initdb may take before the start gives up (it takes a few seconds). */
const INITDB_TIMEOUT_MS = 120_000;

/** Whether `directory` is missing or empty: a database may be made there. */
export function needsInitialising(directory: string): boolean {
  return !existsSync(directory) || readdirSync(directory).length === 0;
}

/** Initialises `directory` (missing or empty) as an embedded database, in a child process; call with DATA_DIR's lock held. */
export async function initialiseInChild(directory: string): Promise<void> {
  const staging = `${directory}.new`;
  rmSync(staging, { recursive: true, force: true });
  // Private to this user whatever the umask, as the database's own folder always was (ADR 0058).
  mkdirSync(staging, { mode: 0o700 });
  chmodSync(staging, 0o700);
  const entry = childEntry("initdb-worker", import.meta.url);
  const child = fork(entry.file, [staging], { execArgv: entry.execArgv, stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr = (stderr + text).slice(-2000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), INITDB_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`The embedded database could not be created (${stderr.trim() || `initdb exited with ${code ?? "a signal"}`})`);
  }
  await syncTree(staging);
  rmSync(directory, { recursive: true, force: true });
  await rename(staging, directory);
  await syncPath(path.dirname(directory));
}

async function syncTree(directory: string): Promise<void> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) await syncTree(child);
    else if (entry.isFile()) await syncPath(child);
  }
  await syncPath(directory);
}

async function syncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
