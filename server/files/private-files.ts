/**
 * The files the product keeps on disk (the embedded database under DATA_DIR, the outbox's `.eml` files,
 * any backups) are readable and writable by the process's own user only: directories 0700, files 0600.
 *
 * Two halves, both applied at start: `restrictNewFiles` sets the process umask to 0o077 before the
 * database opens, so every file created afterwards (PGlite's own writes included, which ask for 0666) is
 * private from its first byte; `makeTreePrivate` creates a directory 0700 and walks what it already holds,
 * so data written by an older version, another tool or a restore under a looser umask is tightened too.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Every file this process creates from now on is private (umask 0o077). Returns the previous umask. */
export function restrictNewFiles(): number {
  return process.umask(PRIVATE_UMASK);
}

export interface PrivateTreeResult {
  /** Entries whose mode was changed. */
  tightened: number;
}

function isGone(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "ENOENT";
}

/** Sets `mode` on `target` when its permission bits differ; true when it changed them. */
function setMode(target: string, mode: number): boolean {
  try {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return false; // never follow a link out of the tree
    if ((stat.mode & 0o777) === mode) return false;
    chmodSync(target, mode);
    return true;
  } catch (error) {
    if (isGone(error)) return false; // removed while we walked (a lock file, a temporary file)
    throw error;
  }
}

/**
 * Creates `dir` (and missing parents) 0700 if needed, then makes it and everything below it private:
 * directories 0700, files 0600. Symbolic links are left alone and not followed.
 */
export function makeTreePrivate(dir: string): PrivateTreeResult {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  let tightened = setMode(root, PRIVATE_DIRECTORY_MODE) ? 1 : 0;
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return { tightened };
    throw error;
  }
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    const target = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) tightened += setMode(target, PRIVATE_DIRECTORY_MODE) ? 1 : 0;
    else if (entry.isFile()) tightened += setMode(target, PRIVATE_FILE_MODE) ? 1 : 0;
  }
  return { tightened };
}
