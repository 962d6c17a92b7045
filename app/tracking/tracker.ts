/**
 * The browser side of tracking, wired together once per page load: the consent store, the pixel,
 * the page clock, first-party attribution and geolocation. The signup form and the page tracker
 * call the functions exported here; on the server they are harmless no-ops.
 */
import {
  adCookies,
  attributionPayload,
  captureAttribution,
  forgetClickId,
  type AdCookies,
  type Attribution,
  type AttributionPayload,
} from "./attribution";
import { handToNextPage, takeFromPreviousPage } from "~/lib/next-page";
import { whenIdle } from "~/lib/when-idle";
import { CARRIED_SUCCESS_KEY, CARRIED_SUCCESS_MAX_AGE_MS, carriedSuccessOf, carriedSuccessRecord } from "./carried-success";
import { createConsentStore, isGranted, readGpc, type ConsentStore, type KeyValueStorage } from "./consent";
import { CONVERSION, guardMatching, isPurchasePage, newEventId, pageName, type MatchingData } from "./events";
import { forgetLocation, requestLocationOnce } from "./geolocation";
import { createPageSessions, type PageSessions, type PageView } from "./page-session";
import { createPixel, domScriptLoader, type Pixel, type PixelWindow } from "./pixel";
import { stateCode } from "./state-codes";
import { runtimeTimeZone } from "#core/time";

function inBrowser(): boolean {
  return typeof window !== "undefined" && typeof document !== "undefined";
}

function storageOf(kind: "localStorage" | "sessionStorage"): KeyValueStorage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

let consentStore: ConsentStore | null = null;

/** The page's consent store (browser only). */
export function getConsentStore(): ConsentStore {
  consentStore ??= createConsentStore({
    storage: inBrowser() ? storageOf("localStorage") : null,
    gpc: inBrowser() ? readGpc(navigator as Navigator & { globalPrivacyControl?: unknown }) : false,
    log: console,
  });
  return consentStore;
}

function hasConsent(): boolean {
  return inBrowser() && isGranted(getConsentStore().getSnapshot().state);
}

interface Runtime {
  pixel: Pixel;
  pages: PageSessions;
}

let runtime: Runtime | null = null;

function sendPageEvents(pixel: Pixel, view: PageView) {
  if (view.pageEventsSent) return;
  if (!pixel.send("pageView", {}, newEventId())) return;
  view.pageEventsSent = true;
  pixel.send("landingPageView", { content_name: pageName(view.path), content_category: "landing_page" }, newEventId());
  if (isPurchasePage(view.path)) pixel.send("purchase", CONVERSION.purchase, newEventId());
}

/** Removes the advertising cookies from our own domain (after a decline). */
function clearAdCookies() {
  const parts = location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < parts.length - 1; i += 1) domains.push(`; domain=.${parts.slice(i).join(".")}`);
  for (const name of ["_fbp", "_fbc"]) {
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}

function onConsentChange(rt: Runtime) {
  if (hasConsent()) {
    const view = rt.pages.current();
    if (view) sendPageEvents(rt.pixel, view);
    requestLocationOnce({
      consent: hasConsent,
      geolocation: navigator.geolocation,
      storage: storageOf("sessionStorage"),
      log: console,
    });
  } else {
    rt.pixel.revoke();
    clearAdCookies();
    forgetClickId(storageOf("sessionStorage"));
    forgetLocation(storageOf("sessionStorage"));
  }
}

/**
 * Starts tracking for this page load (idempotent). Attribution is captured on the first page: the
 * address and referrer of the arrival are read at once, the record itself is written when the browser
 * is idle (or as the page is left, or when a form asks for it first), because working out the
 * visitor's time zone sets up the browser's `Intl` data, the slowest step of a page's first script.
 */
export function startTracking(config: { pixelId: string | null; nonce?: string }): void {
  if (!inBrowser() || runtime) return;
  arrival = readArrival();
  whenIdle(() => currentAttribution());
  const pixel = createPixel({
    win: window as Window & PixelWindow,
    loadScript: domScriptLoader(document),
    pixelId: config.pixelId,
    nonce: config.nonce,
    hasConsent,
    log: console,
  });
  const pages = createPageSessions({
    now: () => Date.now(),
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    onEngaged: (_view, seconds) => pixel.send("engagedUser", { seconds }, newEventId()),
    onTimeOnPage: (_view, seconds) => pixel.send("timeOnPage", { seconds }, newEventId()),
  });
  const rt: Runtime = { pixel, pages };
  runtime = rt;
  let last = getConsentStore().getSnapshot().state.status;
  getConsentStore().subscribe(() => {
    const status = getConsentStore().getSnapshot().state.status;
    if (status === last) return;
    last = status;
    onConsentChange(rt);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") pages.leave();
  });
  window.addEventListener("pagehide", () => {
    pages.leave();
    currentAttribution();
  });
  replayCarriedSuccess(rt);
  if (hasConsent()) {
    requestLocationOnce({
      consent: hasConsent,
      geolocation: navigator.geolocation,
      storage: storageOf("sessionStorage"),
      log: console,
    });
  } else if (/(^|;\s*)_fb[cp]=/.test(document.cookie)) {
    // Left over from an earlier accept (since withdrawn, or overridden by GPC): not kept.
    clearAdCookies();
  }
}

