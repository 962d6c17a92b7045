/**
 * Privacy-first advertising and attribution, end to end in Chromium.
 *
 * The pixel script's URLs are routed to a local recorder stub (it drains our fbq queue into
 * window.__fbqCalls and sets a _fbp cookie like the real script); every request the browser makes to
 * a host other than our own server is recorded, whatever the route.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { bearerSession } from "./staff-sign-in";
import { gotoPage, openNavIfCollapsed } from "./public-helpers";

const PIXEL_ID = "123456789012345";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FORBIDDEN_KEYS = ["age", "interestLevel", "interestLevelOther", "zipCode", "phone", "zp", "ph"];
const CONSENT_KEY = "ovella.tracking-consent";

/** The stub the pixel URL answers with: records every fbq call (and the page it happened on). */
const PIXEL_STUB = `(function () {
  var f = window.fbq;
  if (!f || !Array.isArray(f.queue)) { window.__fbqStubError = "no fbq queue"; return; }
  var calls = JSON.parse(sessionStorage.getItem("__fbqCalls") || "[]");
  f.callMethod = function () {
    var args = Array.prototype.slice.call(arguments);
    calls.push({ path: location.pathname, args: JSON.parse(JSON.stringify(args)) });
    sessionStorage.setItem("__fbqCalls", JSON.stringify(calls));
  };
  var queued = f.queue.slice();
  f.queue.length = 0;
  queued.forEach(function (a) { f.callMethod.apply(f, a); });
  if (!/(^|; )_fbp=/.test(document.cookie)) {
    document.cookie = "_fbp=fb.1." + Date.now() + ".1234567890; path=/; max-age=7776000; SameSite=Lax";
  }
})();`;

interface Recorder {
  thirdParty: string[];
  pixelScriptLoads: number;
}

function isOwnHost(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== "http:" && protocol !== "https:") return true;
    return hostname === "localhost" || hostname === "127.0.0.1";
  } catch {
    return true;
  }
}

async function recordTraffic(context: BrowserContext, page: Page): Promise<Recorder> {
  const recorder: Recorder = { thirdParty: [], pixelScriptLoads: 0 };
  // Every request to another host, whichever route answers it.
  context.on("request", (request: Request) => {
    if (!isOwnHost(request.url())) recorder.thirdParty.push(`${request.method()} ${request.url()}`);
  });
  await context.route("**/*", async (route) => {
    if (isOwnHost(route.request().url())) return route.fallback();
    return route.abort("blockedbyclient");
  });
  await page.route("https://connect.facebook.net/**", async (route) => {
    recorder.pixelScriptLoads += 1;
    await route.fulfill({ status: 200, contentType: "application/javascript", body: PIXEL_STUB });
  });
  await page.route("https://www.facebook.com/**", (route) => route.fulfill({ status: 204, body: "" }));
  // Count geolocation requests (they must never happen without consent).
  await context.addInitScript(() => {
    const w = window as unknown as { __geoCalls: number };
    w.__geoCalls = 0;
    const geo = navigator.geolocation;
    if (geo) {
      const original = geo.getCurrentPosition.bind(geo);
      geo.getCurrentPosition = (...args: Parameters<Geolocation["getCurrentPosition"]>) => {
        w.__geoCalls += 1;
        original(...args);
      };
    }
  });
  return recorder;
}

async function presetConsent(context: BrowserContext, choice: "granted" | "denied") {
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [CONSENT_KEY, JSON.stringify({ v: 1, choice, at: "2025-09-01T10:00:00.000Z" })] as const,
  );
}

/** The page has hydrated and tracking has started (attribution is captured on the first page). */
async function trackingStarted(page: Page) {
  await page.waitForFunction(() => sessionStorage.getItem("ovella.attribution") !== null);
}

interface FbqCall {
  path: string;
  args: unknown[];
}

async function fbqCalls(page: Page): Promise<FbqCall[]> {
  const raw = await page.evaluate(() => sessionStorage.getItem("__fbqCalls"));
  return raw ? (JSON.parse(raw) as FbqCall[]) : [];
}

interface TrackedEvent {
  path: string;
  method: string;
  name: string;
  params: Record<string, unknown>;
  eventID: string;
}

function events(calls: FbqCall[]): TrackedEvent[] {
  return calls
    .filter((c) => c.args[0] === "track" || c.args[0] === "trackCustom")
    .map((c) => ({
      path: c.path,
      method: String(c.args[0]),
      name: String(c.args[1]),
      params: (c.args[2] ?? {}) as Record<string, unknown>,
      eventID: String((c.args[3] as { eventID?: unknown } | undefined)?.eventID ?? ""),
    }));
}

