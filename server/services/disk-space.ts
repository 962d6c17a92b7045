/**
 * Free space where the embedded database and the outbox files live (DATA_DIR), checked at most once per
 * second (ADR 0037). Below `DISK_MIN_FREE_MB` submissions are answered 503 with Retry-After before they reach
 * the database, and /readyz says why: PostgreSQL inside PGlite must never meet a full disk in the middle of
 * a WAL segment switch, and a visitor gets a clear "try again" instead of a lost lead. The check passes again
 * by itself once space returns.
 */
import { statfs as statfsAsync } from "node:fs/promises";
import path from "node:path";

export interface DiskSpace {
  ok: boolean;
  /** Bytes available to the process; null when the filesystem cannot tell. */
  freeBytes: number | null;
  minFreeBytes: number;
  /** Why submissions are refused, for /readyz and the log (no paths). */
  reason: string | null;
}

export interface DiskGuard {
  check(): Promise<DiskSpace>;
}

export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export interface DiskGuardOptions {
  dir: string;
  minFreeBytes: number;
  /** Seam for tests without a small filesystem. */
  statfs?: StatFs;
  cacheMs?: number;
  clock?: () => number;
}

const MB = 1024 * 1024;

export function createDiskGuard(options: DiskGuardOptions): DiskGuard {
  const statfs = options.statfs ?? ((dir: string) => statfsAsync(dir));
  const cacheMs = options.cacheMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let cached: { at: number; value: DiskSpace } | undefined;
  let pending: Promise<DiskSpace> | undefined;

  async function measure(): Promise<DiskSpace> {
    // DATA_DIR may not exist yet (first start): its nearest existing parent is on the same filesystem.
    let dir = path.resolve(options.dir);
    for (;;) {
      try {
        const stats = await statfs(dir);
        const freeBytes = Number(stats.bavail) * Number(stats.bsize);
        const ok = freeBytes >= options.minFreeBytes;
        return {
          ok,
          freeBytes,
          minFreeBytes: options.minFreeBytes,
          reason: ok
            ? null
            : `disk almost full: ${(freeBytes / MB).toFixed(1)} MB free where the data directory is, at least ${(options.minFreeBytes / MB).toFixed(0)} MB are kept free`,
        };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const parent = path.dirname(dir);
        if (code === "ENOENT" && parent !== dir) {
          dir = parent;
          continue;
        }
        return { ok: true, freeBytes: null, minFreeBytes: options.minFreeBytes, reason: null };
      }
    }
  }

  return {
    async check() {
      if (cached && clock() - cached.at < cacheMs) return cached.value;
      pending ??= measure().finally(() => {
        pending = undefined;
      });
      const value = await pending;
      cached = { at: clock(), value };
      return value;
    },
  };
}
