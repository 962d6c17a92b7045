/**
 * Her details and email choices through the private link (ADR 0099): GET /api/applicant/{token}/details,
 * PUT /api/applicant/{token}/contact, PUT /api/applicant/{token}/preferences, PUT /api/applicant/{token}/language (ADR 0112),
 * and the confirmation of a new address, POST /api/applicant/email-change/{token}.
 */
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages";
import { applicantContactSchema, applicantLanguageSchema, applicantPreferencesSchema } from "../validation";
import { instant } from "./common";

export const applicantContactRequestSchema = applicantContactSchema;
export const applicantPreferencesRequestSchema = applicantPreferencesSchema;
export const applicantLanguageRequestSchema = applicantLanguageSchema;

export const applicantDetailsSchema = z.object({
  email: z.string().describe("The address we write to now."),
  phone: z.string().nullable(),
  pendingEmail: z
    .object({ email: z.string(), expiresAt: instant })
    .nullable()
    .describe("A new address waiting for her to confirm it from the link sent there; null without one."),
  reminders: z.boolean().describe("Reminders about her next step (booking her consult, sending her kit)."),
  news: z.boolean().describe("News about the pilot (her marketing consent)."),
  language: z.enum(LANGUAGES).describe("Her language: her pages and every email to her are in it (en English, es Spanish)."),
});

export const applicantContactAnswerSchema = applicantDetailsSchema.extend({
  emailConfirmationSent: z.boolean().describe("A link to confirm the new address was emailed to it."),
});

export const emailChangeAnswerSchema = z.object({ email: z.string().describe("The address her application now uses.") });
