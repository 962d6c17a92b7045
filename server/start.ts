/** Boots the product: configuration, database (migrated), first super admin, HTTP server, graceful stop. */
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { ConfigError, readEnv } from "./config/env";
import { DatabaseLockedError, databaseOptionsFromEnv, openDatabase, RestoreInterruptedError } from "./db/client";
import { handOverFirstPassword } from "./files/first-password";
import { makeTreePrivate, restrictNewFiles } from "./files/private-files";
import { createLogger } from "./logger";
import { loadHeapTrim, startIdleTrim } from "./idle-trim";
import { registerBackgroundTask, stopBackgroundTasks } from "./lifecycle";
import { composeRoot } from "./root";
import { factorSecretsFromEnv } from "./services";
import { ensureInitialAdmin, FactorKeyError } from "./services/staff";

export interface StartOptions {
  getBuild: () => Promise<ServerBuild>;
  clientDir?: string;
  devMiddleware?: RequestHandler;
  mode: "production" | "development";
}

export async function start(options: StartOptions): Promise<Server> {
  let env;
  try {
    env = readEnv({ NODE_ENV: options.mode, ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);

  // Private files (ADR 0058): everything this process creates from here on is 0600/0700, PGlite's own
  // files included, and what DATA_DIR (the database, the outbox's .eml files) already holds is tightened.
  restrictNewFiles();
  const { tightened } = makeTreePrivate(env.DATA_DIR);
  if (tightened > 0) logger.info({ tightened }, "made the data directory's existing files private to this user");

  let database;
  try {
    database = await openDatabase(databaseOptionsFromEnv(env));
  } catch (error) {
    if (error instanceof DatabaseLockedError || error instanceof RestoreInterruptedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  logger.info({ engine: database.engine }, "database ready");

  if (!env.MFA_REQUIRED) {
    logger.warn("MFA_REQUIRED=0: staff can sign in with a password alone. Use this for a trial install only.");
  }
  let factorSecrets;
  try {
    factorSecrets = await factorSecretsFromEnv(env, database.db);
  } catch (error) {
    if (error instanceof FactorKeyError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const boot = await ensureInitialAdmin(database.db, env, factorSecrets);
  if (boot.created) {
    logger.info({ username: boot.username }, "created the first super admin");
    if (boot.generatedPassword && boot.username) {
      // Shown once to a terminal, otherwise written to a 0600 file; never to the structured log (ADR 0097).
      const file = handOverFirstPassword({ username: boot.username, password: boot.generatedPassword }, env.DATA_DIR, {
        interactive: process.stdout.isTTY === true,
        write: (text) => process.stdout.write(text),
      });
      if (file) logger.warn({ file }, "the first super admin's one-time password was written to a file readable by this user only");
    }
  }

  const { app, workers, banner, pagesBuilt, foreground } = await composeRoot({
    env,
    database,
    logger,
    pages: { getBuild: options.getBuild, mode: options.mode },
    clientDir: options.clientDir,
    devMiddleware: options.devMiddleware,
    backupSignal: true,
  });

  // Built before the first visitor, so every public answer is the one cacheable copy (ADR 0051).
  await pagesBuilt;
  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info({ port: env.PORT, host: env.HOST }, `Ovella is serving on http://localhost:${env.PORT}`);
    for (const line of banner) logger.info(line);
    for (const worker of workers) {
      worker.start();
      registerBackgroundTask(worker.name, () => worker.stop());
    }
  });
  // Free heap pages go back to the system once the server has been quiet a while (ADR 0119).
  const trimHeap = loadHeapTrim();
  if (!trimHeap) logger.info("the optional @ovella/malloc-trim addon is not built here: freed heap memory stays resident until reused");
  const idleTrim = trimHeap ? startIdleTrim({ trim: trimHeap, logger }) : undefined;
  if (idleTrim) registerBackgroundTask("idle-trim", () => idleTrim.stop());
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Graceful stop: no new connections, requests in flight finish (bounded by SHUTDOWN_TIMEOUT_SECONDS),
  // kept-alive connections are told to close, background tasks stop, then the database closes.
  let stopping = false;
  server.on("request", (_req, res) => {
    foreground.arrived();
    idleTrim?.activity();
    if (stopping) res.setHeader("Connection", "close");
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    let forced = false;
    const force = setTimeout(() => {
      forced = true;
      logger.warn("requests still in flight at the shutdown deadline: closing their connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      const failed = await stopBackgroundTasks();
      if (failed.length > 0) logger.warn({ tasks: failed }, "background tasks did not stop cleanly");
      await database.close().catch((err: unknown) => logger.error({ err }, "database close failed"));
      logger.info("stopped");
      process.exit(forced ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
