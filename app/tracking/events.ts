/**
 * The advertising events of docs/requirements.md §7 and §9 and the allow-list that guards every payload.
 *
 * No payload may ever carry a form answer (age, interest level, free text, zip code, phone): only the
 * keys below pass, only as short plain values, and enhanced matching carries only email, first name,
 * last name and state (after a successful application, with consent).
 */
import { brand } from "#core/brand";

/** Standard events go through fbq('track'), custom ones through fbq('trackCustom'). */
export const PIXEL_EVENTS = {
  /** Every page load (first of the two page helper calls). */
  pageView: { name: "PageView", custom: false },
  /** The landing-page view (second page helper call), with the page's name. */
  landingPageView: { name: "ViewContent", custom: false },
  /** First focus in the signup form; value 0. */
  applicationStarted: { name: "StartApplication", custom: true },
  /** The signup form was submitted. */
  applicationSubmitted: { name: "SubmitApplication", custom: false },
  /** The application was accepted by our server; value 100. */
  lead: { name: "Lead", custom: false },
  completeRegistration: { name: "CompleteRegistration", custom: false },
  /** The thank-you page; value 300. */
  purchase: { name: "Purchase", custom: false },
  /** 30 seconds on a page. */
  engagedUser: { name: "EngagedUser", custom: true },
  /** On leaving a page after more than 10 seconds. */
  timeOnPage: { name: "TimeOnPage", custom: true },
} as const;

export type PixelEventKey = keyof typeof PIXEL_EVENTS;

export const TIMINGS = {
  engagedAfterMs: 30_000,
  timeOnPageMinMs: 10_000,
  geolocationTimeoutMs: 5_000,
} as const;

export const CONVERSION = {
  started: { value: brand.conversion.startedValue, currency: brand.conversion.currency },
  lead: { value: brand.conversion.leadValue, currency: brand.conversion.currency },
  purchase: { value: brand.conversion.purchaseValue, currency: brand.conversion.currency },
} as const;

/** Keys an event's custom data may carry. Anything else is dropped. */
export const EVENT_PARAM_KEYS = ["value", "currency", "content_name", "content_category", "seconds"] as const;
/** Keys enhanced matching may carry. Anything else is dropped. */
export const MATCHING_KEYS = ["em", "fn", "ln", "st"] as const;

export type EventParams = Partial<Record<(typeof EVENT_PARAM_KEYS)[number], string | number>>;
export type MatchingData = Partial<Record<(typeof MATCHING_KEYS)[number], string>>;

const SAFE_TEXT = /^[A-Za-z0-9 _./-]{0,64}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** Keeps only allow-listed keys with plain, short values; everything else never leaves the page. */
export function guardEventParams(input: unknown): EventParams {
  const out: EventParams = {};
  if (typeof input !== "object" || input === null || Array.isArray(input)) return out;
  const record = input as Record<string, unknown>;
  for (const key of EVENT_PARAM_KEYS) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (key === "value" || key === "seconds") {
      if (typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1_000_000) out[key] = value;
    } else if (key === "currency") {
      if (typeof value === "string" && CURRENCY.test(value)) out[key] = value;
    } else if (typeof value === "string" && SAFE_TEXT.test(value)) {
      out[key] = value;
    }
  }
  return out;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const NAME = /^[\p{L}\p{M}' .-]{1,100}$/u;
const STATE_CODE = /^[a-z]{2}$/;

/** Keeps only em/fn/ln/st, normalised as the pixel expects (trimmed, lower case). */
export function guardMatching(input: unknown): MatchingData {
  const out: MatchingData = {};
  if (typeof input !== "object" || input === null || Array.isArray(input)) return out;
  const record = input as Record<string, unknown>;
  const text = (key: string) => {
    const value = Object.hasOwn(record, key) ? record[key] : undefined;
    return typeof value === "string" ? value.trim().toLowerCase() : undefined;
  };
  const em = text("em");
  const fn = text("fn");
  const ln = text("ln");
  const st = text("st");
  if (em && EMAIL.test(em)) out.em = em;
  if (fn && NAME.test(fn)) out.fn = fn;
  if (ln && NAME.test(ln)) out.ln = ln;
  if (st && STATE_CODE.test(st)) out.st = st;
  return out;
}

/** Event ids as UUIDs, for deduplication with server-side matching. */
export function newEventId(): string {
  return globalThis.crypto.randomUUID();
}

/** Page names for the landing-page view, by path. */
const PAGE_NAMES: Record<string, string> = {
  "/": "home",
  "/apply": "apply",
  "/thank-you": "thank-you",
  "/contact": "contact",
  "/about": "about",
  "/tiktok": "tiktok",
  "/mit": "MIT",
  "/howitworks": "howitworks",
  [`/${brand.assessmentName.toLowerCase()}`]: brand.assessmentName,
  "/privacy-policy": "privacy-policy",
  "/terms-of-service": "terms-of-service",
  "/hipaa-notice": "hipaa-notice",
};

export function pageName(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  return PAGE_NAMES[path] ?? "other";
}

/** Pages whose view is itself a conversion (docs/requirements.md §2: the thank-you page reports a purchase). */
export function isPurchasePage(pathname: string): boolean {
  return pathname.replace(/\/+$/, "").toLowerCase() === "/thank-you";
}
