import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "./consent";
import { GEOLOCATION_OPTIONS, LOCATION_STORAGE_KEY, readStoredLocation, requestLocationOnce, type GeolocationLike } from "./geolocation";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function fakeGeolocation(outcome: "allow" | "deny") {
  const calls: unknown[] = [];
  const geolocation: GeolocationLike = {
    getCurrentPosition(success, error, options) {
      calls.push(options);
      if (outcome === "allow") success({ coords: { latitude: 37.77, longitude: -122.42, accuracy: 1200 } });
      else error?.({ code: 1, message: "User denied Geolocation" });
    },
  };
  return { geolocation, calls };
}

const silent = { info: () => undefined, warn: () => undefined };

describe("geolocation", () => {
  it("is never requested without consent", () => {
    const { geolocation, calls } = fakeGeolocation("allow");
    const storage = memoryStorage();
    expect(requestLocationOnce({ consent: () => false, geolocation, storage, log: silent })).toBe(false);
    expect(calls).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it("with consent asks once per session (5000 ms, low accuracy) and keeps the position in session storage", () => {
    const { geolocation, calls } = fakeGeolocation("allow");
    const storage = memoryStorage();
    expect(requestLocationOnce({ consent: () => true, geolocation, storage, log: silent })).toBe(true);
    expect(requestLocationOnce({ consent: () => true, geolocation, storage, log: silent })).toBe(false);
    expect(calls).toEqual([{ timeout: 5000, enableHighAccuracy: false, maximumAge: 0 }]);
    expect(GEOLOCATION_OPTIONS.timeout).toBe(5000);
    expect(readStoredLocation(storage)).toEqual({ latitude: 37.77, longitude: -122.42, accuracy: 1200 });
  });

  it("only logs a denial", () => {
    const { geolocation } = fakeGeolocation("deny");
    const storage = memoryStorage();
    const logged: unknown[] = [];
    const log = { info: (...a: unknown[]) => logged.push(a), warn: () => undefined };
    expect(() => requestLocationOnce({ consent: () => true, geolocation, storage, log })).not.toThrow();
    expect(logged).toHaveLength(1);
    expect(storage.data.has(LOCATION_STORAGE_KEY)).toBe(false);
  });
});
