/**
 * The applicant's own page (ADR 0098): POST /api/applicant/link (a fresh link by email, 202 whatever the address),
 * GET /api/applicant/{token} (where she stands), and the staff's POST /api/admin/applications/{id}/page-links/revoke.
 */
import { z } from "zod";
import { KIT_STEPS } from "../pipeline/assessment";
import { STAGES } from "../pipeline/stages";
import { applicantLinkSchema } from "../validation";
import { instant } from "./common";
import { consultBookingSchema, consultSlotSchema } from "./consult";

export const applicantLinkRequestSchema = applicantLinkSchema;

export const applicantViewSchema = z.object({
  stage: z.enum(STAGES),
  heading: z.string().describe("Where she stands, in plain words."),
  nextStep: z.string().describe("What happens next, and what she can do."),
  offer: z
    .object({ expiresAt: instant, timeZone: z.string().describe("Her IANA time zone, in which her page shows the deadline.") })
    .nullable()
    .describe("Her open offer; null without one."),
  instructions: z.string().nullable().describe("The assessment instructions while she is invited; null otherwise."),
  canWithdraw: z.boolean(),
  consult: consultBookingSchema.nullable().describe("Her consult booked, with its time in her zone and the clinic's; null without one."),
  slots: z.array(consultSlotSchema).optional().describe("The first two weeks of free consult slots, while she may book or move her consult."),
  kit: z
    .object({ step: z.enum(KIT_STEPS).nullable().describe("The furthest step: kit_sent, kit_received, result_in; null before any."), words: z.string() })
    .nullable()
    .describe("The assessment kit's progress in plain words while she is invited to the assessment; null otherwise."),
});
