import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_STORAGE_KEY,
  adCookies,
  attributionPayload,
  buildAttribution,
  captureAttribution,
  classifyTrafficSource,
  cleanReferrer,
  fbcFromClickId,
  forgetClickId,
  readCookie,
} from "./attribution";
import type { KeyValueStorage } from "./consent";

const SITE = "ovella.example";

/** The traffic source of a landing on the campaign page with this query string (and referrer). */
const landing = (query: string, referrer = "") => buildAttribution({ href: `https://ovella.example/tiktok?${query}`, referrer, now: 1 }).traffic_source;

describe("classifyTrafficSource", () => {
  it.each([
    ["", "direct"],
    ["   ", "direct"],
    ["not a url", "direct"],
    ["android-app://com.example", "direct"],
    ["https://ovella.example/apply", "direct"],
    ["https://www.ovella.example/", "direct"],
    ["https://facebook.com/", "facebook_ads"],
    ["https://www.facebook.com/", "facebook_ads"],
    ["https://l.facebook.com/l.php", "facebook_ads"],
    ["https://m.facebook.com/", "facebook_ads"],
    ["https://lm.facebook.com/", "facebook_ads"],
    ["https://www.instagram.com/", "facebook_ads"],
    ["https://l.instagram.com/", "facebook_ads"],
    ["https://instagram.com/stories", "facebook_ads"],
    ["https://www.google.com/", "google_ads"],
    ["https://google.com/search", "google_ads"],
    ["https://www.google.co.uk/", "google_ads"],
    ["https://www.google.de/", "google_ads"],
    ["https://www.google.com.au/", "google_ads"],
    ["https://www.googleadservices.com/pagead", "google_ads"],
    ["https://www.tiktok.com/@ovella", "tiktok_ads"],
    ["https://vm.tiktok.com/abc", "tiktok_ads"],
    ["https://www.linkedin.com/feed", "linkedin_ads"],
    ["https://lnkd.in/abc", "linkedin_ads"],
    ["https://duckduckgo.com/", "organic"],
    ["https://www.bing.com/", "organic"],
    ["https://notfacebook.com/", "organic"],
    ["https://facebook.com.evil.example/", "organic"],
    ["https://google.evil.example/", "organic"],
    ["https://mygoogle.com/", "organic"],
    ["https://news.ycombinator.com/item?id=1", "organic"],
  ])("%s → %s", (referrer, expected) => {
    expect(classifyTrafficSource(referrer, SITE)).toBe(expected);
  });

  it("treats our own host with a port as direct", () => {
    expect(classifyTrafficSource("http://localhost:3310/apply", "localhost:3310")).toBe("direct");
  });

  it("is direct with no referrer at all", () => {
    expect(classifyTrafficSource(undefined, SITE)).toBe("direct");
    expect(classifyTrafficSource(null, SITE)).toBe("direct");
  });
});

