/**
 * The embedded database's memory settings (ADR 0105), added to PGlite's own start parameters.
 * - `shared_buffers`: PGlite's default (128 MB) is resident from the start, most of a small server's memory
 *   budget, while the operating system's page cache holds the same pages again. 16 MB keeps the submission
 *   path's and the pages' throughput (the hot rows are few) and leaves the rest of a 1 GB server to the page cache.
 * - `max_wal_size` / `min_wal_size`: PostgreSQL keeps up to 1 GB of WAL segments by default (80 MB at least);
 *   a backup reads the whole directory into memory (PGlite's `dumpDataDir`), so every kept segment is memory at
 *   the backup's peak and bytes in the backup. 64 MB / 32 MB: a checkpoint every 64 MB of writes at most.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";
export const PGLITE_MAX_WAL_SIZE = "64MB";

/** `-c name=value` pairs for PGlite's `startParams`, after `PGlite.defaultStartParams`. */
export const PGLITE_START_PARAMS: readonly string[] = [
  "-c",
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  "-c",
  `max_wal_size=${PGLITE_MAX_WAL_SIZE}`,
  "-c",
  "min_wal_size=32MB",
];
