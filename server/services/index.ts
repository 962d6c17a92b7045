/**
 * Builds every domain service over one database and clock. The process's composition root
 * (../root.ts) calls `createAppServices` once; the command-line tools and tests call the factories here.
 * No other module constructs a service.
 */
import { createApplicantPages } from "./applicant";
import type { Env } from "../config/env";
import type { Database, DatabaseHandle } from "../db/client";
import { createAuditService } from "./audit";
import { createConsultService } from "./consult";
import { brand } from "#core/brand";
import { backupKeyBytes } from "../config/env";
import { backupSettingsFromEnv, type BackupPlan, createBackupService, ledgerBesideBackups } from "./backups";
import { resolveStoredSecret } from "./stored-secrets";
import { createAdminLists } from "./lists";
import {
  createApiKeyService,
  createAuthService,
  createFactorSecretBox,
  createFactorService,
  createKnownDevices,
  type FactorSecretBox,
  readFactorKey,
  resealFactorSecrets,
  resolveFactorKey,
  createRevocationRecorder,
  createSessionService,
  createUserService,
  type RelyingParty,
  revocationLedgerPath,
  type SessionPolicy,
} from "./staff";
import { createRateLimitService } from "./rate-limits";
import { createOutboxAdminService, createUnsubscribeService, outboxQueueConfig, type OutboxQueueConfig, resolveUnsubscribeSecret } from "./outbox";
import { createPipelineService, type PipelineSettings, pipelineSettingsFromEnv } from "./pipeline";
import { createReminderService, syncReminders } from "./reminders";
import { createPrivacyService, outboxDirFromEnv, type PrivacyService, privacySettingsFromEnv, type PrivacySettings } from "./privacy";
import { createSubmissionService } from "./submissions";
import { createWebhookService } from "./webhooks";

export interface ServiceConfig {
  db: Database;
  now: () => Date;
  session?: SessionPolicy;
  /** Where staff alerts go and the Message-ID domain; omitted: applicant emails only. */
  outbox?: OutboxQueueConfig;
  /** DATA_DIR/outbox: a deleted record's .eml files are removed from it. */
  outboxDir?: string | null;
  /** MFA_REQUIRED (default on): members without a second factor must enrol one at sign-in. */
  mfaRequired?: boolean;
  /** Where the admin runs, for passkeys; default the local development origin. */
  relyingParty?: RelyingParty;
  /** Webhook delivery: http and private addresses allowed (local testing only; default neither). */
  webhooks?: { allowHttp: boolean; allowPrivate: boolean };
  /** Where every revocation is recorded (ADR 0107): DATA_DIR's ledger and, with backups on, the copy beside them. */
  revocationLedgers?: string[];
  /** Seals the staff's authenticator secrets (ADR 0108); omitted: services that never touch one. */
  factorSecrets?: FactorSecretBox;
}

/** The relying party of passkeys: the origin staff open the admin at. */
export function relyingPartyFor(origin: string): RelyingParty {
  return { name: `${brand.name} admin`, id: new URL(origin).hostname, origin: new URL(origin).origin };
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 120 * 60_000, absoluteMs: 12 * 3600_000 };

