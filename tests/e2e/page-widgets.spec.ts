/**
 * The marketing pages' widgets (countdown, carousel, video and TikTok facades, section links) and their
 * signup forms on pages served without React (ADR 0029): the widgets run as plain scripts at once, each
 * form is an island of its own. The same widgets where React renders the page (a navigation inside the
 * app) behave the same.
 */
import { expect, test, type Page } from "@playwright/test";
import { brand } from "#core/brand";
import { formatInstant, PILOT_TIME_ZONE } from "#core/time";
import { E2E_ENROLLMENT_CLOSES_AT } from "../../playwright.config";
import { blockThirdParties, fillSignup, findApplication, gotoPage, openNavIfCollapsed, signupForm, validSignup } from "./public-helpers";

const SIGNUP_CHUNK = /\/assets\/signup-form-[^/]+\.js$/;
const DEADLINE = Date.parse(E2E_ENROLLMENT_CLOSES_AT);
const DEADLINE_WORDS = `${formatInstant(DEADLINE, "long", PILOT_TIME_ZONE)} Pacific time.`;

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  return scripts;
}

async function figures(page: Page) {
  const timer = page.getByRole("timer");
  const read = async (unit: string) => Number(await timer.locator(`[data-unit="${unit}"]`).textContent());
  return { days: await read("days"), hours: await read("hours"), minutes: await read("minutes"), seconds: await read("seconds") };
}

/** The countdown, wherever it is rendered: the server's figures give way to the browser's clock, which ticks. */
async function expectBrowserCountdown(page: Page) {
  const countdown = page.locator('[data-widget="countdown"]');
  await expect(countdown).toContainText("Pilot enrollment closes in");
  await expect(countdown).toContainText(`Deadline: ${DEADLINE_WORDS}`);
  await expect(countdown).not.toContainText("The deadline was");
  await expect(page.getByRole("timer").locator('[data-unit="minutes"]')).toHaveText("01");
  const before = await figures(page);
  expect(before).toMatchObject({ days: 0, hours: 0, minutes: 1 });
  await page.clock.runFor(61_000);
  await expect(page.getByRole("timer").locator('[data-unit="minutes"]')).toHaveText("00");
  await page.clock.runFor(40_000);
  // The note is rewritten with the heading once the browser's clock passes the deadline.
  await expect(countdown).toContainText("The pilot enrollment window has closed");
  await expect(countdown).toContainText(`The deadline was ${DEADLINE_WORDS}`);
  expect(await figures(page)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
}

test("the home page runs no React until a form is used; the countdown takes the browser's clock over the server's figures", async ({
  page,
}) => {
  // The server's clock is weeks before the deadline (it renders days left); the browser's says 90 s are left.
  await page.clock.install({ time: DEADLINE - 90_000 });
  const scripts = scriptsOf(page);
  const response = await gotoPage(page, "/");
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("__reactRouterContext");
  expect(html).not.toMatch(/data-unit="days"[^>]*>00</);
  await expectBrowserCountdown(page);
  expect(scripts.filter((path) => !/\/assets\/static-page-[^/]+\.js$/.test(path))).toEqual([]);
});

test("each signup form on the home page is an island of its own: using one leaves the other as server HTML until it is used", async ({
  page,
  request,
}) => {
  await gotoPage(page, "/");
  const hero = signupForm(page, "Reserve your pilot spot");
  const final = signupForm(page, "Apply for the pilot");
  const islands = page.locator('[data-island="signup-form"]');
  await expect(islands).toHaveCount(2);
  // Fixed ids, different for each form: no label points at the other form's field.
  await expect(hero.getByLabel("Email")).toHaveAttribute("id", "hero-form-email");
  await expect(final.getByLabel("Email")).toHaveAttribute("id", "apply-form-email");

  const chunk = page.waitForRequest(SIGNUP_CHUNK);
  await hero.getByLabel("First name").focus();
  await chunk;
  await hero.getByRole("button", { name: "Apply for our Pilot" }).click();
  await expect(hero.getByLabel("First name")).toHaveAccessibleDescription("First name is required");
  // The final form was not touched: no validation ran there.
  await expect(final.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");

  const values = validSignup("home-final-island");
  await fillSignup(final, values);
  await final.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await findApplication(request, values.email)).toMatchObject({ formSource: "main page" });
});

test("section links on a page without React scroll smoothly to their section and move focus there", async ({ page }) => {
  await gotoPage(page, "/tiktok");
  await page.getByRole("main").getByRole("link", { name: "Apply Now" }).first().click();
  await expect(page.locator("#apply")).toBeInViewport();
  await expect(page.locator("#apply")).toBeFocused();
  // The address is left as it was, as on pages React runs.
  expect(new URL(page.url()).hash).toBe("");
});

test("the video facade's player takes the focus when play is pressed", async ({ page }) => {
  await gotoPage(page, "/howitworks");
  await page.getByRole("button", { name: /Play video: How Ovella works/ }).press("Enter");
  const player = page.locator("#how-it-works iframe");
  await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(player).toBeFocused();
});

test("where React renders the home page (a navigation inside the app), the same widgets work", async ({ page }) => {
  await page.clock.install({ time: DEADLINE - 90_000 });
  // /unsubscribe is a page React runs; its links navigate inside the app.
  await gotoPage(page, "/unsubscribe");
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await openNavIfCollapsed(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: `${brand.name} home` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The First Egg Freezing Plan with a Guarantee");
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  await expectBrowserCountdown(page);

  const carousel = page.getByRole("region", { name: "Our affiliations" });
  const dots = carousel.getByRole("button", { name: /^Show / });
  await carousel.getByRole("button", { name: "Show University Venture Accelerator" }).click();
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await expect(dots.nth(0)).not.toHaveAttribute("aria-current", "true");

  await page.getByRole("button", { name: /Play video: Ovella pilot presentation/ }).click();
  await expect(page.locator("#presentation iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\//);
});