describe("buildAttribution", () => {
  it("captures UTM values, click id, language, time zone, referrer and landing path (no query string)", () => {
    const record = buildAttribution({
      href: "https://ovella.example/tiktok?utm_source=x&utm_medium=y&utm_campaign=z&fbclid=AbC_123-x",
      referrer: "https://l.facebook.com/l.php?u=secret&h=abc",
      language: "en-US",
      timezone: "America/Los_Angeles",
      now: 1_700_000_000_000,
    });
    expect(record).toEqual({
      traffic_source: "facebook_ads",
      utm_source: "x",
      utm_medium: "y",
      utm_campaign: "z",
      referrer_url: "https://l.facebook.com/l.php",
      landing_path: "/tiktok",
      browser_language: "en-US",
      timezone: "America/Los_Angeles",
      fbclid: "AbC_123-x",
      fbclid_at: 1_700_000_000_000,
    });
  });

  it("takes the source from the link's tags when an in-app browser sends no referrer", () => {
    expect(landing("utm_source=instagram&utm_medium=social")).toBe("facebook_ads");
    expect(landing("utm_source=IG")).toBe("facebook_ads");
    expect(landing("utm_source=tiktok&utm_campaign=spring")).toBe("tiktok_ads");
    expect(landing("utm_source=google")).toBe("google_ads");
    expect(landing("utm_source=linkedin")).toBe("linkedin_ads");
    expect(landing("gclid=abc")).toBe("google_ads");
    expect(landing("ttclid=abc")).toBe("tiktok_ads");
    // A tagged link from elsewhere is not direct; the referrer still decides when it names a platform.
    expect(landing("utm_source=newsletter")).toBe("organic");
    expect(landing("utm_source=newsletter", "https://www.google.com/")).toBe("google_ads");
    expect(landing("")).toBe("direct");
    // The tags win over the referrer: a TikTok-tagged link opened from Google is TikTok's.
    expect(landing("utm_source=tiktok", "https://www.google.com/")).toBe("tiktok_ads");
  });

  it("keeps only what exists and length-limits the rest", () => {
    const record = buildAttribution({
      href: `https://ovella.example/?utm_campaign=${"c".repeat(900)}&fbclid=bad%20id`,
      referrer: "",
      now: 1,
    });
    expect(record).toEqual({ traffic_source: "direct", landing_path: "/", utm_campaign: "c".repeat(500) });
  });

  it("drops a same-site referrer", () => {
    const record = buildAttribution({ href: "https://ovella.example/apply", referrer: "https://ovella.example/", now: 1 });
    expect(record.referrer_url).toBeUndefined();
    expect(record.traffic_source).toBe("direct");
  });

  it("cleans referrers to origin and path", () => {
    expect(cleanReferrer("https://www.google.com/search?q=egg+freezing#x")).toBe("https://www.google.com/search");
    expect(cleanReferrer("javascript:alert(1)")).toBeUndefined();
  });
});

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("captureAttribution", () => {
  it("keeps the first arrival of the session and ignores later pages", () => {
    const storage = memoryStorage();
    const first = captureAttribution(storage, () => ({
      href: "https://ovella.example/MIT?utm_source=news",
      referrer: "https://www.linkedin.com/",
      now: 1,
    }));
    const later = captureAttribution(storage, () => ({
      href: "https://ovella.example/apply",
      referrer: "https://ovella.example/MIT",
      now: 2,
    }));
    expect(later).toEqual(first);
    expect(later).toMatchObject({ traffic_source: "linkedin_ads", utm_source: "news", landing_path: "/MIT" });
    expect(storage.data.has(ATTRIBUTION_STORAGE_KEY)).toBe(true);
  });

  it("forgets the click id on decline but keeps first-party attribution", () => {
    const storage = memoryStorage();
    captureAttribution(storage, () => ({ href: "https://ovella.example/?fbclid=abc", referrer: "", now: 5 }));
    forgetClickId(storage);
    const after = captureAttribution(storage, () => ({ href: "https://ovella.example/x", referrer: "", now: 6 }));
    // The landing's source (a Facebook click) is first-party attribution; only the click id itself goes.
    expect(after).toEqual({ traffic_source: "facebook_ads", landing_path: "/" });
  });
});

describe("ad cookies and payload", () => {
  const attribution = buildAttribution({ href: "https://ovella.example/?fbclid=Click1", referrer: "", now: 1234 });

  it("reads cookies by exact name", () => {
    expect(readCookie("a=1; _fbp=fb.1.2.3; x_fbp=no", "_fbp")).toBe("fb.1.2.3");
    expect(readCookie("a=1", "_fbp")).toBeUndefined();
  });

  it("gives no ad headers without consent, even when cookies and a click id exist", () => {
    expect(adCookies({ consent: false, cookie: "_fbp=fb.1.2.3; _fbc=fb.1.2.abc", attribution })).toEqual({});
  });

  it("with consent sends _fbc/_fbp when they exist, else the fbc derived from the click id", () => {
    expect(adCookies({ consent: true, cookie: "_fbp=fb.1.2.3; _fbc=fb.1.2.abc", attribution })).toEqual({
      fbc: "fb.1.2.abc",
      fbp: "fb.1.2.3",
    });
    expect(adCookies({ consent: true, cookie: "", attribution })).toEqual({ fbc: fbcFromClickId("Click1", 1234) });
    expect(fbcFromClickId("Click1", 1234)).toBe("fb.1.1234.Click1");
    expect(adCookies({ consent: true, cookie: "_fbp=<script>", attribution: null })).toEqual({});
  });

  it("adds the event id only with consent and never the raw click id", () => {
    const without = attributionPayload(attribution, false, "id-1");
    expect(without).toEqual({ traffic_source: "facebook_ads", landing_path: "/", tracking_consent: "denied" });
    const withConsent = attributionPayload(attribution, true, "id-1");
    expect(withConsent).toEqual({ traffic_source: "facebook_ads", landing_path: "/", tracking_consent: "granted", event_id: "id-1" });
    expect(JSON.stringify(withConsent)).not.toContain("Click1");
  });
});
