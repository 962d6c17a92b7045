/**
 * The slots she may book (ADR 0100), computed, never stored: each day's hours in the clinic's zone (an exception
 * closes the day or replaces its hours), cut into slots of `slotMinutes` with `bufferMinutes` free after each, from
 * the first instant the minimum notice allows to `maxDaysAhead` days from now, without the slots a live booking
 * overlaps. Hours are read as wall-clock times in the clinic's zone; the slots step in real minutes from the opening
 * instant, so a day the clocks change has the hours it really has (one fewer in spring, one more in autumn).
 */
import type { ConsultAvailability, ConsultSlot } from "../contracts/consult";
import { addDays, calendarDay, DAY_MS, HOUR_MS, MINUTE_MS, minutesOfClock, weekdayOf, zonedInstant } from "../time";

export interface SlotQuery {
  now: Date;
  /** First and last calendar day, in the clinic's zone, both included. */
  from: string;
  to: string;
  /** Live bookings: a slot they overlap is not offered. */
  booked: ReadonlyArray<{ start: Date; end: Date }>;
}

/** The spans of hours of one calendar day: its exception's, or its day of the week's. */
export function hoursOfDay(availability: ConsultAvailability, day: string): Array<{ start: string; end: string }> {
  const exception = availability.exceptions.find((e) => e.date === day);
  if (exception) return exception.start && exception.end ? [{ start: exception.start, end: exception.end }] : [];
  const weekday = weekdayOf(day);
  return availability.weekly.filter((h) => h.day === weekday).map(({ start, end }) => ({ start, end }));
}

/** The slots offered between two days, earliest first. */
export function freeSlots(availability: ConsultAvailability, query: SlotQuery): ConsultSlot[] {
  const { timeZone, slotMinutes, bufferMinutes } = availability;
  const earliest = query.now.getTime() + availability.minNoticeHours * HOUR_MS;
  const latest = query.now.getTime() + availability.maxDaysAhead * DAY_MS;
  const first = query.from > calendarDay(query.now, timeZone) ? query.from : calendarDay(query.now, timeZone);
  const slotMs = slotMinutes * MINUTE_MS;
  const stepMs = (slotMinutes + bufferMinutes) * MINUTE_MS;
  const slots: ConsultSlot[] = [];
  for (let day = first; day <= query.to; day = addDays(day, 1)) {
    if (zonedInstant(day, 0, timeZone).getTime() > latest) break;
    const spans = hoursOfDay(availability, day).toSorted((a, b) => minutesOfClock(a.start) - minutesOfClock(b.start));
    for (const span of spans) {
      const opens = zonedInstant(day, minutesOfClock(span.start), timeZone).getTime();
      const closes = zonedInstant(day, minutesOfClock(span.end), timeZone).getTime();
      for (let start = opens; start + slotMs <= closes; start += stepMs) {
        const end = start + slotMs;
        if (start < earliest || start > latest) continue;
        if (query.booked.some((b) => b.start.getTime() < end && b.end.getTime() > start)) continue;
        slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
      }
    }
  }
  return slots;
}

/** The slot that starts at an instant, if it is offered now (a booking or a move must name one). */
export function offeredSlotAt(availability: ConsultAvailability, query: Omit<SlotQuery, "from" | "to">, start: Date): ConsultSlot | undefined {
  const day = calendarDay(start, availability.timeZone);
  const iso = start.toISOString();
  return freeSlots(availability, { ...query, from: day, to: day }).find((slot) => slot.start === iso);
}
