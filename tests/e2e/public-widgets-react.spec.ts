/**
 * The public widgets written once (ADR 0042) where React renders the page: /unsubscribe, and the
 * pages reached from it by client-side navigation, run the same banner and toast behaviour as the
 * pages served without React (tested in tracking-privacy, form-islands and public-contact).
 */
import { expect, test } from "@playwright/test";
import { gotoPage, openNavIfCollapsed, toastRegion } from "./public-helpers";

test("where React renders the page, the consent banner asks, Privacy choices reopens it with focus, and the toasts come one at a time", async ({ page }) => {
  await gotoPage(page, "/unsubscribe");
  const banner = page.getByTestId("consent-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCount(1);
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toHaveCount(0);
  // The links below navigate inside the app: the same document all along.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await openNavIfCollapsed(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /home/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const choices = page.getByRole("button", { name: "Privacy choices" });
  await choices.click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: "Your privacy choices" })).toBeFocused();
  await expect(banner).toContainText("declined");
  await banner.getByRole("button", { name: "Close" }).click();
  await expect(banner).toHaveCount(0);
  await expect(choices).toBeFocused();
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await page.getByRole("button", { name: "Download Info Packet" }).click();
  await expect(toastRegion(page).getByText("Coming Soon!")).toBeVisible();
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Find Partner Clinic" }).click();
  await expect(toastRegion(page)).toContainText("partner clinic finder");
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(1);
  await page.keyboard.press("F8");
  await expect(toastRegion(page).getByRole("list")).toBeFocused();
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
});
