/**
 * A form submitted before React is live is held and sent once it is (app/page-scripts/early-submits.tsx),
 * never by the browser itself with the answers in the address.
 */
import { expect, test } from "@playwright/test";
import { blockThirdParties, fillSignup, findApplication, holdRequests, recordNavigations, signupForm, validSignup } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

// `/` hydrates whole (React Router's scripts); `/apply` is served without them, its form an island.
for (const { path, formSource, heading, button } of [
  { path: "/", formSource: "main page", heading: "Reserve your pilot spot", button: "Apply for our Pilot" },
  { path: "/apply", formSource: "apply page", heading: "Apply for the pilot", button: "Submit Application" },
]) {
  test(`an application submitted on ${path} before the page's scripts arrive is sent once they have, never by the browser`, async ({
    page,
    request,
  }) => {
    const scripts = await holdRequests(page, /\/assets\/[^/]+\.js$/);
    const navigations = recordNavigations(page);

    // The page's scripts hold back its load events: wait for the form only.
    await page.goto(path, { waitUntil: "commit" });
    const form = signupForm(page, heading);
    await expect(form).toBeVisible();
    const values = validSignup(`early-${formSource.replace(" ", "-")}`);
    await fillSignup(form, values);
    await form.getByRole("button", { name: button }).click();

    // The scripts are on their way; the submit is held: still on the same page, nothing in its address.
    await expect.poll(() => scripts.count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(navigations.every((url) => !url.includes("?"))).toBe(true);

    scripts.release();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(navigations.every((url) => !url.includes("?"))).toBe(true);
    const stored = await findApplication(request, values.email);
    expect(stored).toMatchObject({ formSource, state: values.state, age: Number(values.age) });
  });
}
