/**
 * Her own page through the link of her confirmation email (ADR 0098), at phone and desktop size: the link (read from
 * the .eml file the test server writes) shows where she stands; Withdraw asks once more and then withdraws her, with
 * JavaScript off as on; a stale link offers a fresh one by email. Checked with axe; screenshots kept.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

/** The /a/<token> path in an email written to `email` whose subject matches. */
function pagePathFor(email: string, subject: RegExp): string | null {
  const token = findInEmailTo(email, /\/a\/([A-Za-z0-9_-]{48})/, subject);
  return token ? `/a/${token}` : null;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("her confirmation email's link opens her page, and she withdraws there after confirming", async ({ page, request }, info) => {
  const email = uniqueEmail("herpage");
  const res = await request.post("/api/applications", { data: validApplication({ firstName: "Marisol", email }) });
  expect(res.status()).toBe(201);
  let link: string | null = null;
  await expect.poll(() => (link = pagePathFor(email, /Subject: Your Ovella pilot application is in/)), { timeout: 20_000 }).not.toBeNull();

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "We are reading your application" })).toBeVisible();
  await expect(page.getByText("You do not need to do anything now.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`her-page-${info.project.name}.png`), fullPage: true });

  await page.getByRole("link", { name: "Withdraw my application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw your application, Marisol?" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Keeping it changes nothing.
  await page.getByRole("link", { name: "Keep my application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We are reading your application" })).toBeVisible();

  await page.getByRole("link", { name: "Withdraw my application" }).click();
  await page.getByRole("button", { name: "Yes, withdraw my application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your application is withdrawn" })).toBeVisible();
  await expect(page.getByText("Your application is withdrawn. We have told the team.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Withdraw my application" })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`her-page-withdrawn-${info.project.name}.png`), fullPage: true });
});

test("works without JavaScript, and a forged link offers a fresh one by email", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await blockThirdParties(page);
  const email = uniqueEmail("nojs");
  const res = await page.request.post("/api/applications", { data: validApplication({ firstName: "Paz", email }) });
  expect(res.status()).toBe(201);
  let link: string | null = null;
  await expect.poll(() => (link = pagePathFor(email, /Subject: Your Ovella pilot application is in/)), { timeout: 20_000 }).not.toBeNull();
  await page.goto(`${link ?? ""}?confirm=withdraw`);
  await page.getByRole("button", { name: "Yes, withdraw my application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your application is withdrawn" })).toBeVisible();

  const forged = await page.goto(`/a/${"A".repeat(48)}`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not open an application" })).toBeVisible();
  await page.getByLabel("Your email address").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If an application uses this address, a link to it is on its way.")).toBeVisible();
  await expect.poll(() => pagePathFor(email, /Subject: Your link to your Ovella application/), { timeout: 20_000 }).not.toBeNull();
  await context.close();
});
