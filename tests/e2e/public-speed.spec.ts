/**
 * Every public page, loaded fresh with tracking configured and no consent given: nothing may be
 * requested from another origin, and the page may log no Content-Security-Policy violation, console
 * error or uncaught exception. Layout is checked on two visits, so that when a font arrives is decided,
 * not left to the machine's load. The first holds the web fonts until the page has painted, as a slow
 * network does: the swap may move the text no more than the fallback faces' metrics allow (ADR 0015).
 * The second has the fonts from the cache: nothing else may move (hydration, the consent banner, images).
 * Speed itself is measured by `npm run bench:web`, never asserted here.
 */
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../scripts/lib/public-routes";
import { holdRequests } from "./public-helpers";

/** Layout shift allowed once the fonts are there: nothing else may move. */
const MAX_LAYOUT_SHIFT = 0.01;
/**
 * Layout shift allowed when the web fonts arrive after the first paint. The fallback faces keep the lines'
 * heights, but a paragraph may wrap a word differently: measured at 1280 px, the legal pages moved 0.02–0.04 with
 * the faces' metric overrides and 0.05–0.066 without them (2026-11-29). Google's "good" is 0.1.
 */
const MAX_LATE_FONT_SHIFT = 0.05;

function isOwnOrigin(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol !== "http:" && protocol !== "https:") return true;
  return hostname === "localhost" || hostname === "127.0.0.1";
}

/** Collects layout shifts (from the very first paint) and CSP violations in the page itself. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number; __shifted: string[]; __cspViolations: string[] };
    w.__layoutShift = 0;
    w.__shifted = [];
    w.__cspViolations = [];
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page, which has no module scope
    const describe = (node: Node | undefined) => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return String(node?.nodeName);
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 4).join(".")}`;
      return node === element ? name : `text in ${name} "${(node?.textContent ?? "").trim().slice(0, 40)}"`;
    };
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page, which has no module scope
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${Math.round(x)},${Math.round(y)} ${Math.round(width)}x${Math.round(height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__layoutShift += entry.value;
        // What moved, where from and to, when: the failure message names it.
        const fonts = [...document.fonts].map((font) => `${font.family} ${font.status}`).join(", ");
        for (const { node, previousRect, currentRect } of entry.sources ?? [])
          w.__shifted.push(`${Math.round(entry.startTime)} ms, ${entry.value.toFixed(4)}: ${describe(node)} ${rect(previousRect)} -> ${rect(currentRect)} (fonts: ${fonts})`);
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

for (const route of PUBLIC_ROUTES) {
  // A Spanish page loads its English twin's scripts, styles and fonts: checked on both viewports there, on the phone here.
  const tag = route.startsWith("/es") ? ["@phone"] : [];
  test(`${route}: no third party before consent, no layout shift after fonts, no CSP violation or console error`, { tag }, async ({
    page,
    context,
  }) => {
    const thirdParty: string[] = [];
    const problems: string[] = [];
    context.on("request", (request) => {
      if (!isOwnOrigin(request.url())) thirdParty.push(request.url());
    });
    await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (r) => r.abort("blockedbyclient"));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // The unknown path's own 404 status is what it should answer, not a problem of the page.
      const documentStatus = message.location().url === page.url() && /status of 404/.test(message.text());
      if (!(route.endsWith("/no-such-page") && documentStatus)) problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
    await watchPage(page);

    // First visit: the fonts are held until the page has painted with the fallback faces.
    const fonts = await holdRequests(page, /\.woff2$/);
    await page.goto(route, { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    fonts.release();
    const late = await settle(page, route);
    expect(late.shift, `layout shift sum with the fonts after the first paint; what moved:\n${late.shifted.join("\n")}`).toBeLessThanOrEqual(
      MAX_LATE_FONT_SHIFT,
    );
    // Second visit: the fonts come from the cache, before the first paint.
    await page.unroute(/\.woff2$/);
    await page.goto(route);
    const cached = await settle(page, route);

    expect(thirdParty, "requests to other origins before consent").toEqual([]);
    expect([...late.violations, ...cached.violations], "CSP violations").toEqual([]);
    expect(problems, "console errors and exceptions").toEqual([]);
    expect(cached.shift, `layout shift sum with the fonts cached; what moved:\n${cached.shifted.join("\n")}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
  });
}

test("a page served without React still asks for consent, remembers the answer and reopens from Privacy choices", async ({
  page,
}) => {
  await page.goto("/privacy-policy");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await page.locator("script[data-static-page-script]").count()).toBe(1);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const banner = page.getByTestId("consent-banner");
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("ovella.tracking-consent"))).toContain('"denied"');

  await page.getByRole("button", { name: "Privacy choices" }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByText("Your current choice: advertising measurement is declined.")).toBeVisible();
  await expect(banner.getByRole("heading", { name: "Your privacy choices" })).toBeFocused();
  await banner.getByRole("button", { name: "Close" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Privacy choices" })).toBeFocused();
});

test("the mobile menu of a page served without React opens, closes with Escape and gives focus back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByTestId("consent-banner").getByRole("button", { name: "Decline" }).click();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("validating a form (the validator chunk loads on first use) causes no CSP violation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await watchPage(page);
  await page.goto("/apply");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByTestId("consent-banner").getByRole("button", { name: "Decline" }).click();
  const form = page.getByRole("form", { name: "Apply for the pilot" });
  await form.getByLabel("First name").focus();
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("First name is required", { exact: true })).toBeVisible();
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});

test("when the validator chunk cannot load, the server's check shows the same messages", async ({ page }) => {
  await page.route(/\/assets\/schema-resolvers-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/apply");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByTestId("consent-banner").getByRole("button", { name: "Decline" }).click();
  const form = page.getByRole("form", { name: "Apply for the pilot" });
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("First name is required", { exact: true })).toBeVisible();
  await expect(form.getByText("Zip code is required", { exact: true })).toBeVisible();
});

/** Waits until the page is live, its fonts are in and its consent banner is up; returns what moved and what was refused. */
async function settle(page: Page, route: string) {
  if (route === "/admin") await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  else await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Two frames after the fonts: any shift they cause has been laid out and observed.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  // Where the banner asks (tracking configured, public pages), it is on screen, and nothing has left yet.
  if (route !== "/admin") await expect(page.getByTestId("consent-banner")).toBeVisible();
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as { __layoutShift: number; __shifted: string[]; __cspViolations: string[] };
    return { shift: w.__layoutShift, shifted: w.__shifted, violations: w.__cspViolations };
  });
}
