/**
 * The pilot's live settings (ADR 0091): capacity, enrollment window and assessment instructions live on the
 * quota row every move locks, so a change and a move never cross. A null column is the first value (the
 * environment's PILOT_CAPACITY; no window; no instructions). Changing them takes the same lock, refuses a
 * capacity below the places already taken, and is audited with what changed. The closing letter goes to every
 * eligible woman still waiting when the window closes, once per closing instant.
 */
import { eq } from "drizzle-orm";
import type { PilotSettings, PilotSettingsRequest } from "#core/contracts/pilot";
import { type PilotPublicState, pilotStatusOf } from "#core/pipeline/pilot-status";
import { applications, auditEvents, pilotQuota } from "../../db/schema";
import type { Actor } from "../audit";
import { ServiceError } from "../errors";
import type { OutboxQueueConfig } from "../outbox";
import { queueApplicantEmail } from "./emails";
import type { PipelineSettings } from "./settings";
import { placesTaken } from "./moves";
import { type LiveRow, lockQuota, type Tx } from "./tx";

/** The settings in force: the row's values, each null one replaced by its first value. */
export function liveSettings(row: LiveRow | undefined, defaults: PipelineSettings): PipelineSettings & { opensAt: Date | null; closesAt: Date | null; updatedAt: Date | null; closingLettersFor: Date | null } {
  return {
    ...defaults,
    capacity: row?.capacity ?? defaults.capacity,
    assessmentInstructions: row?.assessment_instructions ?? defaults.assessmentInstructions,
    // Once a super admin has saved the settings, their window stands (an empty end included).
    opensAt: row?.settings_updated_at ? row.enrollment_opens_at : defaults.enrollmentOpensAt,
    closesAt: row?.settings_updated_at ? row.enrollment_closes_at : defaults.enrollmentClosesAt,
    updatedAt: row?.settings_updated_at ?? null,
    closingLettersFor: row?.closing_letters_for ?? null,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function readRow(db: Pick<Tx, "select">): Promise<LiveRow | undefined> {
  const [row] = await db
    .select({
      capacity: pilotQuota.capacity,
      enrollment_opens_at: pilotQuota.enrollment_opens_at,
      enrollment_closes_at: pilotQuota.enrollment_closes_at,
      assessment_instructions: pilotQuota.assessment_instructions,
      closing_letters_for: pilotQuota.closing_letters_for,
      settings_updated_at: pilotQuota.settings_updated_at,
    })
    .from(pilotQuota)
    .where(eq(pilotQuota.id, 1));
  return row;
}

interface StoredDays {
  kitReminderDays: number | null;
  consultReminderDays: number | null;
}

/** The reminder days as stored (null: the default; ADR 0102). */
async function readDays(db: Pick<Tx, "select">): Promise<StoredDays> {
  const [row] = await db
    .select({ kitReminderDays: pilotQuota.kit_reminder_days, consultReminderDays: pilotQuota.consult_reminder_days })
    .from(pilotQuota)
    .where(eq(pilotQuota.id, 1));
  return row ?? { kitReminderDays: null, consultReminderDays: null };
}

function answerOf(live: ReturnType<typeof liveSettings>, taken: number, now: Date, days: StoredDays): PilotSettings {
  return {
    ...days,
    capacity: live.capacity,
    enrollmentOpensAt: iso(live.opensAt),
    enrollmentClosesAt: iso(live.closesAt),
    assessmentInstructions: live.assessmentInstructions,
    taken,
    status: pilotStatusOf({ opensAt: live.opensAt, closesAt: live.closesAt }, { capacity: live.capacity, taken }, now),
    updatedAt: iso(live.updatedAt),
  };
}

function publicStateOf(settings: PilotSettings): PilotPublicState {
  return {
    capacity: settings.capacity,
    status: settings.status,
    enrollmentOpensAt: settings.enrollmentOpensAt,
    enrollmentClosesAt: settings.enrollmentClosesAt,
  };
}

interface PilotOptions {
  db: { transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T> };
  now: () => Date;
  settings: PipelineSettings;
  outbox: OutboxQueueConfig;
}

export function createPilotSettings({ db, now, settings, outbox }: PilotOptions) {
  // What the pages show until the first read: the first values, open.
  let snapshot: PilotPublicState = {
    capacity: settings.capacity,
    status: pilotStatusOf({ opensAt: settings.enrollmentOpensAt, closesAt: settings.enrollmentClosesAt }, { capacity: settings.capacity, taken: 0 }, now()),
    enrollmentOpensAt: iso(settings.enrollmentOpensAt),
    enrollmentClosesAt: iso(settings.enrollmentClosesAt),
  };
  const listeners = new Set<() => void>();

  function read(): Promise<PilotSettings> {
    return db.transaction(async (tx) => {
      const at = now();
      const row = await readRow(tx);
      const taken = await placesTaken(tx, at);
      return answerOf(liveSettings(row, settings), taken, at, await readDays(tx));
    });
  }

  /** Reads the settings and the status again; tells the listeners when what a visitor sees changed. */
  async function refresh(): Promise<boolean> {
    const next = publicStateOf(await read());
    const changed = JSON.stringify(next) !== JSON.stringify(snapshot);
    snapshot = next;
    if (changed) for (const listener of listeners) listener();
    return changed;
  }

  return {
    /** The settings in force with the places taken and the status (no lock: a read). */
    read,
    refresh,
    /** What the public pages show now (the last refresh's status; never a database call). */
    current: (): PilotPublicState => snapshot,
    /** Calls `listener` whenever what a visitor sees of the pilot changes; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A super admin's change: under the quota lock, audited with the fields that changed (before and after). */
    async update(input: PilotSettingsRequest, actor: Actor, clientAddress: string | null): Promise<PilotSettings> {
      const answer = await db.transaction(async (tx) => {
        const row = await lockQuota(tx);
        const at = now();
        const before = liveSettings(row, settings);
        const taken = await placesTaken(tx, at);
        if (input.capacity < taken) {
          throw new ServiceError("conflict", `${taken} places are already taken or offered: the pilot cannot have fewer than ${taken}`);
        }
        const opensAt = input.enrollmentOpensAt ? new Date(input.enrollmentOpensAt) : null;
        const closesAt = input.enrollmentClosesAt ? new Date(input.enrollmentClosesAt) : null;
        const days = await readDays(tx);
        const wanted = {
          capacity: input.capacity,
          enrollmentOpensAt: iso(opensAt),
          enrollmentClosesAt: iso(closesAt),
          assessmentInstructions: input.assessmentInstructions,
          kitReminderDays: input.kitReminderDays === undefined ? days.kitReminderDays : input.kitReminderDays,
          consultReminderDays: input.consultReminderDays === undefined ? days.consultReminderDays : input.consultReminderDays,
        };
        const was = answerOf(before, taken, at, days);
        const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => was[key] !== wanted[key]);
        if (changed.length === 0) return was;
        await tx
          .update(pilotQuota)
          .set({
            capacity: input.capacity,
            enrollment_opens_at: opensAt,
            enrollment_closes_at: closesAt,
            assessment_instructions: input.assessmentInstructions,
            kit_reminder_days: wanted.kitReminderDays,
            consult_reminder_days: wanted.consultReminderDays,
            settings_updated_at: at,
          })
          .where(eq(pilotQuota.id, 1));
        await tx.insert(auditEvents).values({
          actor_id: actor.id,
          actor_username: actor.username,
          action: "pilot_settings_change",
          target_type: "pilot",
          target_id: null,
          at,
          client_address: clientAddress?.slice(0, 64) ?? null,
          // The instructions' text is staff's own; the audit says that they changed, not what they say.
          detail: Object.fromEntries(
            changed.map((key) => [key, key === "assessmentInstructions" ? { changed: true } : { from: was[key], to: wanted[key] }]),
          ),
        });
        return answerOf(liveSettings(await readRow(tx), settings), taken, at, await readDays(tx));
      });
      // The pages of this instance change at once; other instances on their next refresh (ADR 0091).
      await refresh();
      return answer;
    },

    /**
     * Once the window has closed: the closing letter to every woman still on the waitlist, once per closing
     * instant (a window reopened and closed again writes again). Runs in the offer-expiry loop's turn.
     */
    sendClosingLetters(): Promise<{ sent: number }> {
      return db.transaction(async (tx) => {
        const row = await lockQuota(tx);
        const live = liveSettings(row, settings);
        const at = now();
        if (!live.closesAt || live.closesAt.getTime() > at.getTime()) return { sent: 0 };
        if (live.closingLettersFor && live.closingLettersFor.getTime() === live.closesAt.getTime()) return { sent: 0 };
        const waiting = await tx
          .select({ id: applications.id, email: applications.email, firstName: applications.firstName, eligible: applications.eligible })
          .from(applications)
          .where(eq(applications.stage, "waitlisted"));
        for (const woman of waiting) {
          await queueApplicantEmail(tx, outbox, "pilot_closed_notice", woman, { firstName: woman.firstName, eligible: woman.eligible });
        }
        await tx.update(pilotQuota).set({ closing_letters_for: live.closesAt }).where(eq(pilotQuota.id, 1));
        return { sent: waiting.length };
      });
    },
  };
}



