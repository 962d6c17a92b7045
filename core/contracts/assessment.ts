/**
 * The assessment step and her reminders on the record page (ADR 0101, 0102):
 *   GET    /api/admin/applications/{id}/assessment            the kit's steps, the reviews and her reminders
 *   POST   /api/admin/applications/{id}/assessment            `{ status }` a step of the kit's progress → 200
 *   POST   /api/admin/applications/{id}/review                `{ meetsCriteria, recommendation, reason }` → 201
 *   DELETE /api/admin/applications/{id}/reminders/{reminderId} staff cancel a scheduled reminder → 204
 */
import { z } from "zod";
import { KIT_STEPS, REVIEW_RECOMMENDATIONS, REVIEW_REASON_MAX } from "../pipeline/assessment";
import { REMINDER_KINDS, REMINDER_STATUSES } from "../pipeline/reminders";
import { storable } from "../storable";
import { instant, nullableInstant } from "./common";

export const kitStepRequestSchema = z.object({
  status: z.string({ error: "Choose a step of the kit" }).pipe(z.enum(KIT_STEPS, { error: "Choose kit_sent, kit_received or result_in" })),
});

export const reviewRequestSchema = z.object({
  meetsCriteria: z.boolean({ error: "Say whether the result meets the pilot's criteria" }),
  recommendation: z
    .string({ error: "Choose a recommendation" })
    .pipe(z.enum(REVIEW_RECOMMENDATIONS, { error: "Choose a recommendation: pass or not eligible" })),
  reason: storable(z.string({ error: "Give the reason for the recommendation" }))
    .trim()
    .min(1, "Give the reason for the recommendation")
    .max(REVIEW_REASON_MAX, `Keep the reason under ${REVIEW_REASON_MAX} characters`),
});
export type ReviewRequest = z.output<typeof reviewRequestSchema>;

export const kitStepEntrySchema = z.object({
  id: z.uuid(),
  status: z.enum(KIT_STEPS),
  by: z.string().nullable().describe("Staff username; null when she said so on her page."),
  at: instant,
});

export const reviewSchema = z.object({
  id: z.uuid(),
  meetsCriteria: z.boolean(),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS),
  reason: z.string(),
  by: z.string().nullable().describe("The reviewer's username."),
  at: instant,
});
export type Review = z.output<typeof reviewSchema>;

export const reminderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REMINDER_KINDS),
  dueAt: instant.describe("When it is due; one falling between 21:00 and 08:00 in her zone goes at 08:00."),
  status: z.enum(REMINDER_STATUSES),
  sentAt: nullableInstant,
  cancelledAt: nullableInstant,
  cancelReason: z.string().nullable().describe("she_acted, stage_changed, reminders_off or staff."),
  cancelledBy: z.string().nullable(),
});

export const assessmentViewSchema = z.object({
  steps: z.array(kitStepEntrySchema).describe("The kit's progress, oldest first."),
  kit: z.enum(KIT_STEPS).nullable().describe("The furthest step reached; null before any."),
  reviews: z.array(reviewSchema).describe("Every review, oldest first."),
  reviewed: z.boolean().describe("Whether a review exists since she was last invited (a pass or not-eligible decision needs one)."),
  reminders: z.array(reminderSchema).describe("Her reminders, newest due first."),
});
export type AssessmentView = z.output<typeof assessmentViewSchema>;
