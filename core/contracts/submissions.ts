/**
 * The public submissions: POST /api/applications (the signup form) and POST /api/contact (the contact
 * form). Bodies are the forms' own schemas; an optional Idempotency-Key header makes retries safe.
 */
import { z } from "zod";
import { applicationSchema, contactSchema } from "../validation";
import { instant, recordId } from "./common";

export { applicationSchema as applicationRequestSchema, contactSchema as contactRequestSchema };

/** 201 to a new application (and to its replays). */
export const applicationCreatedSchema = z.object({ id: recordId, submitted_at: instant });
export type ApplicationCreated = z.output<typeof applicationCreatedSchema>;

/** 201 to a new contact message (and to its replays). */
export const contactCreatedSchema = z.object({ id: recordId });
export type ContactCreated = z.output<typeof contactCreatedSchema>;