/** A page view begins (page load or client-side navigation). */
export function beginPage(pathname: string): void {
  if (!runtime) return;
  const view = runtime.pages.begin(pathname);
  if (hasConsent()) sendPageEvents(runtime.pixel, view);
}

/** The visitor moves away from the current page. */
export function endPage(): void {
  runtime?.pages.end();
}

/** Where and when this page load arrived (read as tracking starts, before any client-side navigation). */
interface Arrival {
  href: string;
  referrer: string;
  now: number;
}

let arrival: Arrival | null = null;

function readArrival(): Arrival {
  return { href: location.href, referrer: document.referrer, now: Date.now() };
}

/** The session's first-party attribution (captured on first arrival). */
export function currentAttribution(): Attribution | null {
  if (!inBrowser()) return null;
  return captureAttribution(storageOf("sessionStorage"), () => ({
    ...(arrival ?? readArrival()),
    language: navigator.language,
    timezone: runtimeTimeZone(),
  }));
}


/**
 * Fields merged into the application POST body: first-party attribution, the consent given, and
 * (with consent) the event id that the submission and lead events carry.
 */
export function getAttributionPayload(): Partial<AttributionPayload> {
  const attribution = currentAttribution();
  if (!attribution) return {};
  return attributionPayload(attribution, hasConsent(), newEventId());
}

/** The `fbc`/`fbp` request headers of an application, only with consent and only when they exist. */
export function getAdCookieHeaders(): AdCookies {
  if (!inBrowser()) return {};
  return adCookies({ consent: hasConsent(), cookie: document.cookie, attribution: currentAttribution() });
}

/** First focus in a signup form (once per page view). */
export function trackApplicationStarted(): void {
  const view = runtime?.pages.current();
  if (!runtime || !view || view.applicationStarted) return;
  if (runtime.pixel.send("applicationStarted", CONVERSION.started, newEventId())) view.applicationStarted = true;
}

/** The signup form was submitted (pass the payload's event_id). */
export function trackApplicationSubmitted(eventId?: string): void {
  runtime?.pixel.send("applicationSubmitted", { content_category: "pilot_application" }, eventId ?? newEventId());
}

export interface LeadMatching {
  email: string;
  firstName: string;
  lastName: string;
  state: string;
}

function sendApplicationSuccess(rt: Runtime, matching: MatchingData, id: string) {
  rt.pixel.identify(matching);
  rt.pixel.send("lead", CONVERSION.lead, id);
  rt.pixel.send("completeRegistration", CONVERSION.lead, id);
}

function matchingOf(lead: LeadMatching) {
  return { em: lead.email, fn: lead.firstName, ln: lead.lastName, st: stateCode(lead.state) };
}

/**
 * The application was accepted: enhanced matching with email, first name, last name and state (and
 * nothing else), then the lead and completed-registration conversions (100 USD).
 */
export function trackApplicationSuccess(lead: LeadMatching, eventId?: string): void {
  if (!runtime) return;
  sendApplicationSuccess(runtime, matchingOf(lead), eventId ?? newEventId());
}

/**
 * The application was accepted and this page is about to be replaced by a document load (a form
 * island's success goes to Thank-you that way): sent now, the events would race the page change, so
 * they are handed to the next page, which sends them as soon as its tracking starts (./carried-success).
 * Only with consent.
 */
export function carryApplicationSuccess(lead: LeadMatching, eventId?: string): void {
  if (!runtime || !hasConsent()) return;
  const success = { eventId: eventId ?? newEventId(), matching: guardMatching(matchingOf(lead)) };
  if (handToNextPage(CARRIED_SUCCESS_KEY, carriedSuccessRecord(success))) return;
  // Storage full or blocked: report now rather than not at all.
  console.warn("Could not carry the application's conversions to the next page");
  sendApplicationSuccess(runtime, success.matching, success.eventId);
}

/** Sends, once, a success the previous page carried here (see carryApplicationSuccess). */
function replayCarriedSuccess(rt: Runtime): void {
  const success = carriedSuccessOf(takeFromPreviousPage(CARRIED_SUCCESS_KEY, CARRIED_SUCCESS_MAX_AGE_MS));
  if (success && hasConsent()) sendApplicationSuccess(rt, success.matching, success.eventId);
}
