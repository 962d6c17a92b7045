/**
 * How a sign-in step answers: the session token goes into the HttpOnly cookie for the browser admin
 * and into the body for bearer clients; a finished sign-in also marks the browser as a known device
 * (ADR 0055).
 */
import type { Response } from "express";
import type { SessionUser, SignInStepName } from "#core/contracts/auth";
import { usernameKey } from "#core/username-key";
import { KNOWN_DEVICE_DAYS, type KnownDevices } from "../../services/staff";
import type { CredentialTransport } from "../auth";
import { setKnownDeviceCookie, setSessionCookie } from "./cookies";

export interface StepResult {
  token: string;
  user: SessionUser;
  step: SignInStepName;
}

/** Hands the step's token over the way the session travels; returns the token for the body, if any. */
export function handOverSession(res: Response, transport: CredentialTransport, result: StepResult, devices: KnownDevices): string | undefined {
  if (result.step === "done") {
    setKnownDeviceCookie(res, devices.mark(usernameKey(result.user.username)), KNOWN_DEVICE_DAYS * 86_400_000);
  }
  if (transport === "cookie") {
    setSessionCookie(res, result.token, result.step === "done");
    return undefined;
  }
  return result.token;
}
