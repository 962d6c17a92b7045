/**
 * Where a backup's snapshot of the embedded database is written while it is sealed (ADR 0105): a plain tar beside the
 * database's directory, in DATA_DIR (owner-only), never in the backup folder. The backup removes it once sealed; one
 * that a stopped process left is removed when the database is next opened (server/db/client.ts) and before the next
 * backup, so no copy of an erased row outlives the process that made it.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";

const SNAPSHOT_PREFIX = ".backup-snapshot-";
const SNAPSHOT_SUFFIX = ".tar";

/** A new snapshot's path for the database in `pgliteDir` (DATA_DIR/pglite): in DATA_DIR. */
export function snapshotFileFor(pgliteDir: string): string {
  return path.join(path.dirname(pgliteDir), `${SNAPSHOT_PREFIX}${process.pid}-${Date.now()}${SNAPSHOT_SUFFIX}`);
}

/** Removes the snapshots a stopped process left in `dataDir` (call with the data directory's lock held). */
export async function removeLeftSnapshots(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.startsWith(SNAPSHOT_PREFIX) && name.endsWith(SNAPSHOT_SUFFIX)).map((name) => rm(path.join(dataDir, name), { force: true })),
  );
}
