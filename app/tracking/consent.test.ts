import { describe, expect, it } from "vitest";
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  createConsentStore,
  needsPrompt,
  parseStoredConsent,
  readGpc,
  resolveConsent,
  serializeConsent,
  type KeyValueStorage,
} from "./consent";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const AT = new Date("2025-09-01T10:00:00.000Z");

describe("stored consent", () => {
  it("round-trips a choice with its version and time", () => {
    const raw = serializeConsent("granted", AT);
    expect(JSON.parse(raw)).toEqual({ v: CONSENT_VERSION, choice: "granted", at: AT.toISOString() });
    expect(parseStoredConsent(raw)).toEqual({ v: CONSENT_VERSION, choice: "granted", at: AT.toISOString() });
  });

  it.each([
    ["nothing", null],
    ["not JSON", "granted"],
    ["another version", JSON.stringify({ v: CONSENT_VERSION + 1, choice: "granted", at: AT.toISOString() })],
    ["an old version", JSON.stringify({ v: 0, choice: "granted", at: AT.toISOString() })],
    ["an unknown choice", JSON.stringify({ v: CONSENT_VERSION, choice: "yes", at: AT.toISOString() })],
    ["no time", JSON.stringify({ v: CONSENT_VERSION, choice: "denied" })],
    ["an array", "[]"],
  ])("reads %s as no choice", (_label, raw) => {
    expect(parseStoredConsent(raw)).toBeNull();
  });
});

describe("resolveConsent", () => {
  const granted = { v: CONSENT_VERSION, choice: "granted" as const, at: AT.toISOString() };

  it("is unset (and asks) without a stored choice", () => {
    const state = resolveConsent(null, false);
    expect(state.status).toBe("unset");
    expect(needsPrompt(state)).toBe(true);
  });

  it("follows the stored choice", () => {
    expect(resolveConsent(granted, false)).toMatchObject({ status: "granted", source: "choice" });
    expect(needsPrompt(resolveConsent(granted, false))).toBe(false);
  });

  it("treats Global Privacy Control as a decline that is never asked, even over a stored accept", () => {
    for (const stored of [null, granted]) {
      const state = resolveConsent(stored, true);
      expect(state).toMatchObject({ status: "denied", source: "gpc", gpc: true });
      expect(needsPrompt(state)).toBe(false);
    }
  });

  it("reads GPC only when it is exactly true", () => {
    expect(readGpc({ globalPrivacyControl: true })).toBe(true);
    expect(readGpc({ globalPrivacyControl: "true" })).toBe(false);
    expect(readGpc({ globalPrivacyControl: 1 })).toBe(false);
    expect(readGpc({})).toBe(false);
    expect(readGpc(undefined)).toBe(false);
  });
});

describe("consent store", () => {
  it("opens the banner until a choice, then remembers the choice with its version", () => {
    const storage = memoryStorage();
    const store = createConsentStore({ storage, gpc: false, now: () => AT });
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: true, reopened: false });
    let heard = 0;
    store.subscribe(() => (heard += 1));
    store.choose("denied");
    expect(heard).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: false, state: { status: "denied" } });
    expect(parseStoredConsent(storage.data.get(CONSENT_STORAGE_KEY))).toEqual({
      v: CONSENT_VERSION,
      choice: "denied",
      at: AT.toISOString(),
    });
    // A new page load reads the same answer and does not ask again.
    const next = createConsentStore({ storage, gpc: false });
    expect(next.getSnapshot()).toMatchObject({ bannerOpen: false, state: { status: "denied" } });
  });

  it("asks again when the stored choice is of another version", () => {
    const storage = memoryStorage({
      [CONSENT_STORAGE_KEY]: JSON.stringify({ v: CONSENT_VERSION + 1, choice: "granted", at: AT.toISOString() }),
    });
    const store = createConsentStore({ storage, gpc: false });
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: true, state: { status: "unset" } });
  });

  it("reopens from Privacy choices and lets the visitor change the answer", () => {
    const storage = memoryStorage();
    const store = createConsentStore({ storage, gpc: false, now: () => AT });
    store.choose("granted");
    expect(store.getSnapshot().bannerOpen).toBe(false);
    store.reopen();
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: true, reopened: true, state: { status: "granted" } });
    store.choose("denied");
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: false, state: { status: "denied" } });
    store.reopen();
    store.dismiss();
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: false, state: { status: "denied" } });
  });

  it("with GPC never opens on its own and an Accept click cannot turn tracking on", () => {
    const storage = memoryStorage();
    const store = createConsentStore({ storage, gpc: true, now: () => AT });
    expect(store.getSnapshot()).toMatchObject({ bannerOpen: false, state: { status: "denied", gpc: true } });
    store.reopen();
    expect(store.getSnapshot().bannerOpen).toBe(true);
    store.choose("granted");
    expect(store.getSnapshot().state.status).toBe("denied");
    expect(parseStoredConsent(storage.data.get(CONSENT_STORAGE_KEY))?.choice).toBe("denied");
  });

  it("keeps working when storage throws (private mode)", () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => undefined,
    };
    const warnings: unknown[] = [];
    const store = createConsentStore({ storage: broken, gpc: false, log: { warn: (...a: unknown[]) => warnings.push(a) } });
    expect(store.getSnapshot().state.status).toBe("unset");
    store.choose("granted");
    expect(store.getSnapshot().state.status).toBe("granted");
    expect(warnings.length).toBe(2);
  });
});
