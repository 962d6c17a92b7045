/**
 * Exclusive lock on the embedded database's data directory (PGlite has no lock of its own).
 *
 * The lock file holds the holder's host, pid and process start time. It is created atomically
 * (a hard link of a fully written temporary file, which fails when the lock exists), so two live
 * processes can never both hold it. A holder that is gone (kill -9, OOM kill, power cut of the
 * process) is detected at once: its pid no longer exists, or now belongs to a process that started
 * at another time. Such a lock is taken over under a short-lived takeover guard (an atomic mkdir),
 * so two processes starting together after a crash cannot both take it.
 */
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE = ".ovella.lock";

interface LockRecord {
  host: string;
  pid: number;
  /** The process's start time as the kernel counts it (Linux), to tell a reused pid apart. */
  started: string | null;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly holderPid: number | null) {
    super("data directory is locked by a live process");
    this.name = "DataDirLockedError";
  }
}

/** Start time of a process (field 22 of /proc/<pid>/stat), or null where /proc is not available. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when the process that wrote `record` is certainly gone. */
export function holderIsGone(record: LockRecord): boolean {
  // A lock written on another host (a shared network volume) cannot be checked from here.
  if (record.host !== hostname()) return false;
  if (!Number.isInteger(record.pid) || record.pid <= 0) return true;
  if (!pidAlive(record.pid)) return true;
  if (record.started !== null) {
    const now = processStartTime(record.pid);
    if (now !== null && now !== record.started) return true;
  }
  return false;
}

function readRecord(file: string): LockRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockRecord>;
    if (typeof parsed.pid !== "number" || typeof parsed.token !== "string" || typeof parsed.host !== "string") return null;
    return { host: parsed.host, pid: parsed.pid, started: parsed.started ?? null, token: parsed.token };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    return null;
  }
}

/** A takeover guard older than this was left by a process that died mid-takeover (which takes microseconds). */
const GUARD_STALE_MS = 10_000;

function tryCreate(file: string, record: LockRecord): boolean {
  const temp = `${file}.${record.token}.tmp`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Takes the lock of `dir` or throws DataDirLockedError while a live process holds it.
 * Returns the release function (removes the lock file only if it is still ours).
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const guard = `${file}.takeover`;
  const record: LockRecord = {
    host: hostname(),
    pid: process.pid,
    started: processStartTime(process.pid),
    token: randomBytes(12).toString("hex"),
  };
  const release = () => {
    try {
      if (readRecord(file)?.token === record.token) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, record)) return release;
    let holder: LockRecord | null;
    try {
      holder = readRecord(file);
    } catch {
      continue; // Removed between our attempt and the read: try again.
    }
    // An unreadable lock (a crash while it was being written cannot happen: it is linked whole) is
    // treated as held, unless it is older than the guard timeout.
    if (holder && !holderIsGone(holder)) throw new DataDirLockedError(holder.pid);
    if (!holder && Date.now() - safeMtime(file) < GUARD_STALE_MS) throw new DataDirLockedError(null);

    try {
      mkdirSync(guard);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() - safeMtime(guard) > GUARD_STALE_MS) {
        try {
          rmdirSync(guard);
        } catch {
          // Another process removed it first.
        }
        continue;
      }
      throw new DataDirLockedError(holder?.pid ?? null);
    }
    try {
      // Under the guard: the lock is still the dead holder's (nobody replaced it meanwhile)?
      let current: LockRecord | null = null;
      try {
        current = readRecord(file);
      } catch {
        current = null;
      }
      if (current && holder && current.token === holder.token) unlinkSync(file);
      else if (!current && !holder) unlinkSync(file);
      if (tryCreate(file, record)) return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      if (tryCreate(file, record)) return release;
    } finally {
      rmdirSync(guard);
    }
  }
  throw new DataDirLockedError(null);
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
