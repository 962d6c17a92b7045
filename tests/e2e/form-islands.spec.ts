/**
 * Form islands (app/enhance/islands.ts): /contact is served without React; its form is hydrated on its
 * own, from a chunk fetched on first use. Typing and a submit before that chunk is here are kept.
 */
import { expect, test } from "@playwright/test";
import { adminToken, blockThirdParties, fillContact, gotoPage, holdRequests, recordNavigations, toastRegion, uniqueEmail } from "./public-helpers";

const ISLAND_CHUNK = /\/assets\/contact-form-[^/]+\.js$/;

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("/contact loads no React until its form is used, then the form validates in the browser without errors", async ({ page }) => {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const response = await gotoPage(page, "/contact");
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("modulepreload");
  expect(html).not.toContain("__reactRouterContext");
  expect(scripts.filter((path) => !/\/assets\/static-page-[^/]+\.js$/.test(path))).toEqual([]);

  const form = page.getByRole("form", { name: "Send us a message" });
  const chunk = page.waitForRequest(ISLAND_CHUNK);
  await form.getByLabel("First Name").focus();
  await chunk;
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("First Name")).toHaveAccessibleDescription("First name is required");
  await expect(form.getByLabel("First Name")).toBeFocused();
  expect(problems).toEqual([]);
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
