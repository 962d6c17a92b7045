/**
 * Second factors (docs/requirements.md §4): GET /api/factors, TOTP and passkey enrolment under
 * /api/factors, new recovery codes, and a super admin's DELETE /api/users/{id}/factors.
 */
import { z } from "zod";
import { passkeyRegistrationSchema, sessionUserSchema, signInStepSchema } from "./auth";
import { instant, nullableInstant } from "./common";

export const FACTOR_KINDS = ["totp", "passkey"] as const;

export const factorStatusSchema = z.object({
  factors: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(FACTOR_KINDS),
      label: z.string(),
      created_at: instant,
      last_used_at: nullableInstant,
    }),
  ),
  recoveryCodesLeft: z.number().int(),
});
export type FactorStatusBody = z.output<typeof factorStatusSchema>;

export const totpEnrolmentSchema = z.object({
  secret: z.string().describe("Base32 secret, for typing into the authenticator app."),
  uri: z.string().describe("otpauth:// link with the same secret."),
});
export type TotpEnrolment = z.output<typeof totpEnrolmentSchema>;

/** After an enrolment: the recovery codes of a first factor (shown once), and where the sign-in stands. */
export const enrolmentResultSchema = z.object({
  recoveryCodes: z.array(z.string()).nullable(),
  step: signInStepSchema,
  user: sessionUserSchema,
  token: z.string().optional().describe("The new bearer token when the enrolment completed a bearer sign-in."),
});
export type EnrolmentResult = z.output<typeof enrolmentResultSchema>;

export const passkeyEnrolmentRequestSchema = z.object({
  response: passkeyRegistrationSchema,
  label: z.string().trim().min(1).max(60).optional(),
});

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
