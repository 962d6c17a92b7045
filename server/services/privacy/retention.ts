/**
 * Retention: records older than the configured periods are removed by a purge that runs in the server at start and
 * once a day (and from the command line). It deletes in small batches, each its own short statement, so public
 * submissions never wait behind it; with several instances on one PostgreSQL database only the instance holding the
 * advisory lock purges (PGlite serves one process only). Each run is audited with what it removed, by count.
 */
import { and, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DatabaseHandle } from "../../db/client";
import { applications, auditEvents, contactMessages, emailOutbox, privacyRequests, rateLimits, sessions } from "../../db/schema";
import { removeEmlFiles } from "./erase";
import { DAY_MS } from "#core/time";
import { rowsOf } from "./sql";

export interface RetentionPolicy {
  applicationsDays: number;
  messagesDays: number;
  auditDays: number;
}

export interface PurgeCounts {
  applications: number;
  contactMessages: number;
  emails: number;
  auditEvents: number;
  privacyRequests: number;
  sessions: number;
  rateLimits: number;
}

export interface PurgeResult {
  /** False when another instance held the lock and this one did nothing. */
  ran: boolean;
  dryRun: boolean;
  counts: PurgeCounts;
  cutoffs: { applications: Date; messages: Date; audit: Date };
}

export interface PurgeOptions {
  database: Pick<DatabaseHandle, "db" | "engine">;
  policy: RetentionPolicy;
  now: Date;
  dryRun?: boolean;
  /** Directory of the outbox's .eml files (removed with their rows). */
  outboxDir?: string | null;
  batchSize?: number;
  /** Who the audit event names (the scheduled purge: `system`; the command line: `cli`). */
  actorUsername?: string;
}

/** Key of the advisory lock one purging instance holds. */
const PURGE_LOCK_KEY = 727_361_005;
const DEFAULT_BATCH = 500;

interface Target {
  name: keyof PurgeCounts;
  table: PgTable;
  key: SQL;
  where: SQL;
  /** Outbox rows: their .eml files go with them. */
  files?: boolean;
}

function targets(policy: RetentionPolicy, now: Date) {
  const cutoffs = {
    applications: new Date(now.getTime() - policy.applicationsDays * DAY_MS),
    messages: new Date(now.getTime() - policy.messagesDays * DAY_MS),
    audit: new Date(now.getTime() - policy.auditDays * DAY_MS),
  };
  const oldest = cutoffs.applications < cutoffs.messages ? cutoffs.applications : cutoffs.messages;
  const list: Target[] = [
    { name: "applications", table: applications, key: sql`${applications.id}`, where: lt(applications.submitted_at, cutoffs.applications) },
    { name: "contactMessages", table: contactMessages, key: sql`${contactMessages.id}`, where: lt(contactMessages.submitted_at, cutoffs.messages) },
    {
      // An email is kept as long as the record it is about.
      name: "emails",
      table: emailOutbox,
      key: sql`${emailOutbox.id}`,
      where: or(
        and(isNotNull(emailOutbox.application_id), lt(emailOutbox.created_at, cutoffs.applications)),
        and(isNotNull(emailOutbox.contact_message_id), lt(emailOutbox.created_at, cutoffs.messages)),
        and(sql`${emailOutbox.application_id} is null and ${emailOutbox.contact_message_id} is null`, lt(emailOutbox.created_at, oldest)),
      ) as SQL,
      files: true,
    },
    { name: "auditEvents", table: auditEvents, key: sql`${auditEvents.id}`, where: lt(auditEvents.at, cutoffs.audit) },
    {
      name: "privacyRequests",
      table: privacyRequests,
      key: sql`${privacyRequests.id}`,
      where: and(sql`${privacyRequests.status} <> 'open'`, lt(privacyRequests.completed_at, cutoffs.audit)) as SQL,
    },
    {
      name: "sessions",
      table: sessions,
      key: sql`${sessions.id}`,
      where: or(lt(sessions.expires_at, now), lt(sessions.revoked_at, now)) as SQL,
    },
    { name: "rateLimits", table: rateLimits, key: sql`${rateLimits.key}`, where: lt(rateLimits.reset_at, now) },
  ];
  return { cutoffs, list };
}

const emptyCounts = (): PurgeCounts => ({
  applications: 0,
  contactMessages: 0,
  emails: 0,
  auditEvents: 0,
  privacyRequests: 0,
  sessions: 0,
  rateLimits: 0,
});

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function purgeUnlocked(options: PurgeOptions): Promise<PurgeResult> {
  const { db } = options.database;
  const { cutoffs, list } = targets(options.policy, options.now);
  const counts = emptyCounts();
  const batch = options.batchSize ?? DEFAULT_BATCH;
  for (const target of list) {
    if (options.dryRun) {
      const result = await db.execute(sql`select count(*)::int as n from ${target.table} where ${target.where}`);
      counts[target.name] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
      continue;
    }
    for (;;) {
      // A short statement per batch: the rows it locks are old ones no submission touches.
      const result = await db.execute(
        sql`delete from ${target.table} where ${target.key} in (select ${target.key} from ${target.table} where ${target.where} limit ${batch}) returning ${target.key}::text as key`,
      );
      const keys = rowsOf<{ key: string }>(result).map((r) => r.key);
      counts[target.name] += keys.length;
      if (target.files && options.outboxDir) await removeEmlFiles(options.outboxDir, keys);
      if (keys.length < batch) break;
      await yieldToOthers();
    }
  }
  if (!options.dryRun) {
    await db.insert(auditEvents).values({
      actor_id: null,
      actor_username: options.actorUsername ?? "system",
      action: "retention_purge",
      at: options.now,
      detail: {
        counts,
        retention_days: {
          applications: options.policy.applicationsDays,
          messages: options.policy.messagesDays,
          audit: options.policy.auditDays,
        },
      },
    });
  }
  return { ran: true, dryRun: Boolean(options.dryRun), counts, cutoffs };
}

/**
 * Runs the purge. On PostgreSQL a transaction holds pg_try_advisory_xact_lock for the run (the batches themselves
 * run and commit on other pool connections); an instance that does not get the lock returns `ran: false`.
 */
export async function purgeExpired(options: PurgeOptions): Promise<PurgeResult> {
  const { database } = options;
  if (database.engine === "pglite" || options.dryRun) return purgeUnlocked(options);
  let result: PurgeResult | undefined;
  await database.db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`);
    if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return;
    result = await purgeUnlocked(options);
  });
  return result ?? { ran: false, dryRun: false, counts: emptyCounts(), cutoffs: targets(options.policy, options.now).cutoffs };
}
