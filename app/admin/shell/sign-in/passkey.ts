/**
 * Passkey ceremonies in the browser with @simplewebauthn/browser, loaded only when a member chooses a
 * passkey (the sign-in's first load stays small). The server keeps each ceremony's challenge.
 */
import { apiRequest } from "~/lib/api-client";
import { COOKIE_SESSION } from "#core/staff-request";
import type { LoginResponse } from "#core/contracts/auth";
import type { EnrolmentResult } from "#core/contracts/factors";

type RegistrationOptions = Parameters<(typeof import("@simplewebauthn/browser"))["startRegistration"]>[0]["optionsJSON"];
type AuthenticationOptions = Parameters<(typeof import("@simplewebauthn/browser"))["startAuthentication"]>[0]["optionsJSON"];

export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Second step of a sign-in with a passkey. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await apiRequest<AuthenticationOptions>("/api/auth/passkey/options", { method: "POST", token: COOKIE_SESSION });
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<LoginResponse>("/api/auth/passkey", { method: "POST", body: { response }, token: COOKIE_SESSION });
}

/** Registers a passkey of this device for the signed-in (or enrolling) member. */
export async function enrolPasskey(label: string): Promise<EnrolmentResult> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await apiRequest<RegistrationOptions>("/api/factors/passkey/options", { method: "POST", token: COOKIE_SESSION });
  const response = await startRegistration({ optionsJSON });
  return apiRequest<EnrolmentResult>("/api/factors/passkey", { method: "POST", body: { response, label }, token: COOKIE_SESSION });
}
