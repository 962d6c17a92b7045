/**
 * Privacy rights over one email address (find, export, correct, erase), the requests that track them, and
 * retention. Used by the HTTP API (admin and super_admin) and the operators' command line.
 */
import { eq } from "drizzle-orm";
import { eligibilityOf } from "#core/pipeline/eligibility";
import { applicationSchema, contactSchema, fieldErrors } from "#core/validation";
import type { DatabaseHandle } from "../../db/client";
import { DurabilityError } from "../../db/durable-fs";
import { applications, auditEvents, contactMessages } from "../../db/schema";
import type { Actor, AuditService } from "../audit";
import { ServiceError } from "../errors";
import { normaliseEmail, resolveHashSecret, subjectHash } from "./address";
import {
  applicationCandidate,
  applicationChanges,
  contactCandidate,
  contactChanges,
  CORRECTABLE_APPLICATION_FIELDS,
  CORRECTABLE_CONTACT_FIELDS,
  uncorrectableErrors,
} from "./correct";
import { eraseSubject, type ErasureHooks, type ErasureResult } from "./erase";
import { appendErasure, hashKeyFingerprint } from "./erasure-ledger";
import { buildExportDocument, type ExportDocument } from "./export-document";
import { countsOf, findSubject, type SubjectCounts, type SubjectRecords } from "./find";
import { completeRequests, createRequest, listRequests, toView, updateRequest, type RequestKind, type RequestStatus, type RequestView } from "./requests";
import { purgeExpired, type PurgeResult, type RetentionPolicy } from "./retention";
import { scrubErasedRows } from "./scrub";
import type { Executor } from "./sql";

export interface PrivacyConfig {
  database: Pick<DatabaseHandle, "db" | "engine">;
  now: () => Date;
  audit: AuditService;
  /** PRIVACY_HASH_SECRET; unset: generated once and kept in the database. */
  hashSecret?: string;
  retention: RetentionPolicy;
  /** DATA_DIR/outbox, where emails are written as .eml files when no SMTP server is configured. */
  outboxDir: string | null;
  /** The erasure ledger a restore re-applies (./erasure-ledger.ts); null: not kept (an in-memory database). */
  erasureLedger?: string | null;
  /** Its copy beside the backups (BACKUP_DIR/erasure-ledger.jsonl) when backups are on (ADR 0106). */
  erasureLedgerCopy?: string | null;
}

export interface Context {
  actor: Actor;
  clientAddress?: string | null;
}

/** A correction that was applied: the names of the fields it changed. */
export interface CorrectionResult {
  fields: string[];
}

