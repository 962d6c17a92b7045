/**
 * The Privacy requests tab as staff use it: find a person whatever the case of the address, download the export,
 * correct a record with the form's messages, log a request, erase with a typed confirmation; axe on each state;
 * the tab is absent for the user role.
 */
import { readFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createStaff, signIn, uniqueTag } from "./admin-fixtures";
import { validApplication } from "../../testing/payloads";

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, label).toEqual([]);
}

const findInput = (page: Page) => page.locator("form[aria-label^='Find everything'] input");

test("an admin answers an access request and an erasure request from the Privacy requests tab", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  const email = `priv.${tag}@example.com`;
  for (const variant of [email, email.toUpperCase()]) {
    const res = await request.post("/api/applications", {
      data: validApplication({ firstName: "Noor", lastName: `Haddad${tag}`, email: variant, marketing_consent: false }),
    });
    expect(res.status()).toBe(201);
  }
  const admin = await createStaff(request, "admin", tag);
  await page.goto("/admin");
  await signIn(page, admin.username, admin.password);
  await page.getByRole("tab", { name: "Privacy requests" }).click();
  await expect(page.getByRole("heading", { name: "Privacy requests", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page, "privacy tab");

  // A malformed address gets the form's message, announced and linked to the field.
  await findInput(page).fill("not-an-address");
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(findInput(page)).toHaveAccessibleDescription("Please enter a valid email address");

  await findInput(page).fill(`  ${email.toUpperCase()}  `);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByRole("heading", { name: `What we hold about ${email}` })).toBeVisible();
  const applicationsCount = page.locator("dl div").filter({ hasText: /^Applications/ }).locator("dd");
  await expect(applicationsCount).toHaveText("2");
  await expectNoAxeViolations(page, "privacy tab with results");

  // The export is a JSON file of everything held.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download export (JSON)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^ovella-privacy-export-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(readFileSync(await download.path(), "utf8")) as { subject: { email: string }; counts: { applications: number } };
  expect(doc).toMatchObject({ subject: { email }, counts: { applications: 2 } });

  // Correction with the form's own validation message, then a valid one.
  await page.getByRole("button", { name: `Correct the application of Noor Haddad${tag}` }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Zip code").fill("941");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(dialog.getByLabel("Zip code")).toHaveAccessibleDescription("Zip code must be exactly 5 digits");
  await expectNoAxeViolations(page, "correction dialog with errors");
  await dialog.getByLabel("Zip code").fill("90001");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(page.getByText(`Corrected application of Noor Haddad${tag}: zipCode.`)).toBeVisible();
  await expect(page.getByText("zip 90001")).toBeVisible();

  // Log an erasure request; it is listed with its due date 30 days on.
  await page.getByRole("textbox", { name: "Email address" }).last().fill(email);
  await page.getByLabel("Kind of request").selectOption("erasure");
  await page.getByRole("button", { name: "Log request" }).click();
  await expect(page.getByText(/Logged the erasure request, due/)).toBeVisible();
  const openTable = page.getByRole("table", { name: "Open privacy requests" });
  await expect(openTable.getByRole("row").filter({ hasText: email })).toContainText("30 days left");

  await expectNoAxeViolations(page, "privacy tab with an open request");

  // Erase with a typed confirmation.
  await page.getByRole("button", { name: "Erase everything about this address" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByLabel("Type the email address to confirm").fill("someone@else.com");
  await confirm.getByRole("button", { name: "Erase for good" }).click();
  await expect(confirm.getByLabel("Type the email address to confirm")).toHaveAccessibleDescription("Type the email address exactly to confirm the erasure");
  await expectNoAxeViolations(page, "erase dialog with error");
  await confirm.getByLabel("Type the email address to confirm").fill(email);
  await confirm.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByText(`Erased ${email}: 2 application(s)`)).toBeVisible();
  await expect(applicationsCount).toHaveText("0");
  await expect(page.getByText("No application, contact message or email is held about this address.")).toBeVisible();
  // The erasure completed the open request, which no longer shows the address.
  await expect(openTable.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // The Applications tab no longer lists the erased rows, after a reload too.
  await page.reload();
  // The address keeps the open tab (?tab=privacy): switch back to the applications.
  await page.getByRole("tab", { name: "Applications" }).click();
  await expect(page.getByText("Total Applications")).toBeVisible();
  await expect(page.getByText(`Haddad${tag}`)).toHaveCount(0);
});

test("the user role has no Privacy requests tab", async ({ page, request }) => {
  const viewer = await createStaff(request, "user", uniqueTag());
  await page.goto("/admin");
  await signIn(page, viewer.username, viewer.password);
  await expect(page.getByRole("tab", { name: "Applications" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Privacy requests" })).toHaveCount(0);
});
