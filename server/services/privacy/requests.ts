/**
 * Privacy requests with their legal clocks: a request to know (access) or to correct is answered within 45 days
 * of receipt, a deletion is completed within 30 (CCPA regulations §7021 allow 45; the Privacy Policy promises 30).
 */
import { PRIVACY_DUE_DAYS, type PrivacyRequestKind, type PrivacyRequestStatus } from "#core/privacy";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { privacyRequests, type PrivacyRequest } from "../../db/schema";
import type { Actor } from "../audit";
import { DAY_MS } from "#core/time";
import type { Executor } from "./sql";

export type RequestKind = PrivacyRequestKind;
export type RequestStatus = PrivacyRequestStatus;

export function dueDate(kind: RequestKind, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + PRIVACY_DUE_DAYS[kind] * DAY_MS);
}

/** What staff see of a request: never the hash. */
export type RequestView = Omit<PrivacyRequest, "subject_hash">;

export function toView({ subject_hash: _hash, ...rest }: PrivacyRequest): RequestView {
  return rest;
}

export async function createRequest(
  db: Executor,
  input: { kind: RequestKind; email: string; hash: string; receivedAt: Date; notes?: string | null },
  actor: Actor,
): Promise<PrivacyRequest> {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      kind: input.kind,
      status: "open",
      subject_hash: input.hash,
      subject_email: input.email,
      received_at: input.receivedAt,
      due_at: dueDate(input.kind, input.receivedAt),
      handled_by_id: actor.id,
      handled_by_username: actor.username,
      notes: input.notes ?? null,
    })
    .returning();
  if (!row) throw new Error("privacy request insert returned no row");
  return row;
}

/**
 * Marks the person's open requests of this kind completed by `actor`; when none was logged, records the action as a
 * request received and completed now, so every access, correction and erasure is tracked. Returns the request ids.
 */
export async function completeRequests(
  db: Executor,
  input: { kind: RequestKind; email: string | null; hash: string; at: Date; note?: string },
  actor: Actor,
): Promise<string[]> {
  const done = await db
    .update(privacyRequests)
    .set({ status: "completed", completed_at: input.at, handled_by_id: actor.id, handled_by_username: actor.username })
    .where(and(eq(privacyRequests.subject_hash, input.hash), eq(privacyRequests.kind, input.kind), eq(privacyRequests.status, "open")))
    .returning({ id: privacyRequests.id });
  if (done.length) return done.map((r) => r.id);
  const [row] = await db
    .insert(privacyRequests)
    .values({
      kind: input.kind,
      status: "completed",
      subject_hash: input.hash,
      subject_email: input.email,
      received_at: input.at,
      due_at: dueDate(input.kind, input.at),
      completed_at: input.at,
      handled_by_id: actor.id,
      handled_by_username: actor.username,
      notes: input.note ?? null,
    })
    .returning({ id: privacyRequests.id });
  return row ? [row.id] : [];
}

/** Open requests first, soonest due first; then the others, most recently received first. */
export async function listRequests(db: Executor, status: RequestStatus | "all"): Promise<RequestView[]> {
  const rows =
    status === "all"
      ? await db
          .select()
          .from(privacyRequests)
          .orderBy(sql`case when ${privacyRequests.status} = 'open' then 0 else 1 end`, asc(privacyRequests.due_at), desc(privacyRequests.received_at))
          .limit(1000)
      : await db
          .select()
          .from(privacyRequests)
          .where(eq(privacyRequests.status, status))
          .orderBy(status === "open" ? asc(privacyRequests.due_at) : desc(privacyRequests.received_at))
          .limit(1000);
  return rows.map(toView);
}

export async function updateRequest(
  db: Executor,
  id: string,
  input: { status?: RequestStatus; notes?: string | null },
  actor: Actor,
  at: Date,
): Promise<PrivacyRequest | undefined> {
  const set: Partial<PrivacyRequest> = { handled_by_id: actor.id, handled_by_username: actor.username };
  if (input.status) {
    set.status = input.status;
    set.completed_at = input.status === "open" ? null : at;
  }
  if (input.notes !== undefined) set.notes = input.notes;
  const [row] = await db.update(privacyRequests).set(set).where(eq(privacyRequests.id, id)).returning();
  return row;
}
