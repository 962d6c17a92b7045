/**
 * Every public page, loaded fresh with tracking configured and no consent given: nothing may be
 * requested from another origin, nothing may move once the web fonts have arrived, and the page may
 * log no Content-Security-Policy violation, console error or uncaught exception. Speed itself is
 * measured by `npm run bench:web`, never asserted here.
 */
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../scripts/lib/public-routes";

const MAX_LAYOUT_SHIFT = 0.01;

function isOwnOrigin(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol !== "http:" && protocol !== "https:") return true;
  return hostname === "localhost" || hostname === "127.0.0.1";
}

/** Collects layout shifts (from the very first paint) and CSP violations in the page itself. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number; __cspViolations: string[] };
    w.__layoutShift = 0;
    w.__cspViolations = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__layoutShift += entry.value;
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

    await page.goto(route);
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

    const { shift, violations } = await page.evaluate(() => {
      const w = window as unknown as { __layoutShift: number; __cspViolations: string[] };
      return { shift: w.__layoutShift, violations: w.__cspViolations };
    });
    expect(thirdParty, "requests to other origins before consent").toEqual([]);
    expect(violations, "CSP violations").toEqual([]);
    expect(problems, "console errors and exceptions").toEqual([]);
    expect(shift, "layout shift sum").toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
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