const APPLICANT = {
  firstName: "Ada",
  lastName: "Lovelace",
  age: "29",
  state: "California",
  phone: "4155550123",
  zipCode: "94105",
  other: "A private note about my health",
};

async function submitApplication(page: Page, email: string) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Application" }) });
  await form.getByLabel(/^First name/).fill(APPLICANT.firstName);
  await form.getByLabel(/^Last name/).fill(APPLICANT.lastName);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Age/).fill(APPLICANT.age);
  await form.getByLabel(/^State/).selectOption(APPLICANT.state);
  await form.getByLabel(/^Phone/).fill(APPLICANT.phone);
  await form.getByLabel(/^Zip code/).fill(APPLICANT.zipCode);
  await form.getByLabel(/^Interest level/).selectOption("Other");
  await form.getByLabel(/^Please specify/).fill(APPLICANT.other);
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/applications") && r.method() === "POST");
  await form.getByRole("button", { name: "Submit Application" }).click();
  const request = await posted;
  await page.waitForURL("**/thank-you");
  return request;
}

async function adCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name === "_fbp" || c.name === "_fbc");
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function storedApplication(page: Page, email: string) {
  const token = await bearerSession(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const list = await page.request.get("/api/applications", { headers: { Authorization: `Bearer ${token}` } });
  expect(list.status()).toBe(200);
  const rows = (await list.json()) as Record<string, unknown>[];
  const row = rows.find((r) => r.email === email);
  expect(row, `application ${email} stored`).toBeTruthy();
  return row as Record<string, unknown>;
}

test.describe("without consent", () => {
  test("nothing goes to any third party and no ad cookie is set, across pages and a submitted application", async ({
    context,
    page,
  }) => {
    test.slow(); // Many full page loads.
    const recorder = await recordTraffic(context, page);
    await page.goto("/?utm_source=x&fbclid=NoConsentClick");
    await trackingStarted(page);
    const banner = page.getByRole("region", { name: "Your privacy choices" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Decline" })).toBeVisible();
    // Not modal, and small: the page stays usable and most of the screen stays visible.
    await expect(page.locator('[aria-modal="true"]')).toHaveCount(0);
    const box = await banner.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport ? box.height / viewport.height : 1).toBeLessThan(0.3);
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="consent-banner"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.goto("/apply");
    const request = await submitApplication(page, uniqueEmail("noconsent"));
    const headers = request.headers();
    expect(headers.fbc).toBeUndefined();
    expect(headers.fbp).toBeUndefined();
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body.tracking_consent).toBe("denied");
    expect(body.event_id).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("NoConsentClick");

    for (const path of ["/about", "/tiktok", "/contact", "/ovellaiq"]) {
      await page.goto(path);
      await trackingStarted(page);
      await page.mouse.wheel(0, 2000);
    }
    expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe("undefined");
    expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
    expect(recorder.pixelScriptLoads).toBe(0);
    expect(recorder.thirdParty).toEqual([]);
    expect(await adCookies(context)).toEqual([]);
  });

  test("a decline is remembered with its version, and still nothing leaves", async ({ context, page }) => {
    const recorder = await recordTraffic(context, page);
    await page.goto("/howitworks");
    await trackingStarted(page);
    const banner = page.getByRole("region", { name: "Your privacy choices" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ v: 1, choice: "denied" });

    await page.reload();
    await trackingStarted(page);
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
    await page.goto("/apply");
    await page.getByLabel(/^First name/).focus();
    await submitApplication(page, uniqueEmail("declined"));
    expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
    expect(recorder.thirdParty).toEqual([]);
    expect(await adCookies(context)).toEqual([]);
  });

  test("Global Privacy Control counts as a decline: no banner, no requests, and Privacy choices explains it", async ({
    context,
    page,
  }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
    });
    const recorder = await recordTraffic(context, page);
    await page.goto("/");
    await trackingStarted(page);
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
    await page.goto("/apply");
    await trackingStarted(page);
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
    const request = await submitApplication(page, uniqueEmail("gpc"));
    expect((request.postDataJSON() as Record<string, unknown>).tracking_consent).toBe("denied");

    await page.getByRole("button", { name: "Privacy choices" }).click();
    const banner = page.getByRole("region", { name: "Your privacy choices" });
    await expect(banner).toContainText("Global Privacy Control");
    await expect(banner.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await banner.getByRole("button", { name: "Close" }).click();
    await expect(banner).toHaveCount(0);
    expect(recorder.thirdParty).toEqual([]);
    expect(await adCookies(context)).toEqual([]);
  });
});

