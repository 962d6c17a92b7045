/**
 * First-party attribution: where a visitor came from, captured on the first page of the browser
 * session and sent with an application to our own server only. It needs no consent because it never
 * leaves our server; the click id and ad cookies that an advertiser could use are only ever read
 * with consent.
 */
import { LIMITS } from "#core/limits";
import type { TrafficSource } from "#core/options";
import type { KeyValueStorage } from "./consent";

export const ATTRIBUTION_STORAGE_KEY = "ovella.attribution";

export interface Attribution {
  traffic_source: TrafficSource;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** Referrer without its query string or fragment. */
  referrer_url?: string;
  /** Path of the first page, without query string. */
  landing_path: string;
  browser_language?: string;
  timezone?: string;
  /** Facebook click id from the landing URL; used (as fbc) only with consent. */
  fbclid?: string;
  /** When the click id was seen (ms since epoch), for the fbc value. */
  fbclid_at?: number;
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
}

function withoutWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

function isDomainOrSubdomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

const FACEBOOK_DOMAINS = ["facebook.com", "instagram.com", "fb.com", "fb.me", "messenger.com"];
const TIKTOK_DOMAINS = ["tiktok.com"];
const LINKEDIN_DOMAINS = ["linkedin.com", "lnkd.in"];
const GOOGLE_DOMAINS = ["googleadservices.com", "doubleclick.net", "googlesyndication.com"];
/** google.com, google.co.uk, www.google.de, news.google.com … */
const GOOGLE_HOST = /(^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** utm_source values (lower case) of each ad platform; the apps' in-app browsers often send no referrer at all. */
const SOURCE_TAGS: ReadonlyArray<[TrafficSource, readonly string[]]> = [
  ["facebook_ads", ["facebook", "fb", "instagram", "ig", "meta", "messenger"]],
  ["google_ads", ["google", "adwords", "youtube"]],
  ["tiktok_ads", ["tiktok"]],
  ["linkedin_ads", ["linkedin"]],
];
/** A click identifier as the platforms write them (a malformed one names nothing). */
const CLICK_ID = /^[A-Za-z0-9_.-]{1,400}$/;
/** Click identifiers the platforms add to their ads' links. */
const CLICK_IDS: ReadonlyArray<[TrafficSource, string]> = [
  ["facebook_ads", "fbclid"],
  ["google_ads", "gclid"],
  ["google_ads", "gbraid"],
  ["google_ads", "wbraid"],
  ["tiktok_ads", "ttclid"],
  ["linkedin_ads", "li_fat_id"],
];

/**
 * The traffic source of a landing (docs/requirements.md §7). The link's own tags come first, since the apps'
 * in-app browsers often send no referrer: a platform's `utm_source` (instagram → facebook_ads, …) or click id.
 * Otherwise the referrer decides, and a link tagged with another `utm_source` is never direct (organic).
 */
export function classifyLanding(params: URLSearchParams, referrer: string | null | undefined, siteHost: string): TrafficSource {
  const source = params.get("utm_source")?.trim().toLowerCase();
  const platform =
    (source && SOURCE_TAGS.find(([, names]) => names.some((name) => source === name || source.startsWith(`${name}_`)))?.[0]) ||
    CLICK_IDS.find(([, id]) => CLICK_ID.test(params.get(id)?.trim() ?? ""))?.[0];
  if (platform) return platform;
  const byReferrer = classifyTrafficSource(referrer, siteHost);
  return byReferrer === "direct" && source ? "organic" : byReferrer;
}

/**
 * Classifies the traffic source from the referrer host (docs/requirements.md §7): Facebook and Instagram (l., m., lm.
 * and other subdomains) are facebook_ads, Google hosts google_ads, TikTok tiktok_ads, LinkedIn
 * linkedin_ads, any other external host organic, and no referrer or our own site direct.
 */
export function classifyTrafficSource(referrer: string | null | undefined, siteHost: string): TrafficSource {
  const trimmed = referrer?.trim();
  if (!trimmed) return "direct";
  const host = hostOf(trimmed);
  if (!host) return "direct";
  const own = withoutWww(siteHost.toLowerCase().replace(/:\d+$/, ""));
  if (withoutWww(host) === own) return "direct";
  if (FACEBOOK_DOMAINS.some((d) => isDomainOrSubdomain(host, d))) return "facebook_ads";
  if (GOOGLE_HOST.test(host) || GOOGLE_DOMAINS.some((d) => isDomainOrSubdomain(host, d))) return "google_ads";
  if (TIKTOK_DOMAINS.some((d) => isDomainOrSubdomain(host, d))) return "tiktok_ads";
  if (LINKEDIN_DOMAINS.some((d) => isDomainOrSubdomain(host, d))) return "linkedin_ads";
  return "organic";
}

function clip(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return trimmed.slice(0, LIMITS.attributionMax);
}

/** The referrer's origin and path only: a query string can carry search terms or personal data. */
export function cleanReferrer(referrer: string | null | undefined): string | undefined {
  const trimmed = referrer?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return clip(`${url.origin}${url.pathname}`);
  } catch {
    return undefined;
  }
}

