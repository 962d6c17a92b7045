/**
 * The backup directory: files written atomically (a temporary name in the same directory, written, fsynced,
 * renamed into place, then the directory fsynced), readable by the owner only (0600 in a 0700 directory), listed
 * newest first with their checksum checked, and pruned to the newest `keep`.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { inspectBackupFile } from "./format";

const PREFIX = "ovella-";
const SUFFIX = ".backup";
const TEMP_MARK = ".tmp-";

export interface StoredBackup {
  name: string;
  /** When the snapshot was taken: from the manifest, or from the file's name when the manifest cannot be read. */
  takenAt: Date;
  bytes: number;
  checksumOk: boolean;
}

/** `ovella-20261125T180102345Z.backup`: names sort by time. */
export function backupFileName(takenAt: Date): string {
  return `${PREFIX}${takenAt.toISOString().replace(/[-:.]/g, "")}${SUFFIX}`;
}

/** The time a backup's name carries, or null when the name was not made by `backupFileName`. */
export function takenAtFromName(name: string): Date | null {
  const stamp = /^ovella-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.backup$/.exec(name);
  if (!stamp) return null;
  const [, y, mo, d, h, mi, s, ms] = stamp;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isBackupName(name: string): boolean {
  return name.startsWith(PREFIX) && name.endsWith(SUFFIX) && !name.includes(TEMP_MARK);
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates the directory owner-only (0700), or narrows an existing one to that. */
export async function ensurePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** A name in `dir` for a file on its way to becoming `name`: hidden, and removed by the next prune if left behind. */
export function temporaryPath(dir: string, name: string): string {
  return path.join(dir, `.${name}${TEMP_MARK}${randomBytes(6).toString("hex")}`);
}

/**
 * Writes `dir/name` so that the name shows either nothing or the whole, synced file: `content`'s bytes, or the
 * parts in order, each bytes or the path of a file whose bytes are copied in chunks.
 */
export async function writeFileAtomically(dir: string, name: string, content: Buffer | { parts: (Buffer | { file: string })[] }): Promise<void> {
  const temp = temporaryPath(dir, name);
  const handle = await open(temp, "wx", 0o600);
  try {
    for (const part of Buffer.isBuffer(content) ? [content] : content.parts) {
      if (Buffer.isBuffer(part)) await handle.write(part);
      else for await (const chunk of createReadStream(part.file) as AsyncIterable<Buffer>) await handle.write(chunk);
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path.join(dir, name));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

export async function listBackups(dir: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter(isBackupName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const backups = await Promise.all(names.map((name) => describe(dir, name)));
  return backups.filter((b): b is StoredBackup => b !== null).toSorted((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.name.localeCompare(a.name));
}

async function describe(dir: string, name: string): Promise<StoredBackup | null> {
  const file = path.join(dir, name);
  try {
    const info = await stat(file);
    try {
      const { manifest } = await inspectBackupFile(file);
      return { name, takenAt: new Date(manifest.takenAt), bytes: info.size, checksumOk: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
      // A damaged file still sorts where its name puts it; the file's own time can be later (copied, touched).
      return { name, takenAt: takenAtFromName(name) ?? info.mtime, bytes: info.size, checksumOk: false };
    }
  } catch (error) {
    // Pruned by another run meanwhile.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Removes all but the newest `keep` backups (and temporary files a crash left); returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await readdir(dir);
  const stale = all.filter((name) => name.includes(TEMP_MARK));
  const backups = all.filter(isBackupName).toSorted().toReversed();
  const removed = [...backups.slice(keep), ...stale];
  await Promise.all(removed.map((name) => rm(path.join(dir, name), { force: true })));
  if (removed.length > 0) await syncDirectory(dir);
  return removed.filter(isBackupName);
}