test("GPC overrides an earlier accept: a leftover ad cookie is removed and nothing is sent", async ({ context, page, baseURL }) => {
  await presetConsent(context, "granted");
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
  });
  await context.addCookies([{ name: "_fbp", value: "fb.1.1700000000000.1234567890", url: baseURL ?? "http://localhost" }]);
  const recorder = await recordTraffic(context, page);
  await page.goto("/");
  await trackingStarted(page);
  await expect.poll(async () => (await adCookies(context)).length).toBe(0);
  await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
  expect(recorder.thirdParty).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
});

test.describe("with consent", () => {
  test("every spec event fires once with its name, value, currency and event id, and no form answer leaves", async ({
    context,
    page,
  }) => {
    await presetConsent(context, "granted");
    const recorder = await recordTraffic(context, page);
    await page.clock.install();
    await page.goto("/apply?utm_source=x&fbclid=ConsentClick42");
    await trackingStarted(page);
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
    await expect.poll(async () => events(await fbqCalls(page)).length).toBe(2);

    // Started application on first focus only.
    await page.getByLabel(/^First name/).focus();
    await page.getByLabel(/^Last name/).focus();
    await page.getByLabel(/^First name/).focus();

    // Engaged after 30 s on the page, once.
    await page.clock.fastForward(30_000);
    await page.clock.fastForward(30_000);

    const email = uniqueEmail("consent");
    const request = await submitApplication(page, email);
    await expect.poll(async () => events(await fbqCalls(page)).map((e) => e.name)).toContain("Purchase");

    // Time on the thank-you page: reported on leaving only when over 10 s.
    await page.clock.fastForward(11_000);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    await expect.poll(async () => events(await fbqCalls(page)).filter((e) => e.name === "TimeOnPage").length).toBe(2);

    const calls = await fbqCalls(page);
    const all = events(calls);
    expect(all.map((e) => [e.method, e.name])).toEqual([
      ["track", "PageView"],
      ["track", "ViewContent"],
      ["trackCustom", "StartApplication"],
      ["trackCustom", "EngagedUser"],
      ["track", "SubmitApplication"],
      // Leaving /apply after a minute reports its time on page.
      ["trackCustom", "TimeOnPage"],
      // /apply's form is an island: its success is a document load, and the conversions are carried to
      // Thank-you and sent there first (ADR 0028); the thank-you page's own events follow.
      ["track", "Lead"],
      ["track", "CompleteRegistration"],
      ["track", "PageView"],
      ["track", "ViewContent"],
      ["track", "Purchase"],
      ["trackCustom", "TimeOnPage"],
    ]);
    const times = all.filter((e) => e.name === "TimeOnPage").map((e) => Number(e.params.seconds));
    expect(times[0]).toBeGreaterThanOrEqual(60);
    expect(times[1]).toBeGreaterThan(10);
    expect(times[1]).toBeLessThan(60);

    const byName = (name: string) => all.filter((e) => e.name === name);
    expect(byName("ViewContent")[0]?.params).toEqual({ content_name: "apply", content_category: "landing_page" });
    expect(byName("StartApplication")).toHaveLength(1);
    expect(byName("StartApplication")[0]?.params).toEqual({ value: 0, currency: "USD" });
    expect(byName("EngagedUser")).toHaveLength(1);
    expect(byName("EngagedUser")[0]?.params).toEqual({ seconds: 30 });
    expect(byName("Lead")).toHaveLength(1);
    expect(byName("Lead")[0]?.path).toBe("/thank-you");
    expect(byName("CompleteRegistration")[0]?.path).toBe("/thank-you");
    expect(byName("SubmitApplication")[0]?.path).toBe("/apply");
    expect(byName("Lead")[0]?.params).toEqual({ value: 100, currency: "USD" });
    expect(byName("CompleteRegistration")[0]?.params).toEqual({ value: 100, currency: "USD" });
    expect(byName("Purchase")).toHaveLength(1);
    expect(byName("Purchase")[0]?.params).toEqual({ value: 300, currency: "USD" });
    for (const event of all) expect(event.eventID).toMatch(UUID);

    // The application's event id is the one the submission and lead events carry, and it is stored.
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body.tracking_consent).toBe("granted");
    expect(body.event_id).toMatch(UUID);
    for (const name of ["SubmitApplication", "Lead", "CompleteRegistration"]) expect(byName(name)[0]?.eventID).toBe(body.event_id);
    const otherIds = all.filter((e) => !["SubmitApplication", "Lead", "CompleteRegistration"].includes(e.name)).map((e) => e.eventID);
    expect(new Set(otherIds).size).toBe(otherIds.length);

    // Ad cookies go as headers only now, with consent.
    const headers = request.headers();
    expect(headers.fbc).toMatch(/^fb\.1\.\d{13}\.ConsentClick42$/);
    expect(headers.fbp).toMatch(/^fb\.1\.\d{13}\.1234567890$/);

    // Enhanced matching: init with em/fn/ln/st only, after the application succeeded, before the lead.
    const inits = calls.filter((c) => c.args[0] === "init");
    expect(inits.filter((c) => c.args.length === 2).map((c) => [c.path, ...c.args])).toEqual([
      ["/apply", "init", PIXEL_ID],
      ["/thank-you", "init", PIXEL_ID],
    ]);
    const matching = inits.filter((c) => c.args.length === 3);
    expect(matching.map((c) => c.args)).toEqual([["init", PIXEL_ID, { em: email.toLowerCase(), fn: "ada", ln: "lovelace", st: "ca" }]]);
    const initIndex = calls.findIndex((c) => c.args.length === 3 && c.args[0] === "init");
    const submitIndex = calls.findIndex((c) => c.args[1] === "SubmitApplication");
    const leadIndex = calls.findIndex((c) => c.args[1] === "Lead");
    expect(initIndex).toBeGreaterThan(submitIndex);
    expect(initIndex).toBeLessThan(leadIndex);
    // Nothing of the applicant is left behind in the tab's storage once the conversions are sent.
    expect(await page.evaluate(() => sessionStorage.getItem("ovella.carried-success"))).toBeNull();

    // No form answer in any payload, under any key or as a value.
    for (const call of calls) {
      const payloads = call.args.filter((a): a is Record<string, unknown> => typeof a === "object" && a !== null && !("eventID" in a));
      for (const payload of payloads) {
        for (const key of FORBIDDEN_KEYS) expect(Object.keys(payload)).not.toContain(key);
        const text = JSON.stringify(payload);
        for (const value of [APPLICANT.phone, APPLICANT.zipCode, APPLICANT.other, "Other"]) expect(text).not.toContain(value);
        expect(Object.values(payload)).not.toContain(29);
      }
    }
    for (const url of recorder.thirdParty) {
      for (const value of [APPLICANT.phone, APPLICANT.zipCode, encodeURIComponent(APPLICANT.other)]) expect(url).not.toContain(value);
    }
    // Once per document: /apply and Thank-you.
    expect(recorder.pixelScriptLoads).toBe(2);
    expect(recorder.thirdParty.every((r) => r.includes("connect.facebook.net") || r.includes("www.facebook.com"))).toBe(true);

    // First-party attribution and consent are stored with the application.
    const row = await storedApplication(page, email);
    expect(row).toMatchObject({ tracking_consent: "granted", event_id: body.event_id, utm_source: "x", landing_path: "/apply" });
  });

  test("where React runs the page (a navigation inside the app), the success's conversions are sent on that page, not carried", async ({
    context,
    page,
  }) => {
    await presetConsent(context, "granted");
    await recordTraffic(context, page);
    // Every signup page is served without React; /unsubscribe is not, and its links navigate inside the app.
    await gotoPage(page, "/unsubscribe");
    await trackingStarted(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await openNavIfCollapsed(page);
    await page.getByRole("link", { name: "Apply Now" }).filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply for the Ovella pilot");
    await submitApplication(page, uniqueEmail("routed-lead"));
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
    await expect.poll(async () => events(await fbqCalls(page)).map((e) => e.name)).toContain("Purchase");
    const all = events(await fbqCalls(page));
    const conversions = all.filter((e) => ["SubmitApplication", "Lead", "CompleteRegistration"].includes(e.name));
    expect(conversions.map((e) => [e.name, e.path])).toEqual([
      ["SubmitApplication", "/apply"],
      ["Lead", "/apply"],
      ["CompleteRegistration", "/apply"],
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem("ovella.carried-success"))).toBeNull();
  });

  test("accepting in the banner sends the current page's events then, and a later decline stops them", async ({
    context,
    page,
  }) => {
    const recorder = await recordTraffic(context, page);
    await page.clock.install();
    await page.goto("/thank-you");
    await trackingStarted(page);
    expect(recorder.thirdParty).toEqual([]);
    await page.getByRole("region", { name: "Your privacy choices" }).getByRole("button", { name: "Accept" }).click();
    await expect.poll(async () => events(await fbqCalls(page)).map((e) => e.name)).toEqual(["PageView", "ViewContent", "Purchase"]);
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? "{}")).toMatchObject({
      v: 1,
      choice: "granted",
    });
    await expect.poll(async () => (await adCookies(context)).map((c) => c.name)).toEqual(["_fbp"]);

    // Change of mind through "Privacy choices": the pixel is told, the ad cookie removed, nothing more is sent.
    await page.getByRole("button", { name: "Privacy choices" }).click();
    const banner = page.getByRole("region", { name: "Your privacy choices" });
    await expect(banner).toContainText("advertising measurement is allowed");
    await expect(banner.getByRole("heading", { name: "Your privacy choices" })).toBeFocused();
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Privacy choices" })).toBeFocused();
    await page.clock.fastForward(31_000);
    const calls = await fbqCalls(page);
    expect(calls.at(-1)?.args).toEqual(["consent", "revoke"]);
    expect(events(calls).map((e) => e.name)).toEqual(["PageView", "ViewContent", "Purchase"]);
    expect(await adCookies(context)).toEqual([]);
  });

  test("no time on page is reported for a page left within 10 s", async ({ context, page }) => {
    await presetConsent(context, "granted");
    await recordTraffic(context, page);
    // The page's clock flows from `start` while it loads; pausing it at start + 9 s leaves the page after at
    // most 9 s on its own clock however long the load took in real time (a fast-forward of 9 s after a slow
    // load went past 10 s).
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.goto("/about");
    await trackingStarted(page);
    await expect.poll(async () => events(await fbqCalls(page)).length).toBe(2);
    await page.clock.pauseAt(start + 9_000);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    await page.clock.fastForward(1_000);
    expect(events(await fbqCalls(page)).map((e) => e.name)).toEqual(["PageView", "ViewContent"]);
  });

  test("geolocation is asked once with consent and kept in session storage only", async ({ context, page }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 37.7749, longitude: -122.4194, accuracy: 50 });
    await presetConsent(context, "granted");
    const recorder = await recordTraffic(context, page);
    await page.goto("/");
    await trackingStarted(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("ovella.location"))).not.toBeNull();
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem("ovella.location"))) ?? "{}");
    expect(stored).toEqual({ latitude: 37.7749, longitude: -122.4194, accuracy: 50 });
    await page.goto("/about");
    await trackingStarted(page);
    expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
    const calls = JSON.stringify(await fbqCalls(page));
    expect(calls).not.toContain("37.7749");
    expect(recorder.thirdParty.join(" ")).not.toContain("37.77");
  });
});

