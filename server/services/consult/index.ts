/**
 * The consult she books herself (ADR 0100): the clinic's hours (./availability.ts), the free slots computed from them
 * (core/consult/slots.ts), and her booking: booked, moved or cancelled by her on her page or by staff. The database is
 * the guarantee that one slot is never booked twice, whatever the number of instances: the partial unique indexes of
 * `consult_bookings` (one live booking per start and per application); a second writer's unique violation is a 409.
 * Every change, in one transaction: the row, the email with its calendar invite (the UID kept for the booking's
 * whole life, the SEQUENCE raised by each move and the cancel), the webhook of a booking or a move, the audit event,
 * and `onChange` (where the consult reminder is scheduled or dropped).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, lt, ne } from "drizzle-orm";
import { freeSlots, offeredSlotAt } from "#core/consult/slots";
import {
  type ConsultAvailabilityAnswer,
  type ConsultAvailabilityRequest,
  type ConsultBooking,
  type ConsultDay,
  type ConsultSlot,
  SLOT_RANGE_DAYS_MAX,
} from "#core/contracts/consult";
import { isStage, WITHDRAWABLE } from "#core/pipeline/stages";
import { addDays, applicantTimeZone, calendarDay, DAY_MS, zonedInstant } from "#core/time";
import type { Database } from "../../db/client";
import { applications, consultBookings, emailOutbox } from "../../db/schema";
import { type Actor, recordAudit } from "../audit";
import { isUniqueViolation, ServiceError } from "../errors";
import type { OutboxKind, PayloadByKind } from "../mail-templates";
import { type OutboxQueueConfig, outboxRow } from "../outbox";
import { queueWebhookEvent } from "../webhooks";
import { readAvailability, updateAvailability } from "./availability";
import type { Tx } from "./tx";

/** How many days of slots her page shows at a time. */
export const SLOT_PAGE_DAYS = 14;

const SLOT_GONE = "That time is no longer offered: please choose another one.";
const SLOT_TAKEN = "Someone has just booked that time: please choose another one.";
const ALREADY_BOOKED = "A consult is already booked for this application: move it or cancel it instead.";
const NOT_OPEN = "Booking a consult is not open to this application.";
const NONE_BOOKED = "No consult is booked for this application.";

/** The refusals her page can meet, by name: her page says each in her language (ADR 0112). */
export const CONSULT_REFUSAL_WORDS = { slotGone: SLOT_GONE, slotTaken: SLOT_TAKEN, alreadyBooked: ALREADY_BOOKED, notOpen: NOT_OPEN, noneBooked: NONE_BOOKED } as const;

/**
 * A booking made, moved or cancelled, inside its transaction: what the consult reminder (scheduled the day before,
 * dropped on a cancel) is wired to. `by` is "applicant" or the staff member's username.
 */
export interface ConsultChange {
  kind: "booked" | "moved" | "cancelled";
  applicationId: string;
  bookingId: string;
  start: Date;
  end: Date;
  by: string;
}
export type ConsultChangeHook = (tx: Tx, change: ConsultChange) => Promise<void>;

interface Applicant {
  id: string;
  email: string;
  firstName: string;
  stage: string;
  timezone: string | null;
  consultInvitedAt: Date | null;
}

interface BookingRow {
  id: string;
  application_id: string;
  starts_at: Date;
  ends_at: Date;
  uid: string;
  sequence: number;
}

/** Whether she may book (or move to) a slot: she passed the assessment, or staff let her while her application is open. */
export function mayBookConsult(app: { stage: string; consultInvitedAt: Date | null }): boolean {
  if (app.stage === "assessment_passed") return true;
  return app.consultInvitedAt !== null && isStage(app.stage) && WITHDRAWABLE.includes(app.stage);
}

/** Who acts: she on her page (no actor), or a staff member. */
type By = { actor: null } | { actor: Actor; clientAddress: string | null };

async function applicantOf(tx: Pick<Tx, "select">, id: string): Promise<Applicant | undefined> {
  const [app] = await tx
    .select({
      id: applications.id,
      email: applications.email,
      firstName: applications.firstName,
      stage: applications.stage,
      timezone: applications.timezone,
      consultInvitedAt: applications.consult_invited_at,
    })
    .from(applications)
    .where(eq(applications.id, id));
  return app;
}


const bookingColumns = {
  id: consultBookings.id,
  application_id: consultBookings.application_id,
  starts_at: consultBookings.starts_at,
  ends_at: consultBookings.ends_at,
  uid: consultBookings.uid,
  sequence: consultBookings.sequence,
};


