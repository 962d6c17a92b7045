/**
 * The pilot's live settings (ADR 0091): GET|PUT /api/admin/pilot (staff read, super admins change) and the
 * public GET /api/pilot the pages' status comes from.
 */
import { z } from "zod";
import { PILOT_STATUSES } from "../pipeline/pilot-status";
import { DEFAULT_CONSULT_REMINDER_DAYS, DEFAULT_KIT_REMINDER_DAYS, REMINDER_DAYS_MAX } from "../pipeline/reminders";
import { storable } from "../storable";
import { nullableInstant } from "./common";

export const CAPACITY_MAX = 100_000;
export const INSTRUCTIONS_MAX = 5000;

/** A moment given with its zone, or null for a window without that end; years 1900–9999 only. */
const windowEnd = (what: string) =>
  z
    .string({ error: `Give when enrollment ${what} as an ISO 8601 date and time with its zone, or null` })
    .pipe(z.iso.datetime({ offset: true, error: `Give when enrollment ${what} as an ISO 8601 date and time with its zone, for example 2026-12-31T23:59:00-08:00` }))
    .refine((text) => {
      const year = new Date(text).getUTCFullYear();
      return year >= 1900 && year <= 9999;
    }, `Give a year between 1900 and 9999 for when enrollment ${what}`)
    .nullable();

/** Days before a reminder (ADR 0102): a whole number 0–60 (0 turns it off), or null for the default. */
const reminderDays = (what: string) =>
  z
    .number({ error: `Give the days before the ${what} reminder as a whole number, or null for the default` })
    .int(`Give the days before the ${what} reminder as a whole number`)
    .min(0, `Give 0 days (no ${what} reminder) or more`)
    .max(REMINDER_DAYS_MAX, `Keep the ${what} reminder within ${REMINDER_DAYS_MAX} days`)
    .nullable();

export const pilotSettingsRequestSchema = z
  .object({
    capacity: z
      .number({ error: "Give the number of places as a whole number" })
      .int("Give the number of places as a whole number")
      .min(1, "The pilot needs at least 1 place")
      .max(CAPACITY_MAX, `Keep the places at ${CAPACITY_MAX.toLocaleString("en-US")} or fewer`),
    enrollmentOpensAt: windowEnd("opens"),
    enrollmentClosesAt: windowEnd("closes"),
    assessmentInstructions: storable(z.string({ error: "Write the assessment instructions, or leave them empty" }))
      .trim()
      .max(INSTRUCTIONS_MAX, `Keep the instructions under ${INSTRUCTIONS_MAX} characters`),
    kitReminderDays: reminderDays("kit").optional().describe(`Days after the invitation before "kit not sent" is reminded; 0 for none; null for ${DEFAULT_KIT_REMINDER_DAYS}; left out: unchanged.`),
    consultReminderDays: reminderDays("consult").optional().describe(`Days after she may book before "consult not booked" is reminded; 0 for none; null for ${DEFAULT_CONSULT_REMINDER_DAYS}; left out: unchanged.`),
  })
  .refine((s) => !s.enrollmentOpensAt || !s.enrollmentClosesAt || Date.parse(s.enrollmentClosesAt) > Date.parse(s.enrollmentOpensAt), {
    message: "Enrollment must close after it opens",
    path: ["enrollmentClosesAt"],
  });
export type PilotSettingsRequest = z.output<typeof pilotSettingsRequestSchema>;

export const pilotSettingsSchema = z.object({
  capacity: z.number().int().describe("Places in the pilot (PILOT_CAPACITY until a super admin changes it)."),
  enrollmentOpensAt: nullableInstant.describe("When enrollment opens; null: open from the start."),
  enrollmentClosesAt: nullableInstant.describe("When enrollment closes; null: no closing date."),
  assessmentInstructions: z.string().describe("What the assessment invitation and her page say to do; empty for the standard text."),
  taken: z.number().int().describe("Places taken now: enrolled plus offered and not yet expired."),
  status: z.enum(PILOT_STATUSES),
  updatedAt: nullableInstant.describe("When a super admin last changed a setting; null: the first values."),
  kitReminderDays: z.number().int().nullable().describe(`Days before "kit not sent" is reminded; 0: none; null: the default (${DEFAULT_KIT_REMINDER_DAYS}).`),
  consultReminderDays: z.number().int().nullable().describe(`Days before "consult not booked" is reminded; 0: none; null: the default (${DEFAULT_CONSULT_REMINDER_DAYS}).`),
});
export type PilotSettings = z.output<typeof pilotSettingsSchema>;

export const publicPilotSchema = z.object({
  capacity: z.number().int(),
  status: z.enum(PILOT_STATUSES).describe("open; not_open (before the window); closed (after it); full (every place taken)."),
  enrollmentOpensAt: nullableInstant,
  enrollmentClosesAt: nullableInstant,
});
