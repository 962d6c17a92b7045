/**
 * The clinic's consult hours (ADR 0100): one row (id 1) of `consult_availability`; without it the defaults of
 * core/consult/availability.ts. A super admin's change keeps the fields left out and is audited with what changed.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_AVAILABILITY } from "#core/consult/availability";
import { type ConsultAvailability, type ConsultAvailabilityAnswer, type ConsultAvailabilityRequest, WEEK_DAYS } from "#core/contracts/consult";
import { consultAvailability } from "../../db/schema";
import { type Actor, recordAudit } from "../audit";
import type { Tx } from "./tx";

type Reader = Pick<Tx, "select">;

const KEYS = ["timeZone", "weekly", "slotMinutes", "bufferMinutes", "minNoticeHours", "maxDaysAhead", "exceptions"] as const;

export async function readAvailability(db: Reader): Promise<ConsultAvailabilityAnswer> {
  const [row] = await db.select().from(consultAvailability).where(eq(consultAvailability.id, 1));
  if (!row) return { ...DEFAULT_AVAILABILITY, updatedAt: null };
  return {
    timeZone: row.time_zone,
    weekly: row.weekly as ConsultAvailability["weekly"],
    slotMinutes: row.slot_minutes,
    bufferMinutes: row.buffer_minutes,
    minNoticeHours: row.min_notice_hours,
    maxDaysAhead: row.max_days_ahead,
    exceptions: row.exceptions,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The weekly hours in the order of the week, then by start; the exceptions by date. */
function tidy(hours: ConsultAvailability): ConsultAvailability {
  return {
    ...hours,
    weekly: [...hours.weekly].toSorted((a, b) => WEEK_DAYS.indexOf(a.day) - WEEK_DAYS.indexOf(b.day) || a.start.localeCompare(b.start)),
    exceptions: [...hours.exceptions].toSorted((a, b) => a.date.localeCompare(b.date)),
  };
}

export async function updateAvailability(
  tx: Tx,
  input: ConsultAvailabilityRequest,
  context: { actor: Actor; clientAddress: string | null; at: Date },
): Promise<ConsultAvailabilityAnswer> {
  const { updatedAt: _updatedAt, ...was } = await readAvailability(tx);
  const wanted = tidy({ ...was, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) });
  const changed = KEYS.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(wanted[key]));
  if (changed.length === 0) return readAvailability(tx);
  const row = {
    time_zone: wanted.timeZone,
    weekly: wanted.weekly,
    slot_minutes: wanted.slotMinutes,
    buffer_minutes: wanted.bufferMinutes,
    min_notice_hours: wanted.minNoticeHours,
    max_days_ahead: wanted.maxDaysAhead,
    exceptions: wanted.exceptions,
    updated_at: context.at,
  };
  await tx.insert(consultAvailability).values({ id: 1, ...row }).onConflictDoUpdate({ target: consultAvailability.id, set: row });
  await recordAudit(tx, context.at, {
    actor: context.actor,
    action: "consult_availability_change",
    targetType: "consult_availability",
    clientAddress: context.clientAddress,
    detail: Object.fromEntries(changed.map((key) => [key, { from: was[key], to: wanted[key] }])),
  });
  return readAvailability(tx);
}