async function liveBookingOf(tx: Pick<Tx, "select">, applicationId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select(bookingColumns)
    .from(consultBookings)
    .where(and(eq(consultBookings.application_id, applicationId), eq(consultBookings.status, "booked")));
  return row;
}


/** Live bookings starting between two instants (a margin of a day either side of the slots asked for). */
async function bookedBetween(tx: Pick<Tx, "select">, from: Date, to: Date, except?: string): Promise<{ start: Date; end: Date }[]> {
  const rows = await tx
    .select({ start: consultBookings.starts_at, end: consultBookings.ends_at })
    .from(consultBookings)
    .where(
      and(
        eq(consultBookings.status, "booked"),
        gte(consultBookings.starts_at, new Date(from.getTime() - DAY_MS)),
        lt(consultBookings.starts_at, new Date(to.getTime() + DAY_MS)),
        ...(except ? [ne(consultBookings.id, except)] : []),
      ),
    );
  return rows;
}


function bookingView(row: { starts_at: Date; ends_at: Date }, app: Applicant, hours: ConsultAvailabilityAnswer): ConsultBooking {
  return { start: row.starts_at.toISOString(), end: row.ends_at.toISOString(), timeZone: applicantTimeZone(app.timezone), clinicTimeZone: hours.timeZone };
}

const invitePayload = (app: Applicant, hours: ConsultAvailabilityAnswer, row: { uid: string; sequence: number; starts_at: Date; ends_at: Date }, by: By) => ({
  firstName: app.firstName,
  uid: row.uid,
  sequence: row.sequence,
  start: row.starts_at.toISOString(),
  end: row.ends_at.toISOString(),
  timeZone: applicantTimeZone(app.timezone),
  clinicTimeZone: hours.timeZone,
  by: by.actor ? ("staff" as const) : ("applicant" as const),
});

const noChangeHook: ConsultChangeHook = async () => undefined;

type InviteKind = Extract<OutboxKind, `consult_${string}`>;
type ConsultAuditAction = "consult_book" | "consult_move" | "consult_cancel" | "consult_invite";

async function queueInviteEmail(tx: Tx, outbox: OutboxQueueConfig, kind: InviteKind, app: Applicant, payload: PayloadByKind["consult_booked"]) {
  const address = app.email.toLowerCase();
  const row = outboxRow(outbox, { kind, recipients: [address], subjectEmail: address, payload: { ...payload } });
  await tx.insert(emailOutbox).values({ ...row, application_id: app.id });
}

function auditConsult(tx: Tx, at: Date, by: By, action: ConsultAuditAction, applicationId: string, detail: Record<string, unknown>) {
  return recordAudit(tx, at, { actor: by.actor, action, targetType: "application", targetId: applicationId, clientAddress: by.actor ? by.clientAddress : null, detail });
}

/** The selection itself, when a move ends her application. */
const SELECTION: By = { actor: { id: null, username: "selection" }, clientAddress: null };

/**
 * Ends her live consult when her application leaves the running (withdrawn, or not eligible), inside that move's
 * transaction: the same cancel invite as a staff cancel, so her calendar follows. The caller brings her reminders in
 * line afterwards. Answers whether there was one.
 */
export async function cancelConsultOnLeaving(tx: Tx, options: { applicationId: string; outbox: OutboxQueueConfig; at: Date }): Promise<boolean> {
  const { applicationId, outbox, at } = options;
  const current = await liveBookingOf(tx, applicationId);
  const app = current ? await applicantOf(tx, applicationId) : undefined;
  if (!current || !app) return false;
  return (await cancelLive(tx, outbox, at, app, current, SELECTION, { because: "application_ended" })) !== undefined;
}

/**
 * Cancels a live booking: the row (a higher SEQUENCE), her cancel invite and the audit event, in the caller's
 * transaction. Answers the cancelled row, or undefined when another writer cancelled it first.
 */
async function cancelLive(tx: Tx, outbox: OutboxQueueConfig, at: Date, app: Applicant, current: BookingRow, by: By, detail: Record<string, unknown> = {}) {
  const hours = await readAvailability(tx);
  const [row] = await tx
    .update(consultBookings)
    .set({ status: "cancelled", sequence: current.sequence + 1, cancelled_at: at, cancelled_by: by.actor?.username ?? "applicant", updated_at: at })
    .where(and(eq(consultBookings.id, current.id), eq(consultBookings.status, "booked")))
    .returning(bookingColumns);
  if (!row) return undefined;
  await queueInviteEmail(tx, outbox, "consult_cancelled", app, invitePayload(app, hours, row, by));
  await auditConsult(tx, at, by, "consult_cancel", app.id, { start: row.starts_at.toISOString(), ...detail });
  return row;
}


