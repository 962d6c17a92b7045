/** The super admin's System tab: the readiness figures, "Back up now" and the backup it lists; axe-clean; no tab for an admin. */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createStaff, signIn, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";

test("a super admin sees the system status and backs the database up from the System tab (on PostgreSQL: is told its own tools do)", { tag: "@engine" }, async ({ page, request }) => {
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "System" }).click();
  await expect(page.getByRole("heading", { name: "System", level: 2 })).toBeVisible();
  await expect(page.getByTestId("system-status")).toHaveText("ready");
  await expect(page.getByTestId("system-database-size")).toContainText(/MB|KB/);
  await expect(page.getByTestId("system-memory")).toContainText(/\d+(\.\d)? (MB|GB)/);

  if (process.env.E2E_DATABASE_URL) {
    // On PostgreSQL the database's own tools take the backups: the panel says so and offers no button.
    await expect(page.getByText(/PostgreSQL.*pg_dump/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Back up now" })).toHaveCount(0);
    await expect(page.getByTestId("system-last-backup")).toHaveText("off");
  } else {
    const button = page.getByRole("button", { name: "Back up now" });
    await button.focus();
    await page.keyboard.press("Enter");
    const notice = page.getByRole("status").filter({ hasText: "Backup written" });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    const backups = tableRegion(page, "Backups");
    await expect(backups.getByRole("row").filter({ hasText: "ovella-" }).first()).toContainText("OK");
    await expect(page.getByTestId("system-last-backup")).not.toHaveText(/none yet|off/);
  }

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const admin = await createStaff(request, "admin", uniqueTag());
  await signOut(page);
  await signIn(page, admin.username, admin.password);
  await expect(page.getByRole("tab", { name: "Applications" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "System" })).toHaveCount(0);
});

test("the System tab says what the last restore applied again (ADR 0107)", async ({ page }) => {
  // A restore runs with the server stopped; its audit event is what GET /api/system reports, given here.
  const lastRestore = {
    at: "2026-11-28T09:00:00.000Z",
    takenAt: "2026-11-27T03:00:00.000Z",
    erasures: 1,
    erasedAgain: 1,
    revocations: 3,
    apiKeys: 1,
    staffDeleted: 1,
    staffDeactivated: 0,
    passwordsDisabled: 1,
    factorsReset: 0,
    recoveryCodesRevoked: 0,
    sessionsEnded: 6,
  };
  await page.route("**/api/system", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { backups: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, backups: { ...body.backups, lastRestore } } });
  });
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "System" }).click();
  const section = page.getByTestId("system-last-restore");
  await expect(section.getByRole("heading", { name: "Last restore", level: 3 })).toBeVisible();
  await expect(section).toContainText("applied again: 1 API key revoked, 1 account deleted, 1 old password disabled (set a new one for them)");
  await expect(section).toContainText("6 staff sessions ended: everyone signed in again.");
  const results = await new AxeBuilder({ page }).include("[data-testid=system-last-restore]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
