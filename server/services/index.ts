/** Builds every domain service over one database and clock (the HTTP layer and the CLI use these). */
import type { Database } from "../db/client";
import { createAuditService } from "./audit";
import { createAuthService } from "./auth";
import { createAdminLists } from "./lists";
import { createRateLimitService } from "./rate-limits";
import { createSessionService, type SessionPolicy } from "./sessions";
import { createOutboxAdminService } from "./outbox/admin";
import type { OutboxQueueConfig } from "./outbox/queue";
import { createSubmissionService } from "./submissions";
import { createUserService } from "./users";

export interface ServiceConfig {
  db: Database;
  now: () => Date;
  session?: SessionPolicy;
  /** Where staff alerts go and the Message-ID domain; omitted: applicant emails only. */
  outbox?: OutboxQueueConfig;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 120 * 60_000, absoluteMs: 12 * 3600_000 };

export function createServices({ db, now, session = DEFAULT_SESSION_POLICY, outbox }: ServiceConfig) {
  const audit = createAuditService(db, now);
  const sessions = createSessionService(db, now, session);
  const users = createUserService({ db, now, sessions, audit });
  const auth = createAuthService({ db, now, users, sessions, audit });
  return {
    audit,
    sessions,
    users,
    auth,
    submissions: createSubmissionService(db, outbox, now),
    rateLimits: createRateLimitService(db, now),
    outbox: createOutboxAdminService(db, now, audit),
    lists: createAdminLists(db, now),
  };
}

export type Services = ReturnType<typeof createServices>;