export function createConsultService(options: { db: Database; now: () => Date; outbox: OutboxQueueConfig; onChange?: ConsultChangeHook }) {
  const { db, now, outbox } = options;
  const onChange = options.onChange ?? noChangeHook;

  /** The slot a booking or a move asks for, if it is offered now; staff may move inside the minimum notice. */
  async function slotFor(tx: Tx, hours: ConsultAvailabilityAnswer, startText: string, by: By, except?: string): Promise<ConsultSlot> {
    const start = new Date(startText);
    const booked = await bookedBetween(tx, start, start, except);
    const rules = by.actor ? { ...hours, minNoticeHours: 0 } : hours;
    const slot = Number.isNaN(start.getTime()) ? undefined : offeredSlotAt(rules, { now: now(), booked }, start);
    if (!slot) throw new ServiceError("conflict", SLOT_GONE);
    return slot;
  }

  const queueInvite = (tx: Tx, kind: InviteKind, app: Applicant, payload: PayloadByKind["consult_booked"]) => queueInviteEmail(tx, outbox, kind, app, payload);
  const audit = (tx: Tx, by: By, action: ConsultAuditAction, applicationId: string, detail: Record<string, unknown>) => auditConsult(tx, now(), by, action, applicationId, detail);

  /** Runs a change; a unique violation of the booking indexes (another writer was first) is a 409. */
  async function guarded<T>(work: (tx: Tx) => Promise<T>, taken = SLOT_TAKEN): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError("conflict", constraintOf(error) === "consult_bookings_application_idx" ? ALREADY_BOOKED : taken);
      throw error;
    }
  }

  async function moveBooking(tx: Tx, app: Applicant, current: BookingRow, startText: string, by: By): Promise<ConsultBooking> {
    const hours = await readAvailability(tx);
    if (current.starts_at.toISOString() === new Date(startText).toISOString()) return bookingView(current, app, hours);
    const slot = await slotFor(tx, hours, startText, by, current.id);
    const at = now();
    const [row] = await tx
      .update(consultBookings)
      .set({ starts_at: new Date(slot.start), ends_at: new Date(slot.end), sequence: current.sequence + 1, updated_at: at })
      .where(and(eq(consultBookings.id, current.id), eq(consultBookings.status, "booked")))
      .returning(bookingColumns);
    if (!row) throw new ServiceError("conflict", NONE_BOOKED);
    await queueInvite(tx, "consult_moved", app, invitePayload(app, hours, row, by));
    await queueWebhookEvent(tx, "application.consult_booked", at, { id: app.id, stage: app.stage, consultStart: slot.start, at: at.toISOString() }, { applicationId: app.id });
    await audit(tx, by, "consult_move", app.id, { from: current.starts_at.toISOString(), to: slot.start });
    await onChange(tx, { kind: "moved", applicationId: app.id, bookingId: row.id, start: row.starts_at, end: row.ends_at, by: by.actor?.username ?? "applicant" });
    return bookingView(row, app, hours);
  }

  async function cancelBooking(tx: Tx, app: Applicant, current: BookingRow, by: By): Promise<void> {
    const row = await cancelLive(tx, outbox, now(), app, current, by);
    if (!row) throw new ServiceError("conflict", NONE_BOOKED);
    await onChange(tx, { kind: "cancelled", applicationId: app.id, bookingId: row.id, start: row.starts_at, end: row.ends_at, by: by.actor?.username ?? "applicant" });
  }

  async function openSlots(tx: Pick<Tx, "select">, hours: ConsultAvailabilityAnswer, from: string, to: string, except?: string): Promise<ConsultSlot[]> {
    const booked = await bookedBetween(tx, zonedInstant(from, 0, hours.timeZone), zonedInstant(addDays(to, 1), 0, hours.timeZone), except);
    return freeSlots(hours, { now: now(), from, to, booked });
  }

  /** Where her application stands for a consult. */
  async function standing(applicationId: string) {
    return db.transaction(async (tx) => {
      const app = await applicantOf(tx, applicationId);
      if (!app) throw new ServiceError("not_found", "Application not found");
      const hours = await readAvailability(tx);
      const current = await liveBookingOf(tx, applicationId);
      return { app, hours, current, canBook: current ? isStage(app.stage) && WITHDRAWABLE.includes(app.stage) : mayBookConsult(app) };
    });
  }

  return {
    /** The clinic's hours (every staff role reads them). */
    readAvailability: () => readAvailability(db),

    /** A super admin's change of the hours: the fields given, audited with before and after. */
    updateAvailability(input: ConsultAvailabilityRequest, actor: Actor, clientAddress: string | null): Promise<ConsultAvailabilityAnswer> {
      return db.transaction((tx) => updateAvailability(tx, input, { actor, clientAddress, at: now() }));
    },

    /** Her booking (null without one), and whether she may book or move one now. */
    async viewFor(applicationId: string): Promise<{ consult: ConsultBooking | null; canBook: boolean; zones: { timeZone: string; clinicTimeZone: string } }> {
      const { app, hours, current, canBook } = await standing(applicationId);
      return { consult: current ? bookingView(current, app, hours) : null, canBook, zones: { timeZone: applicantTimeZone(app.timezone), clinicTimeZone: hours.timeZone } };
    },

    /**
     * The free slots between two days of the clinic's zone (default: two weeks from today), for her to book or move
     * to; a 409 when booking is not open to her.
     */
    async slotsFor(applicationId: string, range: { from?: string; to?: string } = {}): Promise<ConsultSlot[]> {
      const { hours, current, canBook } = await standing(applicationId);
      if (!canBook) throw new ServiceError("conflict", NOT_OPEN);
      const today = calendarDay(now(), hours.timeZone);
      const from = range.from ?? today;
      const to = range.to ?? addDays(from, SLOT_PAGE_DAYS - 1);
      if (to < from) throw new ServiceError("invalid", "The last day comes before the first", { to: ["Give a last day on or after the first"] });
      if (to > addDays(from, SLOT_RANGE_DAYS_MAX)) throw new ServiceError("invalid", `Ask for at most ${SLOT_RANGE_DAYS_MAX} days at a time`, { to: [`Give a last day at most ${SLOT_RANGE_DAYS_MAX} days after the first`] });
      return openSlots(db, hours, from, to, current?.id);
    },

    /** She books a slot offered (201): a 409 when it was just taken, is no longer offered, or she has one already. */
    book(applicationId: string, startText: string): Promise<ConsultBooking> {
      const by: By = { actor: null };
      return guarded(async (tx) => {
        const app = await applicantOf(tx, applicationId);
        if (!app) throw new ServiceError("not_found", "Application not found");
        if (!mayBookConsult(app)) throw new ServiceError("conflict", NOT_OPEN);
        if (await liveBookingOf(tx, applicationId)) throw new ServiceError("conflict", ALREADY_BOOKED);
        const hours = await readAvailability(tx);
        const slot = await slotFor(tx, hours, startText, by);
        const at = now();
        const [row] = await tx
          .insert(consultBookings)
          .values({ application_id: app.id, starts_at: new Date(slot.start), ends_at: new Date(slot.end), uid: `${randomUUID()}@${outbox.messageIdDomain}`, sequence: 0, created_at: at, updated_at: at })
          .returning(bookingColumns);
        if (!row) throw new Error("the booking was not written");
        await queueInvite(tx, "consult_booked", app, invitePayload(app, hours, row, by));
        await queueWebhookEvent(tx, "application.consult_booked", at, { id: app.id, stage: app.stage, consultStart: slot.start, at: at.toISOString() }, { applicationId: app.id });
        await audit(tx, by, "consult_book", app.id, { start: slot.start });
        await onChange(tx, { kind: "booked", applicationId: app.id, bookingId: row.id, start: row.starts_at, end: row.ends_at, by: "applicant" });
        return bookingView(row, app, hours);
      });
    },

    /** She moves her booking to another slot offered: the same row and invite UID, a higher SEQUENCE. */
    move(applicationId: string, startText: string): Promise<ConsultBooking> {
      return guarded(async (tx) => {
        const app = await applicantOf(tx, applicationId);
        if (!app) throw new ServiceError("not_found", "Application not found");
        const current = await liveBookingOf(tx, applicationId);
        if (!current) throw new ServiceError("conflict", NONE_BOOKED);
        if (!isStage(app.stage) || !WITHDRAWABLE.includes(app.stage)) throw new ServiceError("conflict", NOT_OPEN);
        return moveBooking(tx, app, current, startText, { actor: null });
      });
    },

    /** She cancels her booking (204; a second cancel is a 409, nothing being booked). */
    cancel(applicationId: string): Promise<void> {
      return guarded(async (tx) => {
        const app = await applicantOf(tx, applicationId);
        if (!app) throw new ServiceError("not_found", "Application not found");
        const current = await liveBookingOf(tx, applicationId);
        if (!current) throw new ServiceError("conflict", NONE_BOOKED);
        await cancelBooking(tx, app, current, { actor: null });
      });
    },

    /** The consults of one day of the clinic's zone (default today), booked and cancelled, earliest first. */
    async day(date?: string): Promise<ConsultDay> {
      const hours = await readAvailability(db);
      const day = date ?? calendarDay(now(), hours.timeZone);
      const rows = await db
        .select({
          id: consultBookings.id,
          applicationId: consultBookings.application_id,
          firstName: applications.firstName,
          lastName: applications.lastName,
          stage: applications.stage,
          start: consultBookings.starts_at,
          end: consultBookings.ends_at,
          status: consultBookings.status,
          cancelledBy: consultBookings.cancelled_by,
        })
        .from(consultBookings)
        .innerJoin(applications, eq(applications.id, consultBookings.application_id))
        .where(and(gte(consultBookings.starts_at, zonedInstant(day, 0, hours.timeZone)), lt(consultBookings.starts_at, zonedInstant(addDays(day, 1), 0, hours.timeZone))))
        .orderBy(asc(consultBookings.starts_at), asc(consultBookings.created_at));
      return {
        date: day,
        timeZone: hours.timeZone,
        consults: rows.map((r) => ({ ...r, start: r.start.toISOString(), end: r.end.toISOString(), status: r.status === "cancelled" ? "cancelled" : "booked" })),
      };
    },

    /** The free slots of one day of the clinic's zone for staff to move a consult to (no minimum notice for staff). */
    async staffSlots(date?: string): Promise<ConsultSlot[]> {
      const hours = await readAvailability(db);
      const day = date ?? calendarDay(now(), hours.timeZone);
      return openSlots(db, { ...hours, minNoticeHours: 0 }, day, day);
    },

    /** Staff move a live booking to a free slot (audited; she gets the updated invite). */
    staffMove(bookingId: string, startText: string, actor: Actor, clientAddress: string | null): Promise<ConsultBooking> {
      return guarded(async (tx) => {
        const [booking] = await tx.select(bookingColumns).from(consultBookings).where(and(eq(consultBookings.id, bookingId), eq(consultBookings.status, "booked")));
        if (!booking) throw new ServiceError("not_found", "No booked consult with this id");
        const app = await applicantOf(tx, booking.application_id);
        if (!app) throw new ServiceError("not_found", "Application not found");
        return moveBooking(tx, app, booking, startText, { actor, clientAddress });
      });
    },

    /** Staff cancel a live booking (audited; she gets the cancel). */
    staffCancel(bookingId: string, actor: Actor, clientAddress: string | null): Promise<void> {
      return guarded(async (tx) => {
        const [booking] = await tx.select(bookingColumns).from(consultBookings).where(and(eq(consultBookings.id, bookingId), eq(consultBookings.status, "booked")));
        if (!booking) throw new ServiceError("not_found", "No booked consult with this id");
        const app = await applicantOf(tx, booking.application_id);
        if (!app) throw new ServiceError("not_found", "Application not found");
        await cancelBooking(tx, app, booking, { actor, clientAddress });
      });
    },

    /**
     * Staff let her book a consult before she passed the assessment (audited): her page offers the slots, and an
     * email with the link to her page tells her. Safe to repeat: a second call changes and sends nothing.
     */
    invite(applicationId: string, actor: Actor, clientAddress: string | null): Promise<{ invitedAt: string; sent: boolean }> {
      return db.transaction(async (tx) => {
        const app = await applicantOf(tx, applicationId);
        if (!app) throw new ServiceError("not_found", "Application not found");
        if (app.consultInvitedAt) return { invitedAt: app.consultInvitedAt.toISOString(), sent: false };
        if (!isStage(app.stage) || !WITHDRAWABLE.includes(app.stage)) throw new ServiceError("conflict", "Her application is closed: she cannot book a consult.");
        const at = now();
        await tx.update(applications).set({ consult_invited_at: at }).where(eq(applications.id, app.id));
        const address = app.email.toLowerCase();
        const row = outboxRow(outbox, { kind: "consult_invitation", recipients: [address], subjectEmail: address, payload: { firstName: app.firstName } });
        await tx.insert(emailOutbox).values({ ...row, application_id: app.id });
        await audit(tx, { actor, clientAddress }, "consult_invite", app.id, {});
        return { invitedAt: at.toISOString(), sent: true };
      });
    },
  };
}

export type ConsultService = ReturnType<typeof createConsultService>;

/** The constraint a unique violation names (pg and PGlite both report it; Drizzle wraps the error). */
function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === "object" && current !== null && "constraint" in current && typeof current.constraint === "string") return current.constraint;
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return undefined;
}
