/** What the HTTP layer is handed at construction (by the composition root, ./root.ts): config, database and services. */
import type { Env } from "./config/env";
import type { Database, DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import type { AppServices } from "./services";

export interface AppDeps {
  env: Env;
  db: Database;
  database: DatabaseHandle;
  logger: Logger;
  /** Clock seam for tests of expiry and windows. */
  now: () => Date;
  /** Every domain service, built once by the composition root. */
  services: AppServices;
}
