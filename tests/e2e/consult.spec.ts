/**
 * The consult she books herself (ADR 0100). At phone size, in two browser time zones while the clinic is in Los Angeles:
 * staff open booking to her, her email's link opens her page, she books, moves and cancels, the page showing her zone
 * and the clinic's; once with JavaScript off. At desktop size, the staff's day of consults: her name, a move, a cancel.
 * Checked with axe; screenshots kept.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { apiLogin, signIn, SUPER } from "./admin-fixtures";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** She applies from a browser in its zone (as the form reports it), and staff let her book a consult: her page's path. */
async function invitedApplicant(page: Page, request: APIRequestContext, firstName: string): Promise<{ id: string; path: string }> {
  const email = uniqueEmail(`consult${firstName.toLowerCase()}`);
  const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await page.request.post("/api/applications", { data: validApplication({ firstName, lastName: "Consult", email, timezone }) });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const invited = await request.post(`/api/admin/applications/${id}/consult-invite`, { headers: { Authorization: `Bearer ${token}` } });
  expect(invited.status()).toBe(200);
  let found: string | null = null;
  await expect.poll(() => (found = findInEmailTo(email, /\/a\/([A-Za-z0-9_-]{48})/, /Subject: Book your Ovella consult/)), { timeout: 20_000 }).not.toBeNull();
  return { id, path: `/a/${found ?? ""}` };
}

async function phoneIn(browser: Browser, timezoneId: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId, javaScriptEnabled });
  const page = await context.newPage();
  await blockThirdParties(page);
  return { context, page };
}

test("at phone size in New York she books, moves and cancels her consult, shown in her zone and the clinic's", async ({ browser, request }, info) => {
  const { context, page } = await phoneIn(browser, "America/New_York");
  const { path } = await invitedApplicant(page, request, "Nadia");
  await page.goto(path);
  const section = page.getByRole("region", { name: "Book your consult" });
  await expect(section.getByText("Times in your time zone (America/New York); the clinic's time (America/Los Angeles) beside each.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath("consult-book-phone.png"), fullPage: true });

  await section.getByRole("radio").nth(2).check();
  await section.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByText("Your consult is booked. We have emailed you the invite for your calendar.")).toBeVisible();
  const booked = page.getByRole("region", { name: "Your consult" });
  await expect(booked.getByText(/Eastern (Standard|Daylight) Time/)).toBeVisible();
  await expect(booked.getByText(/At the clinic: .*Pacific (Standard|Daylight) Time/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath("consult-booked-phone.png"), fullPage: true });
  const first = await booked.locator("strong").first().textContent();

  await booked.getByRole("link", { name: "Move my consult" }).click();
  await booked.getByRole("radio").nth(4).check();
  await booked.getByRole("button", { name: "Move my consult to this time" }).click();
  await expect(page.getByText("Your consult has its new time. We have emailed you the updated invite.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your consult" }).locator("strong").first()).not.toHaveText(first ?? "");

  await page.getByRole("link", { name: "Cancel my consult" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancel your consult?" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Yes, cancel my consult" }).click();
  await expect(page.getByText("Your consult is cancelled. We have emailed you the cancellation for your calendar.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Book your consult" })).toBeVisible();
  await context.close();
});

test("without JavaScript in Madrid she pages to later dates and books, then cancels", async ({ browser, request }) => {
  const { context, page } = await phoneIn(browser, "Europe/Madrid", false);
  const { path } = await invitedApplicant(page, request, "Paz");
  await page.goto(path);
  await page.getByRole("link", { name: "Later dates" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  const section = page.getByRole("region", { name: "Book your consult" });
  await expect(section.getByText(/Times in your time zone \(Europe\/Madrid\)/)).toBeVisible();
  await section.getByRole("radio").nth(1).check();
  await section.getByRole("button", { name: "Book this time" }).click();
  const booked = page.getByRole("region", { name: "Your consult" });
  await expect(booked.getByText(/Central European (Standard|Summer) Time/)).toBeVisible();
  await expect(booked.getByText(/At the clinic: .*Pacific/)).toBeVisible();
  await booked.getByRole("link", { name: "Cancel my consult" }).click();
  await page.getByRole("button", { name: "Yes, cancel my consult" }).click();
  await expect(page.getByText("Your consult is cancelled.", { exact: false })).toBeVisible();
  await context.close();
});

test("staff see the day's consults, open her record, move and cancel one; the hours card sits beside the pilot settings", async ({ page, request }, info) => {
  await blockThirdParties(page);
  const { id, path } = await invitedApplicant(page, request, "Rosa");
  const token = path.slice("/a/".length);
  const slots = (await (await request.get(`/api/applicant/${token}/slots`)).json()) as { start: string }[];
  const start = slots.at(-1)?.start ?? "";
  expect((await request.post(`/api/applicant/${token}/consult`, { data: { start } })).status()).toBe(201);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(start));

  await signIn(page, SUPER.username, SUPER.password);
  await page.goto("/admin?tab=selection");
  await expect(page.getByRole("heading", { name: "Consult hours" })).toBeVisible();
  await page.getByRole("button", { name: "Change the hours" }).click();
  await page.getByLabel("Slot length (minutes)").fill("0");
  await page.getByRole("button", { name: "Save the hours" }).click();
  await expect(page.getByText("Give the slot length in minutes of at least 5")).toBeVisible();
  await page.screenshot({ path: info.outputPath("consult-hours-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath("consult-hours-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Cancel", exact: true }).click();

  await page.goto("/admin?tab=consults");
  const shown = page.getByTestId("consults-day");
  await expect(shown).not.toHaveText("…");
  // Next day until hers (the booking is within the days ahead).
  for (let i = 0; i < 40 && (await page.getByRole("link", { name: /Rosa/ }).count()) === 0; i++) {
    const loaded = page.waitForResponse((r) => r.url().includes("/api/admin/consults?date="));
    await page.getByRole("button", { name: "Next day →" }).click();
    await loaded;
    await page.waitForTimeout(50);
  }
  await expect(shown).toContainText(String(Number(day.slice(8))));
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Rosa/ }) });
  await expect(item).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath("consults-day-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath("consults-day-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await item.getByLabel(/New time for Rosa/).selectOption({ index: 1 });
  await item.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText(/Moved Rosa.*She has the updated invite\./)).toBeVisible();
  const moved = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Rosa/ }) });
  await moved.getByRole("button", { name: "Cancel…" }).click();
  await moved.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText(/Cancelled Rosa.*She has the cancellation\./)).toBeVisible();
  await page.getByRole("link", { name: /Rosa/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}`));
});
