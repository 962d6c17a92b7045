/**
 * Tracking consent: the visitor's opt-in to advertising measurement.
 *
 * Nothing about the visitor goes to an advertising or analytics party unless the state is
 * "granted". A browser sending Global Privacy Control counts as a decline that is never asked
 * again. The choice is remembered in first-party storage with a version, so a change of what we
 * ask for (a new version) asks again.
 */

export const CONSENT_VERSION = 1;
export const CONSENT_STORAGE_KEY = "ovella.tracking-consent";

export type ConsentChoice = "granted" | "denied";
export type ConsentStatus = ConsentChoice | "unset";

/** What is kept in storage. */
export interface StoredConsent {
  v: number;
  choice: ConsentChoice;
  /** ISO 8601 time of the choice. */
  at: string;
}

export interface ConsentState {
  status: ConsentStatus;
  /** Where the status comes from: the browser's GPC signal, the visitor's stored choice, or nothing yet. */
  source: "gpc" | "choice" | "none";
  /** The browser sends Global Privacy Control. */
  gpc: boolean;
  /** When the stored choice was made (ISO 8601), if any. */
  at?: string;
}

/** Reads a stored value; anything unreadable, of another version or of an unknown choice is no choice. */
export function parseStoredConsent(raw: string | null | undefined): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.v !== CONSENT_VERSION) return null;
  if (record.choice !== "granted" && record.choice !== "denied") return null;
  if (typeof record.at !== "string" || Number.isNaN(Date.parse(record.at))) return null;
  return { v: CONSENT_VERSION, choice: record.choice, at: record.at };
}

export function serializeConsent(choice: ConsentChoice, now: Date): string {
  const stored: StoredConsent = { v: CONSENT_VERSION, choice, at: now.toISOString() };
  return JSON.stringify(stored);
}

/** The effective consent: GPC wins over everything, then a stored choice of the current version. */
export function resolveConsent(stored: StoredConsent | null, gpc: boolean): ConsentState {
  if (gpc) return { status: "denied", source: "gpc", gpc: true };
  if (stored) return { status: stored.choice, source: "choice", gpc: false, at: stored.at };
  return { status: "unset", source: "none", gpc: false };
}

/** The banner asks only when there is no answer yet (GPC is an answer). */
export function needsPrompt(state: ConsentState): boolean {
  return state.status === "unset";
}

export function isGranted(state: ConsentState): boolean {
  return state.status === "granted";
}

/** `navigator.globalPrivacyControl === true`, read defensively. */
export function readGpc(nav: { globalPrivacyControl?: unknown } | undefined): boolean {
  try {
    return nav?.globalPrivacyControl === true;
  } catch {
    return false;
  }
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ConsentSnapshot {
  state: ConsentState;
  /** The banner is on screen: no answer yet, or reopened through "Privacy choices". */
  bannerOpen: boolean;
  /** Opened on purpose through "Privacy choices". */
  reopened: boolean;
}

export interface ConsentStore {
  getSnapshot(): ConsentSnapshot;
  subscribe(listener: () => void): () => void;
  choose(choice: ConsentChoice): void;
  /** Reopens the banner so the visitor can change the choice. */
  reopen(): void;
  /** Closes a reopened banner without changing the choice. */
  dismiss(): void;
}

export interface ConsentStoreDeps {
  storage: KeyValueStorage | null;
  gpc: boolean;
  now?: () => Date;
  log?: Pick<Console, "warn">;
}

/** The consent state machine over a storage; listeners hear every change. */
export function createConsentStore(deps: ConsentStoreDeps): ConsentStore {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<() => void>();

  function readStored(): StoredConsent | null {
    try {
      return parseStoredConsent(deps.storage?.getItem(CONSENT_STORAGE_KEY));
    } catch (error) {
      deps.log?.warn("Tracking consent could not be read", error);
      return null;
    }
  }

  let state = resolveConsent(readStored(), deps.gpc);
  let reopened = false;
  let snapshot: ConsentSnapshot = { state, bannerOpen: needsPrompt(state), reopened };

  function publish() {
    snapshot = { state, bannerOpen: reopened || needsPrompt(state), reopened };
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(choice) {
      // With GPC the browser has already answered; a click cannot turn tracking on.
      const effective: ConsentChoice = deps.gpc ? "denied" : choice;
      const at = now();
      try {
        deps.storage?.setItem(CONSENT_STORAGE_KEY, serializeConsent(effective, at));
      } catch (error) {
        deps.log?.warn("Tracking consent could not be saved", error);
      }
      state = deps.gpc
        ? { status: "denied", source: "gpc", gpc: true }
        : { status: effective, source: "choice", gpc: false, at: at.toISOString() };
      reopened = false;
      publish();
    },
    reopen() {
      reopened = true;
      publish();
    },
    dismiss() {
      reopened = false;
      publish();
    },
  };
}

/**
 * The line under the banner's question once the visitor has chosen (null before any choice), in the words the banner
 * was rendered with (its page's language, ADR 0113).
 */
export function currentChoiceText(state: ConsentState, words: { granted: string; declined: string }): string | null {
  if (state.source !== "choice") return null;
  return state.status === "granted" ? words.granted : words.declined;
}
