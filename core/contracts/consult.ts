/**
 * The consult she books herself (ADR 0100):
 *   GET|PUT /api/admin/consult-availability   the clinic's consult hours (every staff role reads, super admins change)
 *   GET /api/applicant/{token}/slots?from=&to=, POST|PUT|DELETE /api/applicant/{token}/consult   her booking
 *   GET /api/admin/consults?date=, PUT|DELETE /api/admin/consults/{id}   the day's consults, moved or cancelled by staff
 *   POST /api/admin/applications/{id}/consult-invite   staff let her book before she passed the assessment
 * One schema for the admin's form and the server, so both refuse the same input with the same message.
 */
import { z } from "zod";
import { isTimeZoneName, minutesOfClock } from "../time";
import { instant, nullableInstant, recordId } from "./common";

export const WEEK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const WEEK_DAY_LABELS: Record<WeekDay, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export const SLOT_MINUTES_MAX = 240;
export const BUFFER_MINUTES_MAX = 120;
export const MIN_NOTICE_HOURS_MAX = 24 * 30;
export const MAX_DAYS_AHEAD_MAX = 365;
export const EXCEPTIONS_MAX = 366;
/** The widest span of slots one call answers (her page asks for two weeks at a time). */
export const SLOT_RANGE_DAYS_MAX = 62;

const CLOCK_MESSAGE = "Give the time as HH:MM on a 24-hour clock, for example 09:00";
const clock = z.string({ error: CLOCK_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CLOCK_MESSAGE);
const HOURS_ORDER = "The hours must end after they start";

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `Give ${what} as a whole number` })
    .int(`Give ${what} as a whole number`)
    .min(min, `Give ${what} of at least ${min}`)
    .max(max, `Give ${what} of at most ${max}`);

export const weeklyHoursSchema = z
  .object({
    day: z.enum(WEEK_DAYS, { error: `The day must be one of ${WEEK_DAYS.join(", ")}` }),
    start: clock,
    end: clock,
  })
  .refine((h) => minutesOfClock(h.end) > minutesOfClock(h.start), { message: HOURS_ORDER, path: ["end"] });

const DATE_MESSAGE = "Give the date as YYYY-MM-DD, for example 2026-12-24";
export const calendarDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), DATE_MESSAGE);

export const availabilityExceptionSchema = z
  .object({ date: calendarDate, start: clock.optional(), end: clock.optional() })
  .refine((e) => (e.start === undefined) === (e.end === undefined), { message: "Give both hours, or neither to close the day", path: ["end"] })
  .refine((e) => e.start === undefined || e.end === undefined || minutesOfClock(e.end) > minutesOfClock(e.start), { message: HOURS_ORDER, path: ["end"] });

const ZONE_MESSAGE = "Give the clinic's time zone as an IANA name, for example America/Los_Angeles";

const availabilityFields = {
  timeZone: z.string({ error: ZONE_MESSAGE }).trim().refine(isTimeZoneName, ZONE_MESSAGE).describe("The clinic's IANA time zone; the hours are read in it."),
  weekly: z.array(weeklyHoursSchema).max(WEEK_DAYS.length * 4, "At most four spans of hours a day").describe("Opening hours per day of the week (a day may have several spans)."),
  slotMinutes: whole("the slot length in minutes", 5, SLOT_MINUTES_MAX),
  bufferMinutes: whole("the buffer in minutes", 0, BUFFER_MINUTES_MAX).describe("Free minutes kept after each slot."),
  minNoticeHours: whole("the minimum notice in hours", 0, MIN_NOTICE_HOURS_MAX).describe("How soon a slot may start at the earliest, from now."),
  maxDaysAhead: whole("how many days ahead", 1, MAX_DAYS_AHEAD_MAX).describe("How far ahead she may book, in days."),
  exceptions: z
    .array(availabilityExceptionSchema)
    .max(EXCEPTIONS_MAX, `At most ${EXCEPTIONS_MAX} exceptions`)
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, "Give each date once")
    .describe("Days that differ: without hours the day is closed; with hours they replace the day's weekly hours."),
};

/** The clinic's consult hours as they are stored and answered. */
export const consultAvailabilityObject = z.object(availabilityFields);
export type ConsultAvailability = z.output<typeof consultAvailabilityObject>;

/** PUT: the fields given change, the others keep their values. */
export const consultAvailabilityRequestSchema = z.object(availabilityFields).partial();
export type ConsultAvailabilityRequest = z.output<typeof consultAvailabilityRequestSchema>;

export const consultAvailabilitySchema = consultAvailabilityObject.extend({
  updatedAt: nullableInstant.describe("When a super admin last changed them; null: the defaults."),
});
export type ConsultAvailabilityAnswer = z.output<typeof consultAvailabilitySchema>;

export const consultSlotSchema = z.object({ start: instant, end: instant });
export type ConsultSlot = z.output<typeof consultSlotSchema>;
export const consultSlotListSchema = z.array(consultSlotSchema);

export const consultSlotsQuerySchema = z.object({
  from: calendarDate.optional().describe("The first day (in the clinic's zone); default today."),
  to: calendarDate.optional().describe(`The last day (in the clinic's zone); default two weeks on; at most ${SLOT_RANGE_DAYS_MAX} days after from.`),
});

const START_MESSAGE = "Choose one of the times offered";
export const consultBookingRequestSchema = z.object({
  start: z.string({ error: START_MESSAGE }).pipe(z.iso.datetime({ offset: true, error: START_MESSAGE })).describe("The start of a slot offered (ISO 8601)."),
});

/** Her booking as her page and the API show it. */
export const consultBookingSchema = z.object({
  start: instant,
  end: instant,
  timeZone: z.string().describe("Her IANA time zone (reported by her browser when she applied; else the clinic's)."),
  clinicTimeZone: z.string().describe("The clinic's IANA time zone."),
});
export type ConsultBooking = z.output<typeof consultBookingSchema>;

/** One consult of a day, for staff. */
export const consultDayItemSchema = z.object({
  id: recordId,
  applicationId: recordId,
  firstName: z.string(),
  lastName: z.string(),
  stage: z.string(),
  start: instant,
  end: instant,
  status: z.enum(["booked", "cancelled"]),
  cancelledBy: z.string().nullable(),
});
export type ConsultDayItem = z.output<typeof consultDayItemSchema>;

export const consultDaySchema = z.object({
  date: calendarDate,
  timeZone: z.string().describe("The clinic's zone, in which the day is read."),
  consults: z.array(consultDayItemSchema),
});
export type ConsultDay = z.output<typeof consultDaySchema>;

export const consultDayQuerySchema = z.object({ date: calendarDate.optional().describe("The day in the clinic's zone; default today.") });
