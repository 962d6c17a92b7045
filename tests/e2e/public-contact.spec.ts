import { expect, test } from "@playwright/test";
import { adminToken, blockThirdParties, toastRegion, uniqueEmail, gotoPage, fillContact } from "./public-helpers";

const SUBJECT = "Financing question";
const MESSAGE = "Can I split the pilot price into monthly payments?";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("required labels carry asterisks and an empty submit shows the exact messages", async ({ page }) => {
  await gotoPage(page, "/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  for (const label of ["First Name", "Last Name", "Email", "Reason for Contact", "Subject", "Message"]) {
    await expect(form.locator("label", { hasText: label }).locator('span[aria-hidden="true"]')).toHaveText("*");
  }
  await expect(form.locator("label", { hasText: "Phone" }).locator('span[aria-hidden="true"]')).toHaveCount(0);
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const [label, message] of [
    ["First Name", "First name is required"],
    ["Last Name", "Last name is required"],
    ["Email", "Email is required"],
    ["Reason for Contact", "Please select a reason for contacting us"],
    ["Subject", "Subject is required"],
    ["Message", "Message must be at least 10 characters long"],
  ] as const) {
    await expect(form.getByLabel(label)).toHaveAccessibleDescription(message);
  }
  await expect(form.getByLabel("First Name")).toBeFocused();
  await form.getByLabel("Email").fill("nope");
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByLabel("Reason for Contact").locator("option")).toHaveCount(9);
});

test("sending: disabled 'Sending...', then the success notice, a cleared form and a stored message", async ({ page, request }) => {
  const { promise: gate, resolve: release } = Promise.withResolvers<void>();
  await page.route("**/api/contact", async (route) => {
    await gate;
    await route.continue();
  });
  await gotoPage(page, "/contact");
  const email = uniqueEmail("contact");
  const form = await fillContact(page, email, SUBJECT, MESSAGE);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(form.getByRole("status")).toContainText("Message sent successfully!");
  await expect(form.getByRole("status")).toContainText("We'll get back to you within 24 hours.");
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");

  const token = await adminToken(request);
  const res = await request.get("/api/contact", { headers: { Authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { email: string; reason: string; subject: string }[];
  expect(list.find((m) => m.email === email)).toMatchObject({ reason: "pricing", subject: SUBJECT });
});

test("an error shows 'Error sending message' with the server's message and keeps the values", async ({ page }) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many requests, please try again later." }) }),
  );
  await gotoPage(page, "/contact");
  const email = uniqueEmail("contact-err");
  const form = await fillContact(page, email, SUBJECT, MESSAGE);
  await form.getByRole("button", { name: "Send Message" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("Error sending message");
  await expect(alert).toContainText("Too many requests, please try again later.");
  await expect(form.getByLabel("Email")).toHaveValue(email);
});

test("an error without a message uses the fallback text", async ({ page }) => {
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
  await gotoPage(page, "/contact");
  const form = await fillContact(page, uniqueEmail("contact-502"), SUBJECT, MESSAGE);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toContainText("Failed to send message");
  await expect(form.getByRole("alert")).toContainText("Please try again or contact us directly.");
});

test("mailboxes, FAQ disclosures, quick actions, emergency card and social links", async ({ page }) => {
  await gotoPage(page, "/contact");
  for (const mailbox of ["press@ovella.example", "clinics@ovella.example", "employers@ovella.example"]) {
    await expect(page.locator(`a[href="mailto:${mailbox}"]`)).toBeVisible();
  }
  const faq = page.locator("details");
  await expect(faq).toHaveCount(4);
  await expect(faq.first().locator("p")).toBeHidden();
  await faq.first().locator("summary").click();
  await expect(faq.first().locator("p")).toBeVisible();

  await expect(page.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  for (const name of ["Instagram", "Facebook", "X", "LinkedIn"]) {
    const link = page.getByRole("complementary").getByRole("link", { name: new RegExp(`^${name} \\(opens`) });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  await page.getByRole("button", { name: "Download Info Packet" }).click();
  await expect(toastRegion(page).getByText("Coming Soon!")).toBeVisible();
  await expect(toastRegion(page)).toContainText("Sign up for updates");
  await page.getByRole("button", { name: "Find Partner Clinic" }).click();
  await expect(toastRegion(page)).toContainText("partner clinic finder");

  await page.getByRole("link", { name: "Apply for Pilot Program" }).click();
  await expect(page).toHaveURL(/\/#apply$/);
  await expect(page.locator("#apply")).toBeInViewport();
});