test.describe("attribution", () => {
  test("traffic source, UTM values, referrer, landing path, language and time zone are stored with the application", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US", timezoneId: "America/Los_Angeles" });
    const page = await context.newPage();
    try {
      const recorder = await recordTraffic(context, page);
      await page.goto("/tiktok?utm_source=x&utm_medium=y&utm_campaign=z&fbclid=AttrClick7", {
        referer: "https://l.facebook.com/l.php?u=private",
      });
      await trackingStarted(page);
      await page.goto("/apply?utm_source=later");
      const email = uniqueEmail("attribution");
      const request = await submitApplication(page, email);
      expect(request.headers().fbc).toBeUndefined();
      const row = await storedApplication(page, email);
      expect(row).toMatchObject({
        traffic_source: "facebook_ads",
        utm_source: "x",
        utm_medium: "y",
        utm_campaign: "z",
        referrer_url: "https://l.facebook.com/l.php",
        landing_path: "/tiktok",
        browser_language: "en-US",
        timezone: "America/Los_Angeles",
        tracking_consent: "denied",
        event_id: null,
      });
      expect(row).not.toHaveProperty("fbc");
      expect(recorder.thirdParty).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a landing page left before the browser was ever idle still records where the visitor came from", async ({ page }) => {
    // The record is written when the browser is idle; here it never is, so only leaving the page writes it.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto("/howitworks?utm_source=video&utm_campaign=fall", { referer: "https://www.tiktok.com/@ovella" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.evaluate(() => sessionStorage.getItem("ovella.attribution"))).toBeNull();
    await page.goto("/about?utm_source=later");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem("ovella.attribution"))) ?? "{}");
    expect(stored).toMatchObject({
      traffic_source: "tiktok_ads",
      utm_source: "video",
      utm_campaign: "fall",
      landing_path: "/howitworks",
    });
  });
});
