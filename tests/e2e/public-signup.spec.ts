import { expect, test } from "@playwright/test";
import {
  blockThirdParties,
  fillSignup,
  findApplication,
  gotoPage,
  signupForm,
  toastRegion,
  uniqueEmail,
  validSignup,
} from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("an empty submit shows every required message, linked and announced, and focuses the first field", async ({ page }) => {
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await form.getByRole("button", { name: "Submit Application" }).click();

  const expected: [string, string][] = [
    ["First name", "First name is required"],
    ["Last name", "Last name is required"],
    ["Email", "Email is required"],
    ["Age", "Age is required"],
    ["State", "Please select a state"],
    ["Zip code", "Zip code is required"],
    ["Interest level", "Please select your interest level"],
  ];
  for (const [label, message] of expected) {
    const field = form.getByLabel(label).first();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(form.getByLabel("First name")).toBeFocused();
  const summary = form.getByRole("alert");
  await expect(summary).toContainText("Please fix 7 fields before submitting");
  await expect(summary).toContainText("Zip code: Zip code is required");
  await expect(form.getByLabel("Phone (optional)")).not.toHaveAttribute("aria-invalid", "true");
});

test("after a failed submit every field re-validates as the visitor types, with the exact messages", async ({ page }) => {
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("First name is required", { exact: true })).toBeVisible();

  await form.getByLabel("First name").fill("A");
  await expect(form.getByText("First name must be at least 2 characters", { exact: true })).toBeVisible();
  await form.getByLabel("Last name").fill("B");
  await expect(form.getByText("Last name must be at least 2 characters", { exact: true })).toBeVisible();
  await form.getByLabel("Email").fill("not-an-email");
  await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await form.getByLabel("Age").fill("17");
  await expect(form.getByText("Must be at least 18 years old", { exact: true })).toBeVisible();
  await form.getByLabel("Zip code").fill("123");
  await expect(form.getByText("Zip code must be exactly 5 digits", { exact: true })).toBeVisible();
  await form.getByLabel("Zip code").fill("12a45");
  await expect(form.getByText("Zip code must contain only numbers", { exact: true })).toBeVisible();

  await form.getByLabel("First name").fill("Avery");
  await expect(form.getByText("First name must be at least 2 characters", { exact: true })).toHaveCount(0);
  await expect(form.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
});

test("Non-US switches the state list to countries and back, clearing the value both ways", async ({ page }) => {
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  const state = form.getByRole("combobox", { name: "State", exact: true });
  await expect(state.locator("option")).toHaveCount(52); // placeholder + 50 states + Non-US
  await state.selectOption("California");
  await state.selectOption({ label: "Non-US" });

  const country = form.getByRole("combobox", { name: "Country", exact: true });
  await expect(country).toHaveValue("");
  await expect(country.locator("option", { hasText: "Vietnam" })).toHaveCount(1);
  await expect(country.locator("option", { hasText: "Wyoming" })).toHaveCount(0);
  await country.selectOption("Canada");
  await expect(country).toHaveValue("Canada");

  await form.getByRole("button", { name: "Back to US States" }).click();
  const back = form.getByRole("combobox", { name: "State", exact: true });
  await expect(back).toHaveValue("");
  await expect(back.locator("option", { hasText: "Wyoming" })).toHaveCount(1);
  await expect(form.getByRole("button", { name: "Back to US States" })).toHaveCount(0);
});

test("Other reveals a required 'Please specify' box with a live counter that clears when hidden", async ({ page }) => {
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await expect(form.getByLabel("Please specify")).toHaveCount(0);
  await form.getByLabel("Interest level").selectOption("Other");
  const specify = form.getByLabel("Please specify");
  await expect(specify).toBeVisible();
  await expect(form.getByText("0/200")).toBeVisible();
  await specify.fill("Planning for next year");
  await expect(form.getByText("22/200")).toBeVisible();

  await form.getByLabel("Interest level").selectOption("Just curious");
  await expect(form.getByLabel("Please specify")).toHaveCount(0);
  await form.getByLabel("Interest level").selectOption("Other");
  await expect(form.getByLabel("Please specify")).toHaveValue("");
  await expect(form.getByText("0/200")).toBeVisible();

  await fillSignup(form, { ...validSignup("other"), interestLevel: "Other" });
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("Please specify your interest level", { exact: true }).first()).toBeVisible();
  await form.getByLabel("Please specify").fill("x".repeat(201));
  await expect(form.getByText("Response must be 200 characters or less", { exact: true }).first()).toBeVisible();
  await expect(form.getByText("201/200")).toBeVisible();
});

