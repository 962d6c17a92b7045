/**
 * What the HTTP layer is handed at construction (by the composition root, ./root.ts): configuration,
 * the services, and the database handle for the readiness check only (data goes through the services).
 */
import type { Env } from "./config/env";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import type { AppServices } from "./services";
import type { DiskGuard } from "./services/disk-space";
import type { OperatorStatus } from "./services/operator-status";

export interface AppDeps {
  env: Env;
  /** Answers `/readyz` (`ping`); every read and write goes through `services`. */
  database: Pick<DatabaseHandle, "ping">;
  logger: Logger;
  /** Clock seam for tests of expiry and windows. */
  now: () => Date;
  /** Every domain service, built once by the composition root. */
  services: AppServices;
  /** Free space where the embedded database keeps its files (absent on PostgreSQL). */
  disk?: DiskGuard;
  /** What /readyz tells an operator: outbox backlog, oldest unsent email, database size. */
  operatorStatus: () => Promise<OperatorStatus>;
}
