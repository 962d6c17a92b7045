/**
 * Reminders about her next step (ADR 0102). One function, `syncReminders`, reads her state (stage, kit steps, her live
 * consult booking, her reminder choice, the pilot's days) and makes the scheduled reminders match the rule of
 * core/pipeline/reminders.ts: it schedules those now called for and cancels those no longer right. Every change of her
 * state calls it in the same transaction (a stage move, a kit step, her page's actions, her preference, a booking).
 * The sender (`sendDue`, a background loop) checks each due reminder again, keeps it waiting through her quiet hours
 * (21:00–08:00 her time), queues its email in the outbox with her page's link and marks it sent. Staff see them on
 * the record and cancel a scheduled one (audited).
 */
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { AssessmentView } from "#core/contracts/assessment";
import { isStage } from "#core/pipeline/stages";
import {
  cancelReasonFor,
  type CancelReason,
  type ReminderKind,
  type ReminderStatus,
  reminderDays,
  type ReminderState,
  type ScheduledKind,
  wantedReminders,
} from "#core/pipeline/reminders";
import { applicantTimeZone, nextSendableAt } from "#core/time";
import type { Database, DatabaseHandle } from "../../db/client";
import { applicantReminders, applications, assessmentSteps, consultBookings, emailOutbox, pilotQuota } from "../../db/schema";
import { type Actor, recordAudit } from "../audit";
import { ServiceError } from "../errors";
import { type OutboxQueueConfig, outboxRow } from "../outbox";

