/** An API-only app over a throwaway database, for supertest. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import { composeRoot } from "../server/root";
import { readEnv, type Env } from "../server/config/env";
import type { AppServices } from "../server/services";
import { createLogger, type Logger } from "../server/logger";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./database";

export interface TestApp {
  app: Express;
  database: TestDatabase;
  env: Env;
  /** Moves the app's clock (sessions, windows) forward. */
  advance(ms: number): void;
  /** The app's clock. */
  now(): Date;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A logger of the test's own (for example one writing to a stream the test reads). */
  logger?: Logger;
}

export async function createTestApp(
  engine: TestEngine,
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp & { services: AppServices }> {
  const database = await createTestDatabase(engine);
  // A data directory of its own (the erasure ledger, .eml files), never the checkout's ./data.
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-test-data-"));
  const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_LIMIT: "1000", DATA_DIR: dataDir, ...envOverrides });
  let offset = 0;
  const { app, services } = await composeRoot({
    env,
    database,
    logger: options.logger ?? createLogger(env.LOG_LEVEL),
    now: () => new Date(Date.now() + offset),
  });
  return {
    app,
    database,
    env,
    services,
    advance: (ms) => {
      offset += ms;
    },
    now: () => new Date(Date.now() + offset),
    close: () => database.destroy(),
  };
}
