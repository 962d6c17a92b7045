/**
 * Her details and email choices from her page (ADR 0099), at phone size: without JavaScript she changes her phone and
 * her address; the address counts only after she opens the link emailed to the new address (read from the .eml the
 * test server writes) and presses Confirm; her email choices stick. With JavaScript, a bad address is refused with the
 * message on its field and nothing saved. Checked with axe (with JavaScript: axe runs in the page); screenshots kept.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Applies, and answers the /a/<token> path of her confirmation email. */
async function herPage(page: Page, email: string, firstName: string): Promise<string> {
  const res = await page.request.post("/api/applications", { data: validApplication({ firstName, email, phone: "415-555-0100", marketing_consent: false }) });
  expect(res.status()).toBe(201);
  let token: string | null = null;
  await expect.poll(() => (token = findInEmailTo(email, /\/a\/([A-Za-z0-9_-]{48})/, /Subject: Your Ovella pilot application is in/)), { timeout: 20_000 }).not.toBeNull();
  return `/a/${token ?? ""}`;
}

test("without JavaScript she changes her phone at once, and her address once she confirms it there", async ({ browser }, info) => {
  const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false });
  const page = await context.newPage();
  await blockThirdParties(page);
  const email = uniqueEmail("details");
  const newEmail = uniqueEmail("details-new");
  await page.goto(await herPage(page, email, "Inés"));

  await page.getByRole("link", { name: "My details and emails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details and emails" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  const detailsPath = new URL(page.url()).pathname;

  await page.getByLabel("Phone number").fill("415-555-0142");
  await page.getByLabel("Email address").fill(newEmail);
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByText(`Saved. We emailed a link to ${newEmail}`)).toBeVisible();
  await expect(page.getByText(`Until then we write to ${email}.`)).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("415-555-0142");
  await page.screenshot({ path: info.outputPath("details-pending.png"), fullPage: true });

  // Her choices: reminders off, news on; they stay so on the next visit.
  await page.getByLabel(/Reminders about my next step/).uncheck();
  await page.getByLabel(/News about Ovella/).check();
  await page.getByRole("button", { name: "Save my choices" }).click();
  await expect(page.getByText("Your email choices are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Reminders about my next step/)).not.toBeChecked();
  await expect(page.getByLabel(/News about Ovella/)).toBeChecked();

  // The link in the email to the new address: opening it changes nothing until she presses Confirm.
  let confirm: string | null = null;
  await expect.poll(() => (confirm = findInEmailTo(newEmail, /\/email-change\/([A-Za-z0-9_-]{43})/, /Subject: Confirm your new address/)), { timeout: 20_000 }).not.toBeNull();
  await page.goto(`/email-change/${confirm ?? ""}`);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await expect(page.getByText("Your address is confirmed")).toBeVisible();
  await page.screenshot({ path: info.outputPath("email-confirmed.png"), fullPage: true });

  // Her page now shows the new address, with nothing waiting.
  await page.goto(detailsPath);
  await expect(page.getByLabel("Email address")).toHaveValue(newEmail);
  await expect(page.getByText("Waiting for you to confirm")).toHaveCount(0);
  await context.close();
});

test("a bad address is refused on its field, and nothing is saved", async ({ page }) => {
  await blockThirdParties(page);
  const email = uniqueEmail("details-bad");
  const link = await herPage(page, email, "Lola");
  await page.goto(`${link}/details`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Email address").fill("lola@");
  await page.getByLabel("Phone number").fill("415-555-0177");
  // The browser's own check would stop the form; the server's answer is what is tested.
  await page.locator("form").first().evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Save my details" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check the highlighted fields: nothing was saved.");
  const field = page.getByLabel("Email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByLabel("Phone number")).toHaveValue("415-555-0100");
  // The confirmation page of a link that does not work says so, and offers a way on.
  await page.goto(`/email-change/${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