/** An open transaction. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Reader = Pick<Tx, "select">;

const REMINDER_LOCK_KEY = 727_361_010;
const SEND_BATCH = 100;

const SCHEDULED_KINDS: readonly ScheduledKind[] = ["kit_not_sent", "consult_not_booked", "consult_tomorrow"];

const EMAIL_KIND = {
  kit_not_sent: "reminder_kit_not_sent",
  consult_not_booked: "reminder_consult_not_booked",
  consult_tomorrow: "reminder_consult_tomorrow",
} as const;

interface Her extends ReminderState {
  email: string;
  firstName: string;
  timezone: string | null;
}

/** Her state as the rule reads it; undefined when the application is gone. */
async function stateOf(tx: Reader, applicationId: string): Promise<Her | undefined> {
  const [app] = await tx
    .select({
      stage: applications.stage,
      stageChangedAt: applications.stage_changed_at,
      remindersOn: applications.reminder_emails,
      consultInvitedAt: applications.consult_invited_at,
      email: applications.email,
      firstName: applications.firstName,
      timezone: applications.timezone,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!app) return undefined;
  const [kit] = await tx
    .select({ id: assessmentSteps.id })
    .from(assessmentSteps)
    .where(and(eq(assessmentSteps.application_id, applicationId), eq(assessmentSteps.status, "kit_sent")))
    .limit(1);
  const [booking] = await tx
    .select({ startsAt: consultBookings.starts_at })
    .from(consultBookings)
    .where(and(eq(consultBookings.application_id, applicationId), eq(consultBookings.status, "booked")))
    .limit(1);
  return {
    ...app,
    stage: isStage(app.stage) ? app.stage : "new",
    kitSent: kit !== undefined,
    consultStartsAt: booking?.startsAt ?? null,
  };
}

async function daysOf(tx: Reader) {
  const [row] = await tx
    .select({ kit_reminder_days: pilotQuota.kit_reminder_days, consult_reminder_days: pilotQuota.consult_reminder_days })
    .from(pilotQuota)
    .where(eq(pilotQuota.id, 1));
  return reminderDays(row);
}

async function cancel(tx: Tx, id: string, now: Date, reason: CancelReason, by: string | null = null): Promise<void> {
  await tx
    .update(applicantReminders)
    .set({ status: "cancelled", cancelled_at: now, cancel_reason: reason, cancelled_by: by })
    .where(and(eq(applicantReminders.id, id), eq(applicantReminders.status, "scheduled")));
}

/**
 * Makes her scheduled reminders match what her state calls for now: schedules each one called for (unless one of its
 * kind was sent or cancelled by staff since it was called for), moves a due time that changed, and cancels the others
 * with why. Call it inside the transaction that changed her state. Answers her state (undefined when she is gone).
 */
export async function syncReminders(tx: Tx, applicationId: string, now: Date): Promise<Her | undefined> {
  const her = await stateOf(tx, applicationId);
  const existing = await tx
    .select()
    .from(applicantReminders)
    .where(and(eq(applicantReminders.application_id, applicationId), inArray(applicantReminders.kind, [...SCHEDULED_KINDS, "offer_deadline"])));
  if (!her) return undefined;
  const days = await daysOf(tx);
  const wanted = wantedReminders(her, days, now);
  for (const kind of SCHEDULED_KINDS) {
    const want = wanted.find((w) => w.kind === kind);
    const scheduled = existing.find((r) => r.kind === kind && r.status === "scheduled");
    if (!want) {
      if (scheduled) await cancel(tx, scheduled.id, now, cancelReasonFor(kind, her, days));
      continue;
    }
    if (scheduled) {
      if (scheduled.due_at.getTime() !== want.dueAt.getTime()) {
        if (want.late) await cancel(tx, scheduled.id, now, "stage_changed");
        else await tx.update(applicantReminders).set({ due_at: want.dueAt }).where(eq(applicantReminders.id, scheduled.id));
      }
      continue;
    }
    if (want.late) continue;
    // Sent already, or cancelled by staff, since it was called for: not made again.
    const done = existing.some(
      (r) =>
        r.kind === kind &&
        (r.status === "sent" || r.cancel_reason === "staff") &&
        (kind === "consult_tomorrow" ? r.due_at.getTime() === want.dueAt.getTime() : r.created_at.getTime() >= want.since.getTime()),
    );
    if (done) continue;
    await tx.insert(applicantReminders).values({ application_id: applicationId, kind, due_at: want.dueAt, created_at: now });
  }
  // The offer's own reminder ends with the offer: she answered it, or her stage moved on.
  if (her.stage !== "offered") {
    const offerReminder = existing.find((r) => r.kind === "offer_deadline" && r.status === "scheduled");
    if (offerReminder) await cancel(tx, offerReminder.id, now, her.stage === "enrolled" || her.stage === "declined" ? "she_acted" : "stage_changed");
  }
  return her;
}

/**
 * The reminder before an open offer's deadline, listed and cancellable like the others (ADR 0102). The offers send it
 * themselves (`remindDue`, ADR 0088); here it is scheduled when an offer or a new deadline is made, moved or left as
 * it is, and marked sent. A reminder staff cancelled for an offer is not made again for that offer.
 */
export async function scheduleOfferReminder(tx: Tx, applicationId: string, dueAt: Date, now: Date, offerSince: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(applicantReminders)
    .where(and(eq(applicantReminders.application_id, applicationId), eq(applicantReminders.kind, "offer_deadline")));
  if (rows.some((r) => r.cancel_reason === "staff" && (r.cancelled_at?.getTime() ?? 0) >= offerSince.getTime() && r.due_at.getTime() === dueAt.getTime())) return;
  const scheduled = rows.find((r) => r.status === "scheduled");
  if (scheduled) {
    if (scheduled.due_at.getTime() !== dueAt.getTime()) await tx.update(applicantReminders).set({ due_at: dueAt }).where(eq(applicantReminders.id, scheduled.id));
    return;
  }
  await tx.insert(applicantReminders).values({ application_id: applicationId, kind: "offer_deadline", due_at: dueAt, created_at: now });
}

/** Whether staff cancelled the reminder of her offer as it stands (due at `dueAt`). */
export async function offerReminderCancelled(tx: Reader, applicationId: string, dueAt: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: applicantReminders.id })
    .from(applicantReminders)
    .where(
      and(
        eq(applicantReminders.application_id, applicationId),
        eq(applicantReminders.kind, "offer_deadline"),
        eq(applicantReminders.cancel_reason, "staff"),
        eq(applicantReminders.due_at, dueAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The offer's reminder went out: its scheduled row is marked sent (or a sent row written for an offer made before rows). */
export async function markOfferReminderSent(tx: Tx, applicationId: string, dueAt: Date, at: Date): Promise<void> {
  const done = await tx
    .update(applicantReminders)
    .set({ status: "sent", sent_at: at })
    .where(and(eq(applicantReminders.application_id, applicationId), eq(applicantReminders.kind, "offer_deadline"), eq(applicantReminders.status, "scheduled")))
    .returning({ id: applicantReminders.id });
  if (done.length === 0) {
    await tx.insert(applicantReminders).values({ application_id: applicationId, kind: "offer_deadline", due_at: dueAt, status: "sent", sent_at: at, created_at: at });
  }
}

/** Her reminders as the record page lists them, the latest due first. */
export async function remindersOf(tx: Reader, applicationId: string): Promise<AssessmentView["reminders"]> {
  const rows = await tx
    .select()
    .from(applicantReminders)
    .where(eq(applicantReminders.application_id, applicationId))
    .orderBy(desc(applicantReminders.due_at), asc(applicantReminders.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ReminderKind,
    dueAt: r.due_at.toISOString(),
    status: r.status as ReminderStatus,
    sentAt: r.sent_at?.toISOString() ?? null,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelReason: r.cancel_reason,
    cancelledBy: r.cancelled_by,
  }));
}

interface ReminderServiceOptions {
  database: Pick<DatabaseHandle, "db" | "engine">;
  now: () => Date;
  outbox: OutboxQueueConfig;
}

/** The quota row's lock first, as every selection change takes it (no two orders of locks, no deadlock). */
async function lockQuotaRow(tx: Tx): Promise<void> {
  await tx.execute(sql`select "id" from "pilot_quota" where "id" = 1 for update`);
}

export function createReminderService({ database, now, outbox }: ReminderServiceOptions) {
  const { db } = database;

  return {
    /** Her reminders, the latest due first. */
    list: (applicationId: string) => remindersOf(db, applicationId),

    /** Staff cancel a scheduled reminder (audited); 404 for another application's, 409 once it is sent or cancelled. */
    async cancelByStaff(applicationId: string, reminderId: string, actor: Actor, clientAddress: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await lockQuotaRow(tx);
        const [row] = await tx
          .select()
          .from(applicantReminders)
          .where(and(eq(applicantReminders.id, reminderId), eq(applicantReminders.application_id, applicationId)))
          .for("update");
        if (!row) throw new ServiceError("not_found", "Reminder not found");
        if (row.status !== "scheduled") throw new ServiceError("conflict", `This reminder is already ${row.status}`);
        const at = now();
        await cancel(tx, row.id, at, "staff", actor.username);
        await recordAudit(tx, at, { actor, action: "reminder_cancel", targetType: "application", targetId: applicationId, clientAddress, detail: { kind: row.kind } });
      });
    },

    /**
     * Sends the reminders due now: each checked again against her state (cancelled when no longer right), held while
     * it is between 21:00 and 08:00 in her zone, else its email queued and the reminder marked sent. One instance at
     * a time on PostgreSQL (advisory lock); the status makes each send once.
     */
    async sendDue(): Promise<{ ran: boolean; sent: number; waiting: number; cancelled: number }> {
      return db.transaction(async (tx) => {
        if (database.engine === "postgres") {
          const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY}) as "locked"`);
          const rows = Array.isArray(lock) ? lock : (lock as { rows?: { locked: boolean }[] }).rows;
          if (!rows?.[0]?.locked) return { ran: false, sent: 0, waiting: 0, cancelled: 0 };
        }
        await lockQuotaRow(tx);
        const at = now();
        const due = await tx
          .select({ id: applicantReminders.id, applicationId: applicantReminders.application_id })
          .from(applicantReminders)
          // The offer's reminder is sent by the offers themselves (with a fresh answer link).
          .where(and(eq(applicantReminders.status, "scheduled"), lte(applicantReminders.due_at, at), inArray(applicantReminders.kind, [...SCHEDULED_KINDS])))
          .orderBy(asc(applicantReminders.due_at))
          .limit(SEND_BATCH);
        let sent = 0;
        let waiting = 0;
        let cancelled = 0;
        for (const { id, applicationId } of due) {
          const her = await syncReminders(tx, applicationId, at);
          const [row] = await tx.select().from(applicantReminders).where(eq(applicantReminders.id, id));
          if (!her || !row || row.status !== "scheduled") {
            cancelled++;
            continue;
          }
          if (row.due_at.getTime() > at.getTime()) continue;
          const zone = applicantTimeZone(her.timezone);
          if (nextSendableAt(at, zone).getTime() > at.getTime()) {
            waiting++;
            continue;
          }
          const address = her.email.toLowerCase();
          const kind = row.kind as ScheduledKind;
          const payload =
            kind === "consult_tomorrow" && her.consultStartsAt
              ? { firstName: her.firstName, startsAt: her.consultStartsAt.toISOString(), timeZone: zone }
              : { firstName: her.firstName };
          const job = outboxRow(outbox, { kind: EMAIL_KIND[kind], recipients: [address], subjectEmail: address, payload });
          await tx.insert(emailOutbox).values({ ...job, application_id: applicationId });
          await tx.update(applicantReminders).set({ status: "sent", sent_at: at }).where(eq(applicantReminders.id, id));
          sent++;
        }
        return { ran: true, sent, waiting, cancelled };
      });
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
