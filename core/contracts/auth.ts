/**
 * Staff sign-in: POST /api/auth/login, the steps that may follow it (a new first password, a second
 * factor), GET /api/auth/me, POST /api/auth/logout (docs/requirements.md §4).
 */
import { z } from "zod";
import { ROLES } from "../options";
import { loginSchema, passwordRule } from "../validation";

export const SESSION_TRANSPORTS = ["cookie", "bearer"] as const;

export const loginRequestSchema = loginSchema.extend({
  session: z
    .enum(SESSION_TRANSPORTS)
    .optional()
    .describe("`cookie`: the browser admin; the session travels in an HttpOnly cookie and no token is answered. Default `bearer`."),
});

/** The signed-in staff member, as every session check answers. */
export const sessionUserSchema = z.object({ id: z.uuid(), username: z.string(), role: z.enum(ROLES) });
export type SessionUser = z.output<typeof sessionUserSchema>;

/** What the sign-in still asks for: nothing, a new password, a second factor, or the enrolment of one. */
export const SIGN_IN_STEPS = ["done", "change_password", "second_factor", "enrol"] as const;
export const signInStepSchema = z.enum(SIGN_IN_STEPS);
export type SignInStepName = z.output<typeof signInStepSchema>;

export const loginResponseSchema = z.object({
  token: z
    .string()
    .optional()
    .describe("Bearer token for the Authorization header (bearer sign-ins only). Until `step` is `done` it only reaches the next step."),
  user: sessionUserSchema,
  step: signInStepSchema,
});
export type LoginResponse = z.output<typeof loginResponseSchema>;

/** A TOTP code or a recovery code. */
export const codeRequestSchema = z.object({
  code: z.string({ error: "Code is required" }).trim().min(1, "Code is required").max(64, "Code is too long"),
});

/** The new password of a first sign-in with a generated one. */
export const initialPasswordRequestSchema = z.object({ newPassword: passwordRule });

const base64url = z.string().max(65_536).regex(/^[A-Za-z0-9_-]*={0,2}$/, "must be base64url");
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const extensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** The browser's answer to a passkey sign-in (WebAuthn AuthenticationResponseJSON). */
export const passkeyAuthenticationSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

/** The browser's answer to a passkey registration (WebAuthn RegistrationResponseJSON). */
export const passkeyRegistrationSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

export const passkeySignInRequestSchema = z.object({ response: passkeyAuthenticationSchema });

/** WebAuthn options as @simplewebauthn/browser takes them (PublicKeyCredential*OptionsJSON). */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown()).describe("WebAuthn options (PublicKeyCredential*OptionsJSON).");
