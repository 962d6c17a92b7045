/** What the HTTP layer is handed at construction: the one typed seam to the database and config. */
import type { Env } from "./config/env";
import type { Database, DatabaseHandle } from "./db/client";
import type { DiskGuard } from "./db/disk-space";
import type { Logger } from "./logger";

export interface AppDeps {
  env: Env;
  db: Database;
  database: DatabaseHandle;
  logger: Logger;
  /** Clock seam for tests of expiry and windows. */
  now: () => Date;
  /** Free space of DATA_DIR (embedded database): created by createApp when not given. */
  disk?: DiskGuard;
}
