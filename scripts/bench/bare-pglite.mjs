/**
 * The embedded engine's floor for `npm run bench:memory`: a bare PGlite (the product's extensions, no server)
 * opened on a copy of the measured database with the start parameters given as JSON in argv[3], one query,
 * then idle until SIGTERM. The benchmark reads its memory from /proc as it reads the server's.
 *   node scripts/bench/bare-pglite.mjs DIR '["-c","shared_buffers=16MB"]'
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const extra = JSON.parse(process.argv[3] ?? "[]");
const client = new PGlite(process.argv[2], {
  extensions: { pg_trgm },
  ...(extra.length ? { startParams: [...PGlite.defaultStartParams, ...extra] } : {}),
});
await client.waitReady;
await client.query("select count(*) from applications");
process.send?.({ type: "ready" });
process.on("SIGTERM", () => void client.close().then(() => process.exit(0)));
setInterval(() => undefined, 60_000);
