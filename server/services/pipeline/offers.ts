/**
 * An open offer handled after it went out (ADR 0088): staff send it again (to the address on the record now) or
 * move its deadline later, and an applicant who has not answered is reminded OFFER_REMINDER_HOURS before the
 * deadline. Each of the three sends a fresh link: the offer's row is closed as `replaced` and a new row takes its
 * place with the same creation time, so the place count (open rows) never changes and the older link's page says a
 * newer email was sent. Every change takes the quota lock (./tx.ts), like the moves.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { applicantTimeZone, DAY_MS, HOUR_MS, nextSendableAt } from "#core/time";
import type { DatabaseHandle } from "../../db/client";
import { applicationOffers, applications } from "../../db/schema";
import { type Actor, recordAudit } from "../audit";
import { ServiceError } from "../errors";
import type { OutboxQueueConfig } from "../outbox";
import { queueApplicantEmail } from "./emails";
import { hashOfferToken, offerTokenFor } from "../offer-token";
import type { PipelineSettings } from "./settings";
import { lockQuota, rowsOf, type Tx } from "./tx";
import { offerReminderDue } from "#core/pipeline/reminders";
import { markOfferReminderSent, offerReminderCancelled, scheduleOfferReminder } from "../reminders";

/** The latest deadline staff may give, counted from now (OFFER_DAYS' own ceiling). */
export const EXTEND_MAX_DAYS = 60;
const REMINDER_LOCK_KEY = 727_361_009;
const REMINDER_BATCH = 100;

interface OfferHandlingOptions {
  database: Pick<DatabaseHandle, "db" | "engine">;
  now: () => Date;
  settings: PipelineSettings;
  outbox: OutboxQueueConfig;
  linkSecret: string;
}

interface OpenOffer {
  id: string;
  applicationId: string;
  createdAt: Date;
  expiresAt: Date;
  remindedAt: Date | null;
  email: string;
  firstName: string;
  timezone: string | null;
}

