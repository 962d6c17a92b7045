/**
 * Visitor location (docs/requirements.md §7): asked for only with consent, once per browser session, with a 5000 ms
 * timeout and low accuracy, and kept in session storage. It is never sent to the advertising party.
 * A denial or failure is only logged.
 */
import type { KeyValueStorage } from "./consent";
import { TIMINGS } from "./events";

export const LOCATION_STORAGE_KEY = "ovella.location";
/** Set once the question was asked this session, so it is not asked on every page. */
export const LOCATION_ASKED_KEY = "ovella.location-asked";

export interface StoredLocation {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export interface GeolocationLike {
  getCurrentPosition(
    success: (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void,
    error?: (error: { code: number; message: string }) => void,
    options?: { timeout?: number; enableHighAccuracy?: boolean; maximumAge?: number },
  ): void;
}

export const GEOLOCATION_OPTIONS = {
  timeout: TIMINGS.geolocationTimeoutMs,
  enableHighAccuracy: false,
  maximumAge: 0,
} as const;

export interface LocationDeps {
  consent: () => boolean;
  geolocation: GeolocationLike | undefined;
  storage: KeyValueStorage | null;
  log: Pick<Console, "info" | "warn">;
}

/** Asks for the location once per session with consent; returns whether it asked. */
export function requestLocationOnce(deps: LocationDeps): boolean {
  if (!deps.consent() || !deps.geolocation || !deps.storage) return false;
  try {
    if (deps.storage.getItem(LOCATION_ASKED_KEY)) return false;
    deps.storage.setItem(LOCATION_ASKED_KEY, "1");
    deps.geolocation.getCurrentPosition(
      (position) => {
        if (!deps.consent()) return;
        const { latitude, longitude, accuracy } = position.coords;
        const stored: StoredLocation = { latitude, longitude, accuracy };
        try {
          deps.storage?.setItem(LOCATION_STORAGE_KEY, JSON.stringify(stored));
        } catch (error) {
          deps.log.warn("Location could not be kept", error);
        }
      },
      (error) => deps.log.info(`Location not available (${error.code}): ${error.message}`),
      GEOLOCATION_OPTIONS,
    );
    return true;
  } catch (error) {
    deps.log.warn("Location request failed", error);
    return false;
  }
}

export function readStoredLocation(storage: KeyValueStorage | null): StoredLocation | null {
  try {
    const raw = storage?.getItem(LOCATION_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredLocation>;
    if (typeof value.latitude !== "number" || typeof value.longitude !== "number" || typeof value.accuracy !== "number") {
      return null;
    }
    return { latitude: value.latitude, longitude: value.longitude, accuracy: value.accuracy };
  } catch {
    return null;
  }
}

/** Forgets the location (on decline). */
export function forgetLocation(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(LOCATION_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
