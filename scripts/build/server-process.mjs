// How the server's process is started (ADR 0115): the Node flags and the environment that `npm start` gives it, and
// that the benchmarks give a build's server so that they measure it as it runs. Both are read when the process
// starts, so they cannot be set from inside it. Plain JavaScript: `npm start` runs it with any Node.
//   - On the embedded engine, `--max-semi-space-size=16`: V8's young generation grows to 64 MB under the allocation
//     of a start or a burst of requests, and an idle server keeps it. Capped at 16 MB a half, the server holds
//     30-40 MB less and keeps its throughput; at 8 MB the submissions lost up to a tenth of theirs and a streamed
//     CSV export on PostgreSQL a fifth. On PostgreSQL, where the server holds 170-250 MB idle, V8's default stays.
//   - On the embedded engine too, `--heap-growing-percent=25`: after each full collection V8 lets the old generation
//     grow to 1.25 × what survived before the next one. By default the factor follows the machine: up to 4 × where
//     the physical memory is large, 1.3-2 × on a small server. On a large machine a burst of submissions left the
//     heap at 140-210 MB, mostly garbage, and the page views after it started from there; at 1.25 × it stays near
//     90 MB, at 0.92-1.03 of the rate (ADR 0118). The server grows its heap as on the small machine it is meant for,
//     wherever it runs. A factor, not a limit: a burst that needs more heap gets it, collected more often.
//   - glibc's malloc with a fixed mmap threshold: by default each free of a large mapped block raises the threshold
//     and, with it, how much free memory a heap of malloc's keeps (twice the threshold, up to 64 MB a heap, one heap
//     per thread that allocates). V8's compiler frees hundreds of MB at once after it optimises PGlite's code, and
//     those pages stayed. A fixed threshold keeps the trim at its default 128 KB, so they go back to the system. At
//     4 MB, blocks between 128 KB and 4 MB are still reused from the heap: fixed at 128 KB, mapping each of them
//     cost the submissions a fifth of their throughput. Ignored where the C library is not glibc (Alpine's musl).

/** Node flags of the server's process on the embedded engine: the young generation capped, the old one grown by a quarter. */
export const EMBEDDED_NODE_FLAGS = Object.freeze(["--max-semi-space-size=16", "--heap-growing-percent=25"]);

/** glibc tunables of the server's process (and of the processes it starts, which inherit its environment). */
export const SERVER_GLIBC_TUNABLES = Object.freeze({ "glibc.malloc.mmap_threshold": "4194304" });

/**
 * Whether `env` runs the embedded engine (as the server reads it: no DATABASE_URL, or only blanks).
 * @param {Record<string, string | undefined>} env
 */
export function runsEmbedded(env) {
  return !(env.DATABASE_URL ?? "").trim();
}

/**
 * Node flags of the server's process for `env`, before the script.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function serverNodeFlags(env) {
  return runsEmbedded(env) ? [...EMBEDDED_NODE_FLAGS] : [];
}

/**
 * `env` with the server's glibc tunables added to any GLIBC_TUNABLES it already has: a tunable the operator set
 * keeps the operator's value.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function serverProcessEnv(env) {
  const given = (env.GLIBC_TUNABLES ?? "").split(":").filter(Boolean);
  const named = new Set(given.map((pair) => pair.split("=")[0]));
  const added = Object.entries(SERVER_GLIBC_TUNABLES)
    .filter(([name]) => !named.has(name))
    .map(([name, value]) => `${name}=${value}`);
  return { ...env, GLIBC_TUNABLES: [...given, ...added].join(":") };
}
