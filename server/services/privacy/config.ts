/** The privacy settings of a process, from its validated environment. */
import path from "node:path";
import type { Env } from "../../config/env";
import type { DatabaseHandle } from "../../db/client";
import type { Logger } from "../../logger";
import { createAuditService } from "../audit";
import { createPrivacyService, type PrivacyService } from "./index";
import type { RetentionPolicy } from "./retention";
import { startRetentionSchedule, type RetentionSchedule } from "./schedule";

export function retentionPolicyFromEnv(env: Env): RetentionPolicy {
  return {
    applicationsDays: env.RETENTION_DAYS_APPLICATIONS,
    messagesDays: env.RETENTION_DAYS_MESSAGES,
    auditDays: env.RETENTION_DAYS_AUDIT,
  };
}

/** Where the outbox writes an .eml file per email when SMTP_URL is unset. */
export function outboxDirFromEnv(env: Env): string {
  return path.resolve(env.DATA_DIR, "outbox");
}

const systemClock = () => new Date();

/** The privacy service as configured by the environment, on the system clock. */
export function privacyServiceFromEnv(env: Env, database: DatabaseHandle): PrivacyService {
  return createPrivacyService({
    database,
    now: systemClock,
    audit: createAuditService(database.db, systemClock),
    hashSecret: env.PRIVACY_HASH_SECRET,
    retention: retentionPolicyFromEnv(env),
    outboxDir: outboxDirFromEnv(env),
  });
}

/** The scheduled purge of a server process: at start, then once a day; stop() before closing the database. */
export function startRetentionFromEnv(env: Env, database: DatabaseHandle, logger: Logger): RetentionSchedule {
  const privacy = privacyServiceFromEnv(env, database);
  return startRetentionSchedule({ run: () => privacy.purge(), logger });
}
