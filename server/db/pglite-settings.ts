/**
 * The embedded database's memory settings (ADR 0105), added to PGlite's own start parameters. PGlite's default
 * `shared_buffers` (128 MB) is resident from the start: it is most of a small server's memory budget while the
 * operating system's page cache holds the same pages again. 16 MB keeps the submission path's and the pages'
 * throughput (the hot rows are few) and leaves the rest of a 1 GB server to the page cache.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** `-c name=value` pairs for PGlite's `startParams`, after `PGlite.defaultStartParams`. */
export const PGLITE_START_PARAMS: readonly string[] = ["-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
