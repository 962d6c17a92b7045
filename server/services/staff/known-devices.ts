/**
 * Known devices (ADR 0055): after a full sign-in the browser gets a signed mark naming the username
 * (its comparison key) and an expiry. A sign-in that carries a valid mark for its username is not held
 * by the per-username ceiling, so failures from elsewhere cannot keep the owner out of her own device.
 * The mark proves nothing else: the password and the second factor are still asked.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const KNOWN_DEVICE_DAYS = 90;

export function createKnownDevices(secret: string, now: () => Date) {
  const mac = (payload: string) => createHmac("sha256", secret).update(`known-device|${payload}`).digest("base64url");
  return {
    /** The mark for a username key, valid for KNOWN_DEVICE_DAYS. */
    mark(usernameKey: string): string {
      const expires = Math.floor(now().getTime() / 1000) + KNOWN_DEVICE_DAYS * 86_400;
      const payload = `${Buffer.from(usernameKey).toString("base64url")}.${expires}`;
      return `${payload}.${mac(payload)}`;
    },

    /** Whether `mark` is a valid, unexpired mark for this username key. */
    recognises(mark: string | undefined, usernameKey: string): boolean {
      if (!mark) return false;
      const parts = mark.split(".");
      if (parts.length !== 3) return false;
      const [name, expires, signature] = parts as [string, string, string];
      const expected = Buffer.from(mac(`${name}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now().getTime()) return false;
      return Buffer.from(name, "base64url").toString() === usernameKey;
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