export function createPrivacyService(config: PrivacyConfig) {
  const { db } = config.database;
  let secret: Promise<string> | undefined;
  const hashKey = () =>
    (secret ??= resolveHashSecret(db, config.hashSecret).catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
  const hashOf = async (email: string) => subjectHash(await hashKey(), email);

  // Erasures in progress, and whether one left rows in the database files (its scrub failed): a backup waits for
  // the first and runs the second first; so does the daily retention run (ADR 0106).
  const inFlight = new Set<Promise<unknown>>();
  let scrubDue = false;
  const scrub = async (): Promise<void> => {
    scrubDue = true;
    await scrubErasedRows(db, config.database.engine);
    scrubDue = false;
  };
  const ledgers = [config.erasureLedger, config.erasureLedgerCopy].filter((file): file is string => typeof file === "string");

  async function eraseAndScrub(emailInput: string, ctx: Context, hooks?: ErasureHooks): Promise<ErasureResult> {
    const email = normaliseEmail(emailInput);
    const hash = await hashOf(email);
    const result = await eraseSubject(
      db,
      { email, hash, at: config.now(), actor: ctx.actor, clientAddress: ctx.clientAddress ?? null, outboxDir: config.outboxDir },
      hooks,
    );
    // A ledger the disk refuses fails the call with a 503 (Retry-After): the erasure is repeatable, and a
    // retry records it.
    const entry = { at: config.now(), subject: hash, key: hashKeyFingerprint(await hashKey()) };
    for (const ledger of ledgers) {
      await appendErasure(ledger, entry).catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        throw new DurabilityError(`The erasure could not be recorded in the erasure ledger (${code ?? "error"})`, code, { cause: error });
      });
    }
    // Her rows out of the tables' files, the indexes and the WAL before the answer; a failure answers 503 and
    // the next backup, retention run or retry does it.
    await scrub().catch((error: unknown) => {
      throw new DurabilityError("The erasure was made and recorded, but the database files could not be cleaned of it yet", undefined, { cause: error });
    });
    return result;
  }

  const audit = (ctx: Context, action: Parameters<AuditService["record"]>[0]["action"], detail: Record<string, unknown>, target?: { type: "application" | "contact_message" | "privacy_request"; id: string }) =>
    config.audit.record({
      actor: ctx.actor,
      action,
      targetType: target?.type,
      targetId: target?.id ?? null,
      clientAddress: ctx.clientAddress ?? null,
      detail,
    });

  return {
    normaliseEmail,
    hashOf,

    /** Everything held about the address (an unknown address gives empty lists). Audited with the hash only. */
    async find(emailInput: string, ctx: Context): Promise<SubjectRecords & { counts: SubjectCounts }> {
      const email = normaliseEmail(emailInput);
      const hash = await hashOf(email);
      const records = await findSubject(db, email, hash);
      const counts = countsOf(records);
      await audit(ctx, "privacy_find", { subject_hash: hash, counts });
      return { ...records, counts };
    },

    /** The access export; completes the person's open access requests (or records one completed now). */
    async exportDocument(emailInput: string, ctx: Context): Promise<ExportDocument> {
      const email = normaliseEmail(emailInput);
      const hash = await hashOf(email);
      const at = config.now();
      const records = await findSubject(db, email, hash);
      const requestIds = await completeRequests(db, { kind: "access", email, hash, at }, ctx.actor);
      const document = buildExportDocument(records, at);
      await audit(ctx, "privacy_export", { subject_hash: hash, counts: document.counts, requests: requestIds }, requestIds[0] ? { type: "privacy_request", id: requestIds[0] } : undefined);
      return document;
    },

    async correctApplication(id: string, patch: unknown, ctx: Context): Promise<CorrectionResult> {
      const [row] = await db.select().from(applications).where(eq(applications.id, id));
      if (!row) throw new ServiceError("not_found", "Application not found");
      const refused = uncorrectableErrors(CORRECTABLE_APPLICATION_FIELDS, patch);
      if (refused) throw new ServiceError("invalid", "Validation failed", refused);
      const parsed = applicationSchema.safeParse(applicationCandidate(row, patch));
      if (!parsed.success) throw new ServiceError("invalid", "Validation failed", fieldErrors(parsed.error));
      const changes = applicationChanges(row, parsed.data);
      // A waitlisted woman who meets the criteria once corrected joins the ranked waitlist at its end, so no
      // number already told grows (ADR 0087).
      const joinsRanking = row.stage === "waitlisted" && !row.eligible && eligibilityOf({ ...row, ...changes }).eligible;
      const update = joinsRanking ? { ...changes, waitlist_rank: config.now().getTime() } : changes;
      return applyCorrection(ctx, { type: "application", id }, row.email, changes, (tx) =>
        tx.update(applications).set(update).where(eq(applications.id, id)),
      );
    },

    async correctContactMessage(id: string, patch: unknown, ctx: Context): Promise<CorrectionResult> {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      if (!row) throw new ServiceError("not_found", "Contact message not found");
      const refused = uncorrectableErrors(CORRECTABLE_CONTACT_FIELDS, patch);
      if (refused) throw new ServiceError("invalid", "Validation failed", refused);
      const parsed = contactSchema.safeParse(contactCandidate(row, patch));
      if (!parsed.success) throw new ServiceError("invalid", "Validation failed", fieldErrors(parsed.error));
      const changes = contactChanges(row, parsed.data);
      return applyCorrection(ctx, { type: "contact_message", id }, row.email, changes, (tx) =>
        tx.update(contactMessages).set(changes).where(eq(contactMessages.id, id)),
      );
    },

    /**
     * Erases everything about the address in one transaction (see erase.ts), then records the erasure in the
     * ledger (fsynced) before answering, so no restore of an older backup brings the person back.
     */
    async erase(emailInput: string, ctx: Context, hooks?: ErasureHooks): Promise<ErasureResult> {
      const run = eraseAndScrub(emailInput, ctx, hooks);
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
      }
    },

    /**
     * Before a backup's snapshot: the hash key exists (a restore re-applies the erasures by it), no erasure is
     * half done, and none left its rows in the files (ADR 0106).
     */
    async beforeBackup(): Promise<void> {
      await hashKey();
      await Promise.allSettled(inFlight);
      if (scrubDue) await scrub();
    },

    async createRequest(input: { kind: RequestKind; email: string; receivedAt?: Date; notes?: string | null }, ctx: Context): Promise<RequestView> {
      const email = normaliseEmail(input.email);
      const hash = await hashOf(email);
      const row = await createRequest(db, { kind: input.kind, email, hash, receivedAt: input.receivedAt ?? config.now(), notes: input.notes }, ctx.actor);
      await audit(ctx, "privacy_request_create", { subject_hash: hash, kind: row.kind, due_at: row.due_at.toISOString() }, { type: "privacy_request", id: row.id });
      return toView(row);
    },

    listRequests: (status: RequestStatus | "all") => listRequests(db, status),

    async updateRequest(id: string, input: { status?: RequestStatus; notes?: string | null }, ctx: Context): Promise<RequestView> {
      const row = await updateRequest(db, id, input, ctx.actor, config.now());
      if (!row) throw new ServiceError("not_found", "Privacy request not found");
      await audit(ctx, "privacy_request_update", { subject_hash: row.subject_hash, status: row.status, notes_changed: input.notes !== undefined }, { type: "privacy_request", id });
      return toView(row);
    },

    async purge(options: { dryRun?: boolean; actorUsername?: string } = {}): Promise<PurgeResult> {
      // An erasure whose scrub failed is cleaned within the day at the latest.
      if (scrubDue && !options.dryRun) await scrub();
      return purgeExpired({
        database: config.database,
        policy: config.retention,
        now: config.now(),
        dryRun: options.dryRun,
        outboxDir: config.outboxDir,
        actorUsername: options.actorUsername,
      });
    },
  };

  /**
   * Writes the changed fields, completes the person's open correction request and records the audit event in one
   * transaction. The event names the changed fields, never their old or new values.
   */
  async function applyCorrection(
    ctx: Context,
    target: { type: "application" | "contact_message"; id: string },
    previousEmail: string,
    changes: Record<string, unknown>,
    write: (tx: Executor) => Promise<unknown>,
  ): Promise<CorrectionResult> {
    const fields = Object.keys(changes);
    const email = normaliseEmail(previousEmail);
    const hash = await hashOf(email);
    const newEmail = typeof changes.email === "string" ? normaliseEmail(changes.email) : email;
    const newHash = newEmail === email ? undefined : await hashOf(newEmail);
    const at = config.now();
    await db.transaction(async (tx) => {
      if (fields.length) await write(tx);
      const requestIds = fields.length ? await completeRequests(tx, { kind: "correction", email, hash, at }, ctx.actor) : [];
      await tx.insert(auditEvents).values({
        actor_id: ctx.actor.id,
        actor_username: ctx.actor.username,
        action: "privacy_correct",
        target_type: target.type,
        target_id: target.id,
        at,
        client_address: ctx.clientAddress?.slice(0, 64) ?? null,
        detail: { subject_hash: hash, fields, requests: requestIds, ...(newHash ? { new_subject_hash: newHash } : {}) },
      });
    });
    return { fields };
  }
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
export { normaliseEmail, resolveHashSecret, subjectHash } from "./address";
export { outboxDirFromEnv, privacySettingsFromEnv, retentionPolicyFromEnv, type PrivacySettings } from "./config";
export { eraseSubject, removeEmlFiles } from "./erase";
export {
  appendMissing,
  ERASURE_LEDGER_FILE,
  erasureLedgerPath,
  hashKeyFingerprint,
  mergeLedgers,
  readErasureLedger,
  type ErasureLedgerEntry,
} from "./erasure-ledger";
export { scrubErasedRows } from "./scrub";
export { exportFileName } from "./export-document";
export { toView } from "./requests";
export { purgeExpired } from "./retention";
export { retentionSchedule } from "./schedule";
export { type RequestKind, type RequestStatus, type RequestView } from "./requests";
export type { ExportDocument } from "./export-document";
export type { PurgeResult, RetentionPolicy } from "./retention";
export type { ErasureResult } from "./erase";