export function createServices({
  db,
  now,
  session = DEFAULT_SESSION_POLICY,
  outbox,
  outboxDir = null,
  mfaRequired = true,
  relyingParty = relyingPartyFor("http://localhost:3000"),
  webhooks = { allowHttp: false, allowPrivate: false },
  revocationLedgers = [],
  factorSecrets,
}: ServiceConfig) {
  const audit = createAuditService(db, now);
  const sessions = createSessionService(db, now, session);
  const revocations = createRevocationRecorder(revocationLedgers, now);
  const users = createUserService({ db, now, sessions, audit, revocations });
  const factors = createFactorService({ db, now, audit, sessions, relyingParty, revocations, ...(factorSecrets ? { secrets: factorSecrets } : {}) });
  const rateLimits = createRateLimitService(db, now);
  const auth = createAuthService({ db, now, users, sessions, audit, factors, rateLimits, mfaRequired, revocations });
  return {
    audit,
    sessions,
    users,
    factors,
    auth,
    submissions: createSubmissionService(db, outbox, now, outboxDir),
    rateLimits,
    outbox: createOutboxAdminService(db, now, audit),
    lists: createAdminLists(db, now),
    apiKeys: createApiKeyService(db, now, audit, revocations),
    webhooks: createWebhookService({
      db,
      now,
      audit,
      settings: { ...webhooks, outbox: outbox ?? { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" } },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface AppServiceConfig extends ServiceConfig {
  database: Pick<DatabaseHandle, "db" | "engine">;
  privacy: PrivacySettings;
  /** Signs and checks unsubscribe links. */
  unsubscribeSecret: string;
  /** The embedded database's backups (off unless BACKUP_DIR is set on PGlite). */
  backups?: BackupPlan;
  /** The pilot's places, offer deadline and assessment link. */
  pipeline: PipelineSettings;
  /** Signs the known-device marks of the sign-in throttle (ADR 0055). */
  knownDeviceSecret: string;
  /** The key behind `factorSecrets`, carried sealed inside every backup (ADR 0108). */
  factorKey?: Buffer;
}

/** Every service a server process uses: the ones above, privacy rights and the unsubscribe links. */
export function createAppServices(config: AppServiceConfig) {
  const base = createServices(config);
  const privacy = createPrivacyService({
    database: config.database,
    now: config.now,
    audit: base.audit,
    ...config.privacy,
    // With backups on, every erasure is also recorded beside them (ADR 0106).
    erasureLedgerCopy: ledgerBesideBackups(config.backups?.settings ?? null),
  });
  const pipeline = createPipelineService({
    database: config.database,
    now: config.now,
    settings: config.pipeline,
    // Offer links are signed with the link secret under their own label (ADR 0104).
    linkSecret: config.unsubscribeSecret,
    outbox: config.outbox ?? { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" },
  });
  // The consult she books herself (ADR 0100).
  const consult = createConsultService({
    db: config.db,
    now: config.now,
    outbox: config.outbox ?? { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" },
    // Her reminders follow her booking in its transaction: "consult tomorrow" with it, "not booked" gone (ADR 0102).
    onChange: async (tx, change) => {
      await syncReminders(tx, change.applicationId, config.now());
    },
  });
  return {
    ...base,
    // The confirmation email states the pilot's live places and status (ADR 0091).
    submissions: createSubmissionService(config.db, config.outbox, config.now, config.outboxDir ?? null, pipeline.pilot.current),
    privacy,
    unsubscribe: createUnsubscribeService(config.db, config.unsubscribeSecret, config.now, base.audit),
    backups: createBackupService({
      db: config.db,
      now: config.now,
      audit: base.audit,
      settings: config.backups?.settings ?? null,
      offReason: config.backups ? config.backups.offReason : "Backups are off: no backup folder is set in the server's settings.",
      // The privacy hash key must be in every backup (a restore re-applies the erasures by it), and no erased
      // row may be left in the files it copies.
      beforeSnapshot: () => privacy.beforeBackup(),
      erasureLedger: config.privacy.erasureLedger,
      revocationLedger: config.revocationLedgers?.[0] ?? null,
      factorKey: config.factorKey ?? null,
    }),
    pipeline,
    consult,
    // Her own page behind a private link, signed with the link secret under its own label (ADR 0098).
    applicant: createApplicantPages({
      db: config.db,
      now: config.now,
      secret: config.unsubscribeSecret,
      pipeline,
      outbox: config.outbox ?? { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" },
      audit: base.audit,
      consult,
    }),
    knownDevices: createKnownDevices(config.knownDeviceSecret, config.now),
    // Reminders about her next step (ADR 0102): listed and cancelled by staff, sent by a background loop.
    reminders: createReminderService({
      database: config.database,
      now: config.now,
      outbox: config.outbox ?? { staffTo: [], staffByReason: {}, messageIdDomain: "localhost" },
    }),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;

/** The revocation ledgers of a process (ADR 0107): DATA_DIR's on either engine, and the copy beside the backups. */
export function revocationLedgersFromEnv(env: Env, engine: "pglite" | "postgres"): string[] {
  const backups = backupSettingsFromEnv(env, engine).settings;
  return [revocationLedgerPath(env.DATA_DIR), ...(backups ? [revocationLedgerPath(backups.dir)] : [])];
}

/** The session policy of a process, from its validated environment. */
export function sessionPolicyFromEnv(env: Env): SessionPolicy {
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3600_000 };
}

/** The configuration of a server process's services, from its validated environment. */
export async function appServiceConfigFromEnv(env: Env, database: DatabaseHandle, now: () => Date): Promise<AppServiceConfig> {
  const factorKey = await factorKeyFromEnv(env, database.db);
  return {
    db: database.db,
    database,
    now,
    session: sessionPolicyFromEnv(env),
    outbox: outboxQueueConfig(env),
    privacy: privacySettingsFromEnv(env),
    outboxDir: outboxDirFromEnv(env),
    unsubscribeSecret: await resolveUnsubscribeSecret(database.db, env.UNSUBSCRIBE_SECRET),
    backups: backupSettingsFromEnv(env, database.engine),
    pipeline: pipelineSettingsFromEnv(env),
    knownDeviceSecret: await resolveStoredSecret(database.db, "known_device_secret", undefined),
    factorKey,
    factorSecrets: createFactorSecretBox(factorKey),
    mfaRequired: env.MFA_REQUIRED,
    relyingParty: relyingPartyFor(env.STAFF_ORIGIN ?? env.PUBLIC_SITE_URL),
    webhooks: { allowHttp: env.WEBHOOK_ALLOW_HTTP, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE },
    revocationLedgers: revocationLedgersFromEnv(env, database.engine),
  };
}

/**
 * The box that seals the staff's authenticator secrets (ADR 0108), from MFA_KEY or DATA_DIR/mfa.key, checked against
 * the key the database records; secrets still in clear (a database from before) are sealed on the way.
 */
export async function factorKeyFromEnv(env: Env, db: Database): Promise<Buffer> {
  const key = await resolveFactorKey(db, { configured: configuredFactorKey(env), dataDir: env.DATA_DIR });
  await resealFactorSecrets(db, createFactorSecretBox(key));
  return key;
}

export async function factorSecretsFromEnv(env: Env, db: Database): Promise<FactorSecretBox> {
  return createFactorSecretBox(await factorKeyFromEnv(env, db));
}

/** MFA_KEY's bytes; undefined when it is not set. */
export function configuredFactorKey(env: Env): Buffer | undefined {
  return env.MFA_KEY ? (backupKeyBytes(env.MFA_KEY) ?? undefined) : undefined;
}

/** The privacy service alone, as the operators' command line uses it (no unsubscribe secret needed). */
export function privacyServiceFromEnv(env: Env, database: DatabaseHandle, now: () => Date = () => new Date()): PrivacyService {
  return createPrivacyService({
    database,
    now,
    audit: createAuditService(database.db, now),
    ...privacySettingsFromEnv(env),
    erasureLedgerCopy: ledgerBesideBackups(backupSettingsFromEnv(env, database.engine).settings),
  });
}

/** The backup service alone, as `npm run backup` uses it on a stopped server's data directory. */
export function backupServiceFromEnv(env: Env, database: DatabaseHandle, now: () => Date = () => new Date()) {
  const audit = createAuditService(database.db, now);
  const privacy = privacyServiceFromEnv(env, database, now);
  const plan = backupSettingsFromEnv(env, database.engine);
  return createBackupService({
    db: database.db,
    now,
    audit,
    settings: plan.settings,
    offReason: plan.offReason,
    beforeSnapshot: () => privacy.beforeBackup(),
    erasureLedger: privacySettingsFromEnv(env).erasureLedger,
    revocationLedger: revocationLedgerPath(env.DATA_DIR),
    factorKey: readFactorKey(configuredFactorKey(env), env.DATA_DIR),
  });
}
