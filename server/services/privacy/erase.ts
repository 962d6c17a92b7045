/**
 * Erasure of everything about one address, in one transaction: applications (with their attribution and
 * advertising identifiers, stage moves, staff notes and offers), contact messages, outbox emails, the address wherever the audit log quotes it, and the
 * address on privacy requests (their keyed hash stays). The audit log keeps that the erasure happened, by whom,
 * the counts and the keyed hash, never the address.
 *
 * Concurrency: the transaction runs at REPEATABLE READ, so every statement sees one snapshot. An application from
 * the same address committed while the erasure runs is either wholly in the snapshot (erased with its emails) or
 * wholly outside it (kept with its emails, as a new submission after the erasure): never an application without its
 * emails or emails pointing at an erased record. A serialization failure (a row of the snapshot changed meanwhile)
 * rolls everything back and the erasure runs again.
 */
import { inArray, or, sql } from "drizzle-orm";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/client";
import {
  applicationNotes,
  applicationOffers,
  applications,
  applicationStageHistory,
  auditEvents,
  contactMessages,
  emailOutbox,
  privacyRequests,
} from "../../db/schema";
import type { Actor } from "../audit";
import { applicationsOf, auditQuotingAddress, contactMessagesOf, emailsOf } from "./find";
import { completeRequests } from "./requests";
import { hasPgCode, type Executor } from "./sql";
import { queueErasureEvents } from "../webhooks";

export interface ErasureCounts {
  applications: number;
  contactMessages: number;
  emails: number;
  auditEventsRedacted: number;
  requestsAnonymised: number;
  /** The selection's rows of her applications (ADR 0059): stage moves, staff notes, offers. */
  stageHistory: number;
  notes: number;
  offers: number;
}

export interface ErasureResult {
  counts: ErasureCounts;
  /** Ids of the erased outbox emails (their .eml files are removed too). */
  emailIds: string[];
  auditEventId: string;
}

export interface ErasureHooks {
  /** Runs inside the transaction after the applications were deleted (tests race a new submission there). */
  afterApplicationsDeleted?: () => Promise<void>;
}

const ATTEMPTS = 4;

/** Regular-expression text matching the address literally, in any letter case. */
function literalPattern(email: string): string {
  return email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function eraseOnce(
  tx: Executor,
  input: { email: string; hash: string; at: Date; actor: Actor; clientAddress: string | null },
  hooks: ErasureHooks,
): Promise<ErasureResult> {
  const { email, hash, at, actor } = input;
  // The selection's rows would go with their application (ON DELETE CASCADE); deleted first so they are counted.
  const ids = (await tx.select({ id: applications.id }).from(applications).where(applicationsOf(email))).map((a) => a.id);
  const [history, notes, offers] = ids.length
    ? [
        await tx.delete(applicationStageHistory).where(inArray(applicationStageHistory.application_id, ids)).returning({ id: applicationStageHistory.id }),
        await tx.delete(applicationNotes).where(inArray(applicationNotes.application_id, ids)).returning({ id: applicationNotes.id }),
        await tx.delete(applicationOffers).where(inArray(applicationOffers.application_id, ids)).returning({ id: applicationOffers.id }),
      ]
    : [[], [], []];
  const apps = await tx.delete(applications).where(applicationsOf(email)).returning({ id: applications.id });
  await hooks.afterApplicationsDeleted?.();
  const messages = await tx.delete(contactMessages).where(contactMessagesOf(email)).returning({ id: contactMessages.id });
  const emails = await tx
    .delete(emailOutbox)
    .where(emailsOf(email, apps.map((a) => a.id), messages.map((m) => m.id)))
    .returning({ id: emailOutbox.id });
  const redacted = await tx
    .update(auditEvents)
    .set({
      detail: sql`regexp_replace(${auditEvents.detail}::text, ${literalPattern(email)}, '[erased]', 'gi')::jsonb`,
      target_id: sql`case when lower(${auditEvents.target_id}) = ${email} then null else ${auditEvents.target_id} end`,
    })
    .where(auditQuotingAddress(email))
    .returning({ id: auditEvents.id });
  const requests = await tx
    .update(privacyRequests)
    .set({ subject_email: null })
    .where(or(sql`${privacyRequests.subject_hash} = ${hash}`, sql`lower(${privacyRequests.subject_email}) = ${email}`))
    .returning({ id: privacyRequests.id });
  const requestIds = await completeRequests(tx, { kind: "erasure", email: null, hash, at }, actor);
  // Receivers of webhooks erase their copies too (ADR 0067): ids and a keyed hash, never the address.
  await queueErasureEvents(tx, { email, applicationIds: apps.map((a) => a.id), contactMessageIds: messages.map((m) => m.id), at });
  const counts: ErasureCounts = {
    applications: apps.length,
    contactMessages: messages.length,
    emails: emails.length,
    auditEventsRedacted: redacted.length,
    requestsAnonymised: requests.length,
    stageHistory: history.length,
    notes: notes.length,
    offers: offers.length,
  };
  const [event] = await tx
    .insert(auditEvents)
    .values({
      actor_id: actor.id,
      actor_username: actor.username,
      action: "privacy_erase",
      target_type: "privacy_request",
      target_id: requestIds[0] ?? null,
      at,
      client_address: input.clientAddress?.slice(0, 64) ?? null,
      detail: { subject_hash: hash, counts, requests: requestIds },
    })
    .returning({ id: auditEvents.id });
  if (!event) throw new Error("erasure audit insert returned no row");
  return { counts, emailIds: emails.map((e) => e.id), auditEventId: event.id };
}

export async function eraseSubject(
  db: Database,
  input: { email: string; hash: string; at: Date; actor: Actor; clientAddress: string | null; outboxDir: string | null },
  hooks: ErasureHooks = {},
): Promise<ErasureResult> {
  let result: ErasureResult | undefined;
  for (let attempt = 1; !result; attempt++) {
    try {
      result = await db.transaction((tx) => eraseOnce(tx, input, hooks), { isolationLevel: "repeatable read" });
    } catch (error) {
      // 40001 serialization failure, 40P01 deadlock: nothing was written; run the erasure again.
      if (attempt >= ATTEMPTS || !hasPgCode(error, "40001", "40P01")) throw error;
    }
  }
  if (input.outboxDir) await removeEmlFiles(input.outboxDir, result.emailIds);
  return result;
}

/** Removes the .eml copies of outbox emails (written when no SMTP server is configured). */
export async function removeEmlFiles(outboxDir: string, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => rm(path.join(outboxDir, `${id}.eml`), { force: true })));
}
