/**
 * The clinic's consult hours before a super admin sets them (ADR 0100): Monday to Friday 09:00–17:00 in the pilot's
 * zone, 30-minute slots, no buffer, a day's notice, a month ahead. The table `consult_availability` holds one row
 * (id 1); without it these are the hours.
 */
import type { ConsultAvailability } from "../contracts/consult";
import { PILOT_TIME_ZONE } from "../time";

const WORK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

export const DEFAULT_AVAILABILITY: ConsultAvailability = {
  timeZone: PILOT_TIME_ZONE,
  weekly: WORK_DAYS.map((day) => ({ day, start: "09:00", end: "17:00" })),
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 24,
  maxDaysAhead: 30,
  exceptions: [],
};
