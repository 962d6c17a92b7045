/**
 * The assessment step in a browser (ADR 0101, 0102): she says on her page that she has sent her kit, at phone size
 * and without JavaScript; staff record the kit's progress and a review on the record page, see her reminders, and
 * then pass her (refused before the review, with the server's message). Checked with axe; screenshots kept.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { apiLogin, signIn, SUPER } from "./admin-fixtures";
import { findInEmailTo } from "./mail-files";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("she tells us her kit is sent on her page without JavaScript; staff record its progress and a review, then pass her", async ({ page, browser, request }, info) => {
  const email = uniqueEmail("kit");
  const created = await request.post("/api/applications", { data: validApplication({ firstName: "Imani", lastName: "Assess", email }) });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const headers = { Authorization: `Bearer ${await apiLogin(request, SUPER.username, SUPER.password)}` };
  for (const to of ["reviewing", "assessment_invited"]) {
    const res = await request.post(`/api/admin/applications/${id}/stage`, { data: { to }, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  let link: string | null = null;
  await expect
    .poll(() => {
      const token = findInEmailTo(email, /\/a\/([A-Za-z0-9_-]{48})/, /Subject: Your Ovella assessment instructions/);
      return (link = token ? `/a/${token}` : null);
    }, { timeout: 20_000 })
    .not.toBeNull();

  // Her page, at phone size, with JavaScript off: a plain form POST.
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const her = await phone.newPage();
  await her.goto(link ?? "");
  const kit = her.getByRole("region", { name: "Your assessment kit" });
  await expect(kit.getByText("We are waiting for your kit.")).toBeVisible();
  await her.screenshot({ path: info.outputPath(`kit-before-${info.project.name}.png`), fullPage: true });
  await kit.getByRole("button", { name: "I've sent my kit" }).click();
  await expect(her.getByText("Thank you: we have noted that your kit is on its way.")).toBeVisible();
  await expect(her.getByRole("region", { name: "Your assessment kit" }).getByText("You told us you have sent your kit.")).toBeVisible();
  await her.screenshot({ path: info.outputPath(`kit-sent-${info.project.name}.png`), fullPage: true });
  await phone.close();
  // The same page in this project's browser, read by axe (which needs scripts); pressing again changes nothing.
  await page.goto(link ?? "");
  await expect(page.getByText("You told us you have sent your kit.")).toBeVisible();
  await expect(page.getByRole("button", { name: "I've sent my kit" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await signIn(page, SUPER.username, SUPER.password);
  await page.goto(`/admin/applications/${id}`);
  const section = page.getByRole("region", { name: "Assessment", exact: true });
  await expect(section.getByText("she said so on her page")).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: /Kit not sent\s*· due .* Cancelled \(she acted\)/ })).toBeVisible();

  // Before a review the pass is refused with the server's message.
  await page.getByLabel("Move to").selectOption("assessment_passed");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText(/Record a review of her assessment/)).toBeVisible();

  await section.getByRole("button", { name: "Kit received" }).click();
  await expect(section.getByRole("listitem").filter({ hasText: /Kit received ·/ })).toBeVisible();
  await section.getByRole("button", { name: "Record the review" }).click();
  await expect(section.getByText("Give the reason for the recommendation")).toBeVisible();
  await section.getByRole("group", { name: "Does the result meet the pilot's criteria?" }).getByLabel("Yes").check();
  await section.getByRole("group", { name: "Recommendation" }).getByLabel("Pass").check();
  await section.getByLabel("Reason").fill("Hormone levels within the pilot's range");
  await section.getByRole("button", { name: "Record the review" }).click();
  await expect(section.getByText("Hormone levels within the pilot's range")).toBeVisible();
  await expect(section.getByText("Reviewed: she can be passed or found not eligible.")).toBeVisible();
  // The refusal no longer holds, so it leaves the screen.
  await expect(page.getByText(/Record a review of her assessment/)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath(`assessment-record-${info.project.name}.png`), fullPage: true });

  await page.getByLabel("Move to").selectOption("assessment_passed");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("region", { name: "Timeline" }).getByText("Assessment invited → Assessment passed")).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: /Consult not booked\s*· due .* Scheduled/ })).toBeVisible();
});
