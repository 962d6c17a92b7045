/** Staff admin accessibility and layout: axe on every screen and dialog, keyboard-only use, phone layout. */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { applicantsFor, createStaff, loadWithStoredSession, messagesFor, seedApplications, seedMessages, signIn, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { finishSignInSteps, freshCode } from "./staff-sign-in";

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, label).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  await seedApplications(request, applicantsFor(tag));
  await seedMessages(request, messagesFor(tag));
});

test("login screen, each tab and each dialog have no axe violations", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page, "login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expectNoAxeViolations(page, "login with errors");

  await signIn(page, SUPER.username, SUPER.password);
  await expect(page.getByText("Total Applications")).toBeVisible();
  await expectNoAxeViolations(page, "applications tab");

  await page.getByRole("button", { name: /^Delete application from/ }).first().click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page, "delete application dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Contact Messages" }).click();
  await expect(page.getByText("Total Messages")).toBeVisible();
  await expectNoAxeViolations(page, "contact messages tab");
  await page.getByRole("button", { name: /^Delete message from/ }).first().click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page, "delete message dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "User Management" }).click();
  await expect(tableRegion(page, "Staff users")).toBeVisible();
  await expectNoAxeViolations(page, "user management tab");
  await page.getByRole("button", { name: "Create User" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create User" }).click();
  await expect(page.getByRole("dialog").getByText("Username must be at least 3 characters")).toBeVisible();
  await expectNoAxeViolations(page, "create user dialog with errors");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Change password for/ }).first().click();
  await expect(page.getByRole("dialog", { name: "Change password" })).toBeVisible();
  await expectNoAxeViolations(page, "change password dialog");
  await page.keyboard.press("Escape");
});

test("sign-in steps (second factor, enrolment, recovery codes) have no axe violations", async ({ page, request }) => {
  const member = await createStaff(request, "admin", uniqueTag(), { enrol: false });
  await page.goto("/admin");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Add a second factor" })).toBeVisible();
  await expectNoAxeViolations(page, "enrolment");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await expectNoAxeViolations(page, "authenticator app setup");
  await finishSignInSteps(page, member.username, { beforeRecoveryCodes: () => expectNoAxeViolations(page, "recovery codes") });
  await signOut(page);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await expectNoAxeViolations(page, "second factor");
});

test("access denied screen has no axe violations", async ({ page }) => {
  await page.route("**/api/auth/me", (route) => route.fulfill({ json: { id: "g", username: "guest_person", role: "guest" } }));
  await loadWithStoredSession(page, "t");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expectNoAxeViolations(page, "access denied");
});

test("keyboard only: sign in, switch tabs, sort, filter, open and close dialogs with focus trapped and returned", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Username")).toBeFocused();
  await page.keyboard.type(SUPER.username);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(SUPER.password);
  await page.keyboard.press("Enter");
  // The second step takes focus on its heading; the code field is the next stop.
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await page.keyboard.type(await freshCode(SUPER.username));
  await page.keyboard.press("Enter");
  // Should another worker have spent that step's code, the next step's is typed.
  await expect(page.getByRole("button", { name: "Logout" }).or(page.getByText("That code is not valid"))).toBeVisible();
  await finishSignInSteps(page, SUPER.username);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // Tabs: arrow keys move between them (Radix roving focus), Enter/auto-activation shows the panel.
  await page.getByRole("tab", { name: "Applications" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Contact Messages" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Applications" })).toHaveAttribute("aria-selected", "true");

  // Sorting from the keyboard.
  const ageButton = tableRegion(page, "Applications").getByRole("columnheader", { name: /^Age/ }).getByRole("button");
  await ageButton.focus();
  await page.keyboard.press("Enter");
  await expect(tableRegion(page, "Applications").getByRole("columnheader", { name: /^Age/ })).toHaveAttribute("aria-sort", "ascending");
  await page.keyboard.press("Space");
  await expect(tableRegion(page, "Applications").getByRole("columnheader", { name: /^Age/ })).toHaveAttribute("aria-sort", "descending");

  // Filters and Clear Filters from the keyboard.
  await page.locator("#applications-filter-firstName").focus();
  await page.keyboard.type("zzzz-no-match");
  await expect(page.getByText("No applications match these filters.")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Clear Filters" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#applications-filter-firstName")).toHaveValue("");

  // Delete dialog: focus moves in, Tab stays inside, Escape returns focus to the opener.
  const opener = page.getByRole("button", { name: /^Delete application from/ }).first();
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Create User dialog from the keyboard.
  await page.getByRole("tab", { name: "Applications" }).focus();
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "User Management" })).toHaveAttribute("aria-selected", "true");
  const create = page.getByRole("button", { name: "Create User" });
  await create.focus();
  await page.keyboard.press("Enter");
  const createDialog = page.getByRole("dialog", { name: "Create User" });
  await expect(createDialog.getByLabel("Username")).toBeFocused();
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press("Tab");
    expect(await createDialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(create).toBeFocused();

  // Logout from the keyboard.
  await page.getByRole("button", { name: "Logout" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("on a phone the page never scrolls sideways; the table scrolls inside its own region", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, SUPER.username, SUPER.password);
  const region = tableRegion(page, "Applications");
  await expect(region).toBeVisible();
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(page_.scroll).toBeLessThanOrEqual(page_.width);
  const table = await region.evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth, overflow: getComputedStyle(el).overflowX }));
  expect(table.scroll).toBeGreaterThan(table.width);
  expect(table.overflow).toBe("auto");
  // Every tab trigger stays reachable on screen.
  for (const name of ["Applications", "Contact Messages", "User Management", "Privacy requests"]) {
    const box = await page.getByRole("tab", { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= page_.width).toBe(true);
  }
});