test("marketing consent is unchecked by default, the terms are linked and the honeypot is hidden", async ({ page }) => {
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await expect(form.getByRole("checkbox")).not.toBeChecked();
  await expect(form.getByText("By submitting this form, you consent to our")).toBeVisible();
  await expect(form.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/terms-of-service");
  const honeypot = form.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(honeypot).not.toBeInViewport();
});

test("while pending the button reads Submitting... and is disabled; success goes to /thank-you with a toast", async ({ page, request }) => {
  const { promise: gate, resolve: release } = Promise.withResolvers<void>();
  await page.route("**/api/applications", async (route) => {
    await gate;
    await route.continue();
  });
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  const values = { ...validSignup("success"), phone: "4155550100" };
  await fillSignup(form, values);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  const pending = form.getByRole("button", { name: "Submitting..." });
  await expect(pending).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(toastRegion(page).getByText("Application Submitted!")).toBeVisible();
  await expect(toastRegion(page).getByText("Thank you for your interest in the pilot program.")).toBeVisible();

  const stored = await findApplication(request, values.email);
  expect(stored).toMatchObject({ formSource: "apply page", state: "California", age: 31, marketing_consent: true });
});

test("a server failure shows the 'Submission Failed' toast with the server's message and keeps the values", async ({ page }) => {
  await page.route("**/api/applications", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal server error" }) }),
  );
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  const values = validSignup("fail500");
  await fillSignup(form, values);
  await form.getByRole("button", { name: "Submit Application" }).click();
  const toast = toastRegion(page);
  await expect(toast.getByText("Submission Failed")).toBeVisible();
  await expect(toast.getByText("Internal server error")).toBeVisible();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(form.getByLabel("Email")).toHaveValue(values.email);
  await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
});

test("a failure without a message falls back to 'Something went wrong. Please try again.'", async ({ page }) => {
  await page.route("**/api/applications", (route) => route.fulfill({ status: 500, body: "" }));
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await fillSignup(form, validSignup("fail503"));
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(toastRegion(page).getByText("Something went wrong. Please try again.")).toBeVisible();
});

test("server field errors from a 400 appear on their fields and focus the first one", async ({ page }) => {
  await page.route("**/api/applications", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ message: "Validation failed", errors: { email: ["Please enter a valid email address"] } }),
    }),
  );
  await gotoPage(page, "/apply");
  const form = signupForm(page);
  await fillSignup(form, validSignup("fail400"));
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(toastRegion(page).getByText("Validation failed")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(form.getByLabel("Email")).toBeFocused();
});

const SOURCES: { path: string; formSource: string; heading: string }[] = [
  { path: "/", formSource: "main page", heading: "Reserve your pilot spot" },
  { path: "/apply", formSource: "apply page", heading: "Apply for the pilot" },
  { path: "/tiktok", formSource: "tiktok", heading: "Apply for the pilot" },
  { path: "/MIT", formSource: "MIT", heading: "Apply for the pilot" },
  { path: "/howitworks", formSource: "howitworks", heading: "Apply for the pilot" },
  { path: "/ovellaiq", formSource: "OvellaIQ", heading: "Apply for the pilot" },
];

for (const s of SOURCES) {
  test(`an application from ${s.path} reaches the database with formSource "${s.formSource}"`, async ({ page, request }) => {
    await gotoPage(page, s.path);
    const form = signupForm(page, s.heading);
    const email = uniqueEmail(s.formSource.replace(/\W+/g, ""));
    await fillSignup(form, { ...validSignup("src"), email, interestLevel: "Other", other: "Comparing clinics" });
    await form.getByRole("button", { name: /Apply for our Pilot|Submit Application/ }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    const stored = await findApplication(request, email);
    expect(stored).toMatchObject({
      formSource: s.formSource,
      interestLevel: "Other",
      interestLevelOther: "Comparing clinics",
      marketing_consent: false,
    });
  });
}

test("a Non-US applicant is stored with her country", async ({ page, request }) => {
  await gotoPage(page, "/");
  const form = signupForm(page);
  const values = validSignup("country");
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Non-US" });
  await form.getByRole("combobox", { name: "Country", exact: true }).selectOption("Canada");
  await form.getByLabel("First name").fill(values.firstName);
  await form.getByLabel("Last name").fill(values.lastName);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Age").fill(values.age);
  // A country's postcode, checked against its format and kept as typed.
  const postcode = form.getByLabel("Postcode");
  await postcode.fill("K1A");
  await form.getByLabel("Interest level").selectOption(values.interestLevel);
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("Postcode must match the Canada format, for example K1A 0B1").first()).toBeVisible();
  await postcode.fill("K1A 0B1");
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await findApplication(request, values.email)).toMatchObject({ state: "Canada", zipCode: "K1A 0B1", formSource: "main page" });
});
