/**
 * Initialises an embedded database directory, in a short-lived process of its own (started by ./initdb.ts): the
 * directory named on the command line is created by PGlite's initdb, with the product's extensions and settings,
 * then closed. Exits 0 once it is whole, 1 with the reason on stderr otherwise.
 */
import { PGlite } from "@electric-sql/pglite";
import { DurableNodeFS } from "./durable-fs";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./pglite-settings";

const directory = process.argv[2];
try {
  if (!directory) throw new Error("no directory was named");
  const client = new PGlite({ fs: new DurableNodeFS(directory), extensions: PGLITE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS] });
  await client.waitReady;
  await client.close();
  process.exit(0);
} catch (error) {
  process.stderr.write(`initdb: ${(error as Error).message}\n`);
  process.exit(1);
}
