/**
 * One-click unsubscribe as a person meets it: apply with marketing consent, open the link from the
 * confirmation email (an .eml file, since the test server has no SMTP_URL), confirm with one button.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_UNSUBSCRIBE_SECRET } from "../../playwright.config";
import { signUnsubscribeToken } from "../../server/services/outbox/unsubscribe-token";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";
import { validApplication } from "../../testing/payloads";


test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The List-Unsubscribe URL of the confirmation email written for `email`. */
const unsubscribeLinkFor = (email: string): string | null => findInEmailTo(email, /^List-Unsubscribe: <([^>]+)>/m);

test("the link in the confirmation email unsubscribes in one click, and only after the click", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("unsub");
  const res = await request.post("/api/applications", {
    data: validApplication({ firstName: "Avery", lastName: "Optout", email, marketing_consent: true }),
  });
  expect(res.status()).toBe(201);

  await expect.poll(() => unsubscribeLinkFor(email), { timeout: 15_000 }).not.toBeNull();
  const link = new URL(unsubscribeLinkFor(email) ?? "");
  // The server's PUBLIC_SITE_URL may differ from the test address: keep the path and token.
  const pageUrl = `${baseURL}${link.pathname}${link.search}`;

  await page.goto(pageUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Stop marketing emails?" })).toBeVisible();
  await expect(page.getByText(/@example\.com/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/unsubscribe-confirm-${test.info().project.name}.png`, fullPage: true });

  // Opening the page changed nothing: a reload still asks.
  await page.reload();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("We will not send you marketing emails");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/unsubscribe-done-${test.info().project.name}.png`, fullPage: true });

  // A mail client's RFC 8058 one-click POST to the same link succeeds too (and is idempotent).
  const oneClick = await request.post(pageUrl, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
});

test("a forged or expired link gets a clear page and changes nothing", async ({ page }) => {
  await page.goto("/unsubscribe?token=forged.token");
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const expired = signUnsubscribeToken(E2E_UNSUBSCRIBE_SECRET, "someone@example.com", new Date("2020-01-01T00:00:00Z"), 1000);
  await page.goto(`/unsubscribe?token=${expired}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/unsubscribe-expired-${test.info().project.name}.png`, fullPage: true });
});
