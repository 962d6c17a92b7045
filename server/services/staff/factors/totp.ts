/**
 * TOTP (RFC 6238, 6 digits, 30 s) with otplib: one step of clock drift either way, and replay
 * protection: a code of a time step already accepted for the factor is refused (ASVS 6.5.1).
 */
import { generateSecret, generateURI, verify } from "otplib";

export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(issuer: string, accountName: string, secret: string): string {
  return generateURI({ issuer, label: accountName, secret });
}

/** The time step a valid code belongs to, or null when the code is wrong or was used already. */
export async function acceptedTotpStep(secret: string, code: string, at: Date, lastStep: number | null): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