const FBCLID = /^[A-Za-z0-9_-]{1,400}$/;

export interface AttributionSource {
  /** The landing page URL (location.href). */
  href: string;
  /** document.referrer */
  referrer: string;
  language?: string;
  timezone?: string;
  now: number;
}

/** Builds the attribution record of a first arrival. */
export function buildAttribution(source: AttributionSource): Attribution {
  const url = new URL(source.href);
  const params = url.searchParams;
  const referrerUrl = cleanReferrer(source.referrer);
  const traffic = classifyLanding(params, source.referrer, url.host);
  const fbclid = params.get("fbclid")?.trim();
  const record: Attribution = {
    traffic_source: traffic,
    landing_path: clip(url.pathname) ?? "/",
  };
  const utmSource = clip(params.get("utm_source"));
  const utmMedium = clip(params.get("utm_medium"));
  const utmCampaign = clip(params.get("utm_campaign"));
  if (utmSource) record.utm_source = utmSource;
  if (utmMedium) record.utm_medium = utmMedium;
  if (utmCampaign) record.utm_campaign = utmCampaign;
  // Our own pages are not a referrer worth keeping.
  if (referrerUrl && classifyTrafficSource(source.referrer, url.host) !== "direct") record.referrer_url = referrerUrl;
  const language = clip(source.language);
  if (language) record.browser_language = language;
  const timezone = clip(source.timezone);
  if (timezone) record.timezone = timezone;
  if (fbclid && FBCLID.test(fbclid)) {
    record.fbclid = fbclid;
    record.fbclid_at = source.now;
  }
  return record;
}

function parseAttribution(raw: string | null): Attribution | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const record = value as Partial<Attribution>;
    if (typeof record.traffic_source !== "string" || typeof record.landing_path !== "string") return null;
    return record as Attribution;
  } catch {
    return null;
  }
}

/** The session's attribution: the stored one, or (first arrival) a new one that is then stored. */
export function captureAttribution(storage: KeyValueStorage | null, source: () => AttributionSource): Attribution {
  try {
    const stored = parseAttribution(storage?.getItem(ATTRIBUTION_STORAGE_KEY) ?? null);
    if (stored) return stored;
  } catch {
    // Storage unavailable (private mode): fall through and compute for this page only.
  }
  const record = buildAttribution(source());
  try {
    storage?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Not kept: the next page computes it again, which is still first-party only.
  }
  return record;
}

/** Forgets the click id (on decline): it only serves the advertiser. */
export function forgetClickId(storage: KeyValueStorage | null): void {
  try {
    const stored = parseAttribution(storage?.getItem(ATTRIBUTION_STORAGE_KEY) ?? null);
    if (!stored?.fbclid) return;
    const { fbclid: _fbclid, fbclid_at: _at, ...rest } = stored;
    storage?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The fbc value Meta derives from a click id: `fb.1.<ms>.<fbclid>`. */
export function fbcFromClickId(fbclid: string, at: number): string {
  return `fb.1.${at}.${fbclid}`;
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value ? value : undefined;
    }
  }
  return undefined;
}

const AD_COOKIE_VALUE = /^fb\.\d\.\d{1,16}\.[A-Za-z0-9_.-]{1,400}$/;

export interface AdCookies {
  fbc?: string;
  fbp?: string;
}

/**
 * The ad cookies sent as request headers with an application (docs/requirements.md §3, §7), only with consent and
 * only when they exist: _fbc (or the fbc derived from the landing click id) and _fbp.
 */
export function adCookies(input: { consent: boolean; cookie: string; attribution: Attribution | null }): AdCookies {
  if (!input.consent) return {};
  const out: AdCookies = {};
  const fbc =
    readCookie(input.cookie, "_fbc") ??
    (input.attribution?.fbclid && input.attribution.fbclid_at
      ? fbcFromClickId(input.attribution.fbclid, input.attribution.fbclid_at)
      : undefined);
  const fbp = readCookie(input.cookie, "_fbp");
  if (fbc && AD_COOKIE_VALUE.test(fbc)) out.fbc = fbc;
  if (fbp && AD_COOKIE_VALUE.test(fbp)) out.fbp = fbp;
  return out;
}

/** Application payload fields (the POST body): first-party attribution plus the consent record. */
export type AttributionPayload = Omit<Attribution, "fbclid" | "fbclid_at"> & {
  event_id?: string;
  tracking_consent: "granted" | "denied";
};

export function attributionPayload(attribution: Attribution, consent: boolean, eventId: string): AttributionPayload {
  const { fbclid: _fbclid, fbclid_at: _at, ...firstParty } = attribution;
  return {
    ...firstParty,
    ...(consent ? { event_id: eventId } : {}),
    tracking_consent: consent ? "granted" : "denied",
  };
}
