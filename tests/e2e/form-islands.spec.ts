/**
 * Form islands (app/page-scripts/islands.ts): /contact and /apply are served without React; their forms are
 * hydrated on their own, from a chunk fetched on first use. Typing and a submit before that chunk is
 * here are kept. /apply's success is a document load to Thank-you that carries its toast.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  adminToken,
  blockThirdParties,
  fillContact,
  fillSignup,
  findApplication,
  gotoPage,
  holdRequests,
  recordNavigations,
  signupForm,
  toastRegion,
  uniqueEmail,
  validSignup,
} from "./public-helpers";

const ISLAND_CHUNK = /\/assets\/contact-form-[^/]+\.js$/;
const SIGNUP_CHUNK = /\/assets\/signup-form-[^/]+\.js$/;

/** Scripts the page requests, by path, and console errors it logs. */
function watch(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return { scripts, problems };
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("a message typed and sent before the form's code arrives keeps what was typed and is sent once, never by the browser", async ({
  page,
  request,
}) => {
  const chunk = await holdRequests(page, ISLAND_CHUNK);
  const navigations = recordNavigations(page);
  await gotoPage(page, "/contact");
  const email = uniqueEmail("island");
  const form = await fillContact(page, email, "Before the code", "Typed while the form was still plain HTML.");
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect.poll(() => chunk.count()).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/contact$/);
  await expect(form.getByLabel("Email")).toHaveValue(email);

  chunk.release();
  await expect(form.getByRole("status")).toContainText("Message sent successfully!");
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);
  const token = await adminToken(request);
  const res = await request.get("/api/contact", { headers: { Authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { email: string; subject: string; message: string }[];
  const stored = list.filter((m) => m.email === email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ subject: "Before the code", message: "Typed while the form was still plain HTML." });
});

test("the quick actions' toasts behave as React's: F8 reaches the region, a short swipe springs back, a 50 px swipe dismisses", async ({
  page,
}) => {
  await gotoPage(page, "/contact");
  await page.getByRole("button", { name: "Download Info Packet" }).click();
  const region = toastRegion(page);
  const toast = region.getByRole("listitem");
  await expect(toast).toContainText("Coming Soon!");
  await page.keyboard.press("F8");
  await expect(region.getByRole("list")).toBeFocused();

  const box = await toast.boundingBox();
  if (!box) throw new Error("the toast has no box");
  const y = box.y + box.height / 2;
  const swipe = async (dx: number) => {
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + dx, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(20);
  await expect(toast).toHaveCSS("transform", "none");
  await swipe(80);
  await expect(toast).toHaveCount(0);
});

for (const island of [
  { path: "/contact", form: "Send us a message", chunk: ISLAND_CHUNK, field: "First Name", button: "Send Message" },
  { path: "/apply", form: "Apply for the pilot", chunk: SIGNUP_CHUNK, field: "First name", button: "Submit Application" },
]) {
  test(`${island.path} loads no React until its form is used, then the form validates in the browser without errors`, async ({
    page,
  }) => {
    const { scripts, problems } = watch(page);
    const response = await gotoPage(page, island.path);
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("__reactRouterContext");
    expect(scripts.filter((path) => !/\/assets\/static-page-[^/]+\.js$/.test(path))).toEqual([]);

    const form = page.getByRole("form", { name: island.form });
    const chunk = page.waitForRequest(island.chunk);
    await form.getByLabel(island.field).focus();
    await chunk;
    await form.getByRole("button", { name: island.button }).click();
    await expect(form.getByLabel(island.field)).toHaveAccessibleDescription("First name is required");
    await expect(form.getByLabel(island.field)).toBeFocused();
    expect(problems).toEqual([]);
  });
}

test("an application typed before /apply's form is live is kept, sent once, and Thank-you shows its toast once", async ({
  page,
  request,
}) => {
  const chunk = await holdRequests(page, SIGNUP_CHUNK);
  const navigations = recordNavigations(page);
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  const values = validSignup("island-apply");
  await fillSignup(form, values);
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect.poll(() => chunk.count()).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/apply$/);
  await expect(form.getByLabel("Email")).toHaveValue(values.email);

  chunk.release();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(toastRegion(page).getByText("Application Submitted!")).toBeVisible();
  await expect(toastRegion(page).getByText("Thank you for your interest in the pilot program.")).toBeVisible();
  expect(navigations.every((url) => !url.includes("?"))).toBe(true);
  expect(await findApplication(request, values.email)).toMatchObject({ formSource: "apply page", age: Number(values.age) });

  // The toast was carried once: a reload of Thank-you opens without it.
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(toastRegion(page).getByText("Application Submitted!")).toHaveCount(0);
});

test("a failed application on /apply raises an error toast announced at once, in the danger colours", async ({ page }) => {
  await page.route("**/api/applications", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal server error" }) }),
  );
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await fillSignup(form, validSignup("island-fail"));
  await form.getByRole("button", { name: "Submit Application" }).click();
  const toast = toastRegion(page).getByRole("alert");
  await expect(toast).toContainText("Submission Failed");
  await expect(toast).toContainText("Internal server error");
  await expect(toast).toHaveClass(/bg-danger/);
  await expect(page).toHaveURL(/\/apply$/);
});