/** Her open offer, locked; refused when there is none or its deadline has passed (the expiry job's to close). */
async function openOfferOf(tx: Tx, applicationId: string, now: Date): Promise<OpenOffer> {
  const [app] = await tx
    .select({ id: applications.id, stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for("update");
  if (!app) throw new ServiceError("not_found", "Application not found");
  const [offer] = await tx
    .select({
      id: applicationOffers.id,
      applicationId: applicationOffers.application_id,
      createdAt: applicationOffers.created_at,
      expiresAt: applicationOffers.expires_at,
      remindedAt: applicationOffers.reminded_at,
      email: applications.email,
      firstName: applications.firstName,
      timezone: applications.timezone,
    })
    .from(applicationOffers)
    .innerJoin(applications, eq(applications.id, applicationOffers.application_id))
    .where(and(eq(applicationOffers.application_id, applicationId), isNull(applicationOffers.outcome)))
    .for("update");
  if (app.stage !== "offered" || !offer) throw new ServiceError("conflict", "This application has no open offer");
  if (offer.expiresAt.getTime() <= now.getTime()) {
    throw new ServiceError("conflict", "This offer's deadline has passed: the place goes on to the waitlist");
  }
  return offer;
}

/**
 * Closes the offer's current link and opens a new one (same offer, same creation time); answers the new row's id, from
 * which the courier signs the link (ADR 0104).
 */
async function replaceLink(tx: Tx, secret: string, offer: OpenOffer, change: { expiresAt: Date; remindedAt: Date | null }): Promise<string> {
  await tx.update(applicationOffers).set({ outcome: "replaced" }).where(eq(applicationOffers.id, offer.id));
  const id = randomUUID();
  await tx.insert(applicationOffers).values({
    id,
    application_id: offer.applicationId,
    token_hash: hashOfferToken(offerTokenFor(secret, id)),
    created_at: offer.createdAt,
    expires_at: change.expiresAt,
    reminded_at: change.remindedAt,
  });
  return id;
}

/** A refused deadline, named on the `until` field. */
const refuseUntil = (message: string) => new ServiceError("invalid", message, { until: [message] });

function audit(tx: Tx, action: "offer_resent" | "offer_extended", applicationId: string, actor: Actor, clientAddress: string | null, at: Date, detail: Record<string, unknown>) {
  return recordAudit(tx, at, { actor, action, targetType: "application", targetId: applicationId, clientAddress, detail });
}

export function createOfferHandling({ database, now, settings, outbox, linkSecret }: OfferHandlingOptions) {
  const { db } = database;

  function locked<T>(work: (tx: Tx, at: Date) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockQuota(tx);
      return work(tx, now());
    });
  }

  return {
    /** The offer again, with a fresh link, to the address on the record now; the older link says so. */
    resend(applicationId: string, actor: Actor, clientAddress: string | null): Promise<{ offerExpiresAt: string }> {
      return locked(async (tx, at) => {
        const offer = await openOfferOf(tx, applicationId, at);
        const offerId = await replaceLink(tx, linkSecret, offer, { expiresAt: offer.expiresAt, remindedAt: offer.remindedAt });
        await queueApplicantEmail(tx, outbox, "place_offer", { id: applicationId, email: offer.email }, {
          firstName: offer.firstName,
          offerId,
          expiresAt: offer.expiresAt.toISOString(),
          timeZone: applicantTimeZone(offer.timezone),
          occasion: "resent",
        });
        // The same deadline: the reminder stays as it is (scheduled, sent, or cancelled by staff).
        if (!offer.remindedAt && settings.reminderHours > 0) {
          await scheduleOfferReminder(tx, applicationId, offerReminderDue(offer.createdAt, offer.expiresAt, settings.reminderHours), at, offer.createdAt);
        }
        await audit(tx, "offer_resent", applicationId, actor, clientAddress, at, {});
        return { offerExpiresAt: offer.expiresAt.toISOString() };
      });
    },

    /**
     * A later deadline (within EXTEND_MAX_DAYS of now), told to her with a fresh link; the reminder is due again
     * before the new deadline.
     */
    extend(applicationId: string, until: Date, actor: Actor, clientAddress: string | null): Promise<{ offerExpiresAt: string }> {
      return locked(async (tx, at) => {
        const offer = await openOfferOf(tx, applicationId, at);
        if (until.getTime() <= offer.expiresAt.getTime()) throw refuseUntil("Choose a deadline later than the current one");
        if (until.getTime() > at.getTime() + EXTEND_MAX_DAYS * DAY_MS) throw refuseUntil(`Choose a deadline within ${EXTEND_MAX_DAYS} days from now`);
        const offerId = await replaceLink(tx, linkSecret, offer, { expiresAt: until, remindedAt: null });
        // A new deadline: its reminder is due again before it (listed on the record, ADR 0102).
        if (settings.reminderHours > 0) await scheduleOfferReminder(tx, applicationId, offerReminderDue(offer.createdAt, until, settings.reminderHours), at, at);
        await queueApplicantEmail(tx, outbox, "place_offer", { id: applicationId, email: offer.email }, {
          firstName: offer.firstName,
          offerId,
          expiresAt: until.toISOString(),
          timeZone: applicantTimeZone(offer.timezone),
          occasion: "extended",
        });
        await audit(tx, "offer_extended", applicationId, actor, clientAddress, at, {
          from: offer.expiresAt.toISOString(),
          to: until.toISOString(),
        });
        return { offerExpiresAt: until.toISOString() };
      });
    },

    /**
     * Reminds each applicant whose offer is unanswered, not yet reminded, and within OFFER_REMINDER_HOURS of its
     * deadline; an offer shorter than twice that is reminded halfway through, so a short offer is not reminded the
     * moment it is made. One instance at a time on PostgreSQL (advisory lock); the reminded mark makes it once.
     */
    async remindDue(): Promise<{ ran: boolean; reminded: number }> {
      if (settings.reminderHours === 0) return { ran: false, reminded: 0 };
      return db.transaction(async (tx) => {
        if (database.engine === "postgres") {
          const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY}) as "locked"`);
          if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return { ran: false, reminded: 0 };
        }
        await lockQuota(tx);
        const at = now();
        const atIso = at.toISOString();
        const lead = `${settings.reminderHours * (HOUR_MS / 1000)} seconds`;
        const due = await tx
          .select({ applicationId: applicationOffers.application_id })
          .from(applicationOffers)
          .innerJoin(applications, eq(applications.id, applicationOffers.application_id))
          .where(
            and(
              isNull(applicationOffers.outcome),
              isNull(applicationOffers.reminded_at),
              eq(applications.stage, "offered"),
              sql`${applicationOffers.expires_at} > ${atIso}::timestamptz`,
              sql`${applicationOffers.expires_at} - ${lead}::interval <= ${atIso}::timestamptz`,
              sql`${applicationOffers.created_at} + (${applicationOffers.expires_at} - ${applicationOffers.created_at}) / 2 <= ${atIso}::timestamptz`,
            ),
          )
          .orderBy(applicationOffers.expires_at)
          .limit(REMINDER_BATCH);
        let reminded = 0;
        for (const { applicationId } of due) {
          const offer = await openOfferOf(tx, applicationId, at);
          // Never between 21:00 and 08:00 her time, unless waiting for 08:00 would pass the deadline (ADR 0102).
          const sendable = nextSendableAt(at, applicantTimeZone(offer.timezone));
          if (sendable.getTime() > at.getTime() && sendable.getTime() < offer.expiresAt.getTime()) continue;
          // Staff cancelled this offer's reminder on her record: it is marked, never sent.
          const dueAt = offerReminderDue(offer.createdAt, offer.expiresAt, settings.reminderHours);
          if (await offerReminderCancelled(tx, applicationId, dueAt)) {
            await tx.update(applicationOffers).set({ reminded_at: at }).where(eq(applicationOffers.id, offer.id));
            continue;
          }
          await markOfferReminderSent(tx, applicationId, dueAt, at);
          reminded++;
          const offerId = await replaceLink(tx, linkSecret, offer, { expiresAt: offer.expiresAt, remindedAt: at });
          await queueApplicantEmail(tx, outbox, "offer_reminder", { id: applicationId, email: offer.email }, {
            firstName: offer.firstName,
            offerId,
            expiresAt: offer.expiresAt.toISOString(),
            timeZone: applicantTimeZone(offer.timezone),
          });
        }
        return { ran: true, reminded };
      });
    },
  };
}
