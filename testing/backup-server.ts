/**
 * A server process for the `npm run backup` test: the embedded database in DATA_DIR, the composition root with
 * its workers started (the backup worker answers SIGUSR2, as in server/start.ts), no HTTP listener. Prints
 * "ready" once serving; SIGTERM stops the workers and closes the database.
 */
import { readEnv } from "../server/config/env";
import { openDatabase } from "../server/db/client";
import { createLogger } from "../server/logger";
import { composeRoot } from "../server/root";

const env = readEnv(process.env);
const database = await openDatabase({ engine: "pglite", dataDir: env.DATA_DIR });
const { workers } = await composeRoot({ env, database, logger: createLogger("silent"), backupSignal: true });
for (const worker of workers) worker.start();
process.on("SIGTERM", () => {
  void (async () => {
    for (const worker of workers) await worker.stop();
    await database.close();
    process.exit(0);
  })();
});
process.stdout.write("ready\n");
