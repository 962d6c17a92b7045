/**
 * The pages React hydrates fetch their scripts only once the page has loaded and painted
 * (app/enhance/app-scripts.tsx), and nothing a visitor does in the meantime is lost or sent by the
 * browser itself.
 */
import { expect, test } from "@playwright/test";
import { blockThirdParties, fillSignup, findApplication, signupForm, validSignup } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

for (const route of ["/", "/apply", "/contact"]) {
  test(`${route} asks for no script before it has loaded and painted, then hydrates`, async ({ page }) => {
    const response = await page.goto(route);
    const html = (await response?.text()) ?? "";
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");

    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
      const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      return { loadStart: navigation.loadEventStart, firstPaint, starts: scripts.map((entry) => entry.startTime) };
    });
    expect(timing.starts.length).toBeGreaterThan(0);
    expect(timing.firstPaint).toBeGreaterThan(0);
    for (const start of timing.starts) {
      expect(start).toBeGreaterThanOrEqual(timing.loadStart);
      expect(start).toBeGreaterThanOrEqual(timing.firstPaint);
    }
  });
}

test("an application submitted before the page's scripts arrive is sent once they have, never by the browser", async ({
  page,
  request,
}) => {
  const { promise: scriptsHeld, resolve: releaseScripts } = Promise.withResolvers<void>();
  let scriptRequests = 0;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    scriptRequests += 1;
    await scriptsHeld;
    await route.continue();
  });
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  await page.goto("/apply");
  const form = signupForm(page);
  const values = validSignup("early");
  await fillSignup(form, values);
  await form.getByRole("button", { name: "Submit Application" }).click();

  // The typing asked for the scripts; the submit is held: still on the same page, nothing in its address.
  await expect.poll(() => scriptRequests).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/apply$/);
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);

  releaseScripts();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);
  const stored = await findApplication(request, values.email);
  expect(stored).toMatchObject({ formSource: "apply page", state: values.state, age: Number(values.age) });
});
