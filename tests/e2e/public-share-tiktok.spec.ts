import { expect, test } from "@playwright/test";
import { blockThirdParties, gotoPage } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("without a device share sheet the panel offers every channel, Copy Link shows Copied! for 2 s, Close hides it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await page.clock.install();
  await gotoPage(page, "/thank-you");
  for (const text of ["Check your inbox", "Take the OvellaIQ assessment", "Hear whether your place is secured", "Invite a friend"]) {
    await expect(page.getByRole("heading", { name: text })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");

  await page.getByRole("button", { name: "Share Ovella with Friends" }).click();
  const panel = page.getByRole("region", { name: "Share options" });
  await expect(panel).toBeVisible();
  for (const name of ["Email", "SMS", "WhatsApp", "Facebook", "Twitter", "LinkedIn"]) {
    await expect(panel.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  const email = decodeURIComponent((await panel.getByRole("link", { name: "Email" }).getAttribute("href")) ?? "");
  expect(email).toContain("1 year of free storage (about $1,000 value)");
  expect(email).not.toMatch(/3 years|\$3,000/);

  await panel.getByRole("button", { name: "Copy Link" }).click();
  await expect(panel.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https?:\/\/.+\/$/);
  await page.clock.runFor(2000);
  await expect(panel.getByRole("button", { name: "Copy Link" })).toBeVisible();

  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
});

test("with a device share sheet the button uses it and no panel opens", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { __shared: ShareData }).__shared = data;
        return Promise.resolve();
      },
    });
  });
  await gotoPage(page, "/thank-you");
  await page.getByRole("button", { name: "Share Ovella with Friends" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared?.text ?? "")).toContain("1 year of free storage");
  await expect(page.getByRole("region", { name: "Share options" })).toBeHidden();
});

test("the TikTok embed script is added only on request on /tiktok and removed when leaving", async ({ page }) => {
  await gotoPage(page, "/tiktok");
  await expect(page.getByText("Spots are limited to 20 women in California").first()).toBeVisible();
  await expect(page.getByText(/I spoke with 75\+ women/)).toBeVisible();
  const script = page.locator('script[src="https://www.tiktok.com/embed.js"]');
  await expect(script).toHaveCount(0);
  await page.getByRole("button", { name: /Play video: Why we built a guarantee/ }).click();
  await expect(script).toHaveCount(1);
  await expect(page.locator("blockquote.tiktok-embed")).toHaveCount(1);

  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(script).toHaveCount(0);
});

test("the TikTok page's apply button scrolls to the form", async ({ page }) => {
  await gotoPage(page, "/tiktok");
  await page.getByRole("link", { name: "Apply Now" }).last().click();
  await expect(page.locator("#apply")).toBeInViewport();
});
