/**
 * What the HTTP layer is handed at construction (by the composition root, ./root.ts): configuration,
 * the services, and the database handle for the readiness check only (data goes through the services).
 */
import type { Env } from "./config/env";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import type { AppServices } from "./services";

export interface AppDeps {
  env: Env;
  /** Answers `/readyz` (`ping`); every read and write goes through `services`. */
  database: Pick<DatabaseHandle, "ping">;
  logger: Logger;
  /** Clock seam for tests of expiry and windows. */
  now: () => Date;
  /** Every domain service, built once by the composition root. */
  services: AppServices;
}
