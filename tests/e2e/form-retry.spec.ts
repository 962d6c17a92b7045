import { expect, test } from "@playwright/test";
import { adminToken, blockThirdParties, gotoPage, uniqueEmail, fillContact } from "./public-helpers";

const SUBJECT = "Retry question";
const MESSAGE = "Does my message arrive once when the server is briefly away?";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("a submission that meets 503s is retried with one key and stored once", async ({ page, request }) => {
  const keys: string[] = [];
  await page.route("**/api/contact", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length <= 2) {
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "1" },
        contentType: "application/json",
        body: JSON.stringify({ message: "We could not reach our database just now. Please try again in a moment." }),
      });
      return;
    }
    await route.continue();
  });
  await gotoPage(page, "/contact");
  const email = uniqueEmail("contact-retry");
  const form = await fillContact(page, email, SUBJECT, MESSAGE);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toContainText("Message sent successfully!", { timeout: 15_000 });
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);

  const token = await adminToken(request);
  const res = await request.get("/api/contact", { headers: { Authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { email: string }[];
  expect(list.filter((m) => m.email === email)).toHaveLength(1);
});

test("when the server cannot be reached at all, the form says so plainly and keeps what was typed", async ({ page }) => {
  test.setTimeout(60_000);
  await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
  await gotoPage(page, "/contact");
  const email = uniqueEmail("contact-offline");
  const form = await fillContact(page, email, SUBJECT, MESSAGE);
  await form.getByRole("button", { name: "Send Message" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("We could not reach the server", { timeout: 30_000 });
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Message")).toHaveValue("Does my message arrive once when the server is briefly away?");
});
