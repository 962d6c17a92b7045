import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ENROLLMENT_CLOSES_AT } from "../../playwright.config";
import { blockThirdParties, gotoPage } from "./public-helpers";

const PAGES: { path: string; heading: RegExp | string; text?: string }[] = [
  { path: "/", heading: "The First Egg Freezing Plan with a Guarantee", text: "Everything the pilot includes" },
  { path: "/apply", heading: "Apply for the Ovella pilot", text: "What pilot members get" },
  { path: "/about", heading: /./, text: "Empowerment First" },
  { path: "/contact", heading: "We're here to help", text: "Frequently asked questions" },
  { path: "/howitworks", heading: "Four clear steps, one guarantee", text: "Start with a one-minute application" },
  { path: "/ovellaiq", heading: "OvellaIQ: know your numbers before you decide", text: "What goes into your score" },
  { path: "/tiktok", heading: "Egg freezing in California, now with a guarantee", text: "Spots are limited to 20 women in California" },
  { path: "/MIT", heading: "Born in the MIT community, built for women everywhere", text: "From research to a real plan" },
  { path: "/thank-you", heading: "Thank you for applying!", text: "Share Ovella with Friends" },
  { path: "/privacy-policy", heading: /Privacy Policy/, text: "Global Privacy Control" },
  { path: "/terms-of-service", heading: /Terms of Service/, text: "Baby Guarantee" },
  { path: "/hipaa-notice", heading: /HIPAA/, text: "Business Associates" },
];

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

for (const p of PAGES) {
  test(`${p.path} renders its content, head tags and passes axe`, async ({ page }) => {
    const response = await gotoPage(page, p.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
    if (p.text) await expect(page.getByText(p.text).first()).toBeVisible();
    // Chrome on every page: nav, footer with copyright.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(/© \d{4} Ovella Health, Inc\. All rights reserved\./);

    await expect(page).toHaveTitle(/Ovella/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://[^/]+${p.path === "/" ? "/$" : `${p.path}$`}`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Ovella/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("an unknown path answers 404 with the Page Not Found card", async ({ page }) => {
  const response = await gotoPage(page, "/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  // The status keeps it out of search indexes; no robots tag stops crawlers following its links.
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations).toEqual([]);
});

test("/thank-you is not indexed; robots.txt and sitemap.xml are correct", async ({ page, request }) => {
  await gotoPage(page, "/thank-you");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Disallow: \/admin/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/apply", "/ovellaiq", "/tiktok", "/MIT", "/howitworks", "/contact", "/about"]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  expect(sitemap).not.toContain("/thank-you");
  expect(sitemap).not.toContain("/admin");
});

test("landing page sections come in the specified order", async ({ page }) => {
  await gotoPage(page, "/");
  const ids = await page.locator("main > section, main > div > section").evaluateAll((els) =>
    els.map((el) => el.id || el.getAttribute("aria-labelledby") || ""),
  );
  const order = ["hero-heading", "benefits", "how-it-works", "presentation", "affiliations", "community", "trust", "testimonials", "freedom-heading", "apply"];
  expect(ids.filter((id) => order.includes(id))).toEqual(order);
  await expect(page.locator("#benefits form")).toHaveCount(1);
  await expect(page.locator("#apply form")).toHaveCount(1);
  await expect(page.locator("#how-it-works ol > li")).toHaveCount(4);
});

test("the countdown shows two-digit zeros once the deadline has passed", async ({ page }) => {
  await page.clock.install({ time: Date.parse(E2E_ENROLLMENT_CLOSES_AT) + 5_000 });
  await gotoPage(page, "/");
  const timer = page.getByRole("timer");
  for (const unit of ["days", "hours", "minutes", "seconds"]) {
    await expect(timer.locator(`[data-unit="${unit}"]`)).toHaveText("00");
  }
});

test("hero button scrolls to the final application form", async ({ page }) => {
  await gotoPage(page, "/");
  await page.getByRole("link", { name: "Apply for our Pilot" }).first().click();
  await expect(page.locator("#apply")).toBeInViewport();
  await expect(page.locator("#apply")).toBeFocused();
});

test("no third-party request on first paint; the video loads only after pressing play", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (req) => {
    if (!/^https?:\/\/(localhost|127\.0\.0\.1)/.test(req.url()) && !req.url().startsWith("data:")) external.push(req.url());
  });
  await gotoPage(page, "/");
  await page.waitForLoadState("load");
  expect(external).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.getByRole("button", { name: /Play video: How Ovella works/ }).click();
  await expect(page.locator("#how-it-works iframe")).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
});

test("affiliations carousel: dots, auto-advance every 4 s and a text placeholder for a broken logo", async ({ page }) => {
  await page.clock.install();
  await page.route("**/affiliations/accelerator.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await gotoPage(page, "/");
  const carousel = page.getByRole("region", { name: "Our affiliations" });
  const dots = carousel.getByRole("button", { name: /^Show / });
  await expect(dots).toHaveCount(3);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(4000);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Show University Venture Accelerator" }).click();
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await expect(carousel.locator('[data-placeholder="true"]')).toHaveText("University Venture Accelerator");
  await expect(carousel.locator('img[alt="University Innovation Program"]')).toBeAttached();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("pages are readable", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The First Egg Freezing Plan with a Guarantee");
    await expect(page.locator("#apply form")).toBeVisible();
    await page.goto("/contact");
    await expect(page.getByText("Medical emergency?")).toBeVisible();
  });
});
