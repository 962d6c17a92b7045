import { expect, test } from "@playwright/test";
import { blockThirdParties, openNavIfCollapsed, gotoPage } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("links go to their pages and the scroll links work from another page", async ({ page }) => {
    await gotoPage(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "/howitworks");
    await expect(nav.getByRole("link", { name: "OvellaIQ" })).toHaveAttribute("href", "/ovellaiq");
    await expect(nav.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/apply");

    await nav.getByRole("link", { name: "Testimonials" }).click();
    await expect(page.locator("#testimonials")).toBeInViewport();

    await nav.getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL(/\/howitworks$/);
    await nav.getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/);
    await expect(page.locator("#benefits")).toBeInViewport();

    await nav.getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply for the Ovella pilot");
  });

  test("a section link clicked while the next page is still rendering goes home to the section", async ({ page }) => {
    await gotoPage(page, "/");
    // A slow phone: the address names /howitworks while the home page is still on screen for a while.
    // Reading "on the home page" from the rendered page then scrolled the old page and stayed on /howitworks.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL(/\/howitworks$/);
    await nav.getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page.locator("#benefits")).toBeInViewport();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("toggles with aria-expanded, closes on Escape and when a scroll link is chosen", async ({ page }) => {
    await gotoPage(page, "/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    for (const name of ["About Us", "Benefits", "How It Works", "OvellaIQ", "Testimonials", "Apply Now"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("#benefits")).toBeInViewport();

    // On the home page itself the scroll link scrolls and closes the menu too. /about is served
    // without React, so its links are ordinary page loads: wait until the home page is interactive.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Testimonials" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator("#testimonials")).toBeInViewport();
  });
});

test("the footer links every page and opens social profiles in new tabs safely", async ({ page }) => {
  await gotoPage(page, "/");
  const footer = page.getByRole("contentinfo");
  for (const href of ["/about", "/howitworks", "/ovellaiq", "/contact", "/privacy-policy", "/terms-of-service", "/hipaa-notice"]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  const social = footer.locator('a[target="_blank"]');
  expect(await social.count()).toBeGreaterThanOrEqual(4);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer.getByRole("link", { name: /Ovella on Instagram/ })).toHaveAttribute("href", /instagram\.com/);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await gotoPage(page, "/contact");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
});

test("any nav link is reachable on every project", async ({ page }) => {
  await gotoPage(page, "/contact");
  await openNavIfCollapsed(page);
  await page.getByRole("link", { name: "OvellaIQ" }).first().click();
  await expect(page).toHaveURL(/\/ovellaiq$/);
});
