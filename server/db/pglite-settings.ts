import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The embedded database's memory settings (ADR 0105), added to PGlite's own start parameters.
 * - `shared_buffers`: PGlite's default (128 MB) is resident from the start, a large part of a small server's memory
 *   budget, while the operating system's page cache holds the same pages again. 64 MB keeps the submission path's
 *   throughput; 16 MB did not (0.5 of it: in single-user mode there is no background writer, so the request that
 *   needs a buffer writes out the dirty one it evicts).
 */
export const PGLITE_SHARED_BUFFERS = "64MB";

/** `-c name=value` pairs for PGlite's `startParams`, after `PGlite.defaultStartParams`. */
export const PGLITE_START_PARAMS: readonly string[] = ["-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** Extensions the migrations create (pg_trgm backs the admin's search); PostgreSQL ships them as contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };
