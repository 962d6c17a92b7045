/** The super admin's Outbox tab: emails queued by a submission appear with their state, without bodies; axe-clean. */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createStaff, signIn, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { uniqueEmail } from "./public-helpers";
import { validApplication } from "../../testing/payloads";

test("a super admin sees the emails of a new application in the Outbox tab; an admin has no such tab", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  const email = uniqueEmail(`outbox${tag}`);
  const res = await request.post("/api/applications", {
    data: validApplication({ firstName: "Olive", lastName: `Outbox${tag}`, email, marketing_consent: false }),
  });
  expect(res.status()).toBe(201);

  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "Outbox" }).click();
  const table = tableRegion(page, "Outbox emails");
  await expect(table).toBeVisible();
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Applicant confirmation");
  // Delivered to an .eml file by the sender within a few polls.
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(row).toContainText("Sent", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText("Thank you for applying")).toHaveCount(0);

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: `test-results/admin-outbox-${test.info().project.name}.png`, fullPage: true });

  const admin = await createStaff(request, "admin", tag);
  await signOut(page);
  await signIn(page, admin.username, admin.password);
  await expect(page.getByRole("tab", { name: "Applications" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Outbox" })).toHaveCount(0);
});
