/**
 * A form submitted before React is live is held and sent once it is (app/enhance/early-submits.tsx),
 * never by the browser itself with the answers in the address.
 */
import { expect, test } from "@playwright/test";
import { blockThirdParties, fillSignup, findApplication, holdRequests, recordNavigations, signupForm, validSignup } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("an application submitted before the page's scripts arrive is sent once they have, never by the browser", async ({
  page,
  request,
}) => {
  const scripts = await holdRequests(page, /\/assets\/[^/]+\.js$/);
  const navigations = recordNavigations(page);

  // The page's scripts hold back its load event: wait for the document only.
  await page.goto("/apply", { waitUntil: "domcontentloaded" });
  const form = signupForm(page);
  const values = validSignup("early");
  await fillSignup(form, values);
  await form.getByRole("button", { name: "Submit Application" }).click();

  // The scripts are on their way; the submit is held: still on the same page, nothing in its address.
  await expect.poll(() => scripts.count()).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/apply$/);
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);

  scripts.release();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);
  const stored = await findApplication(request, values.email);
  expect(stored).toMatchObject({ formSource: "apply page", state: values.state, age: Number(values.age) });
});
