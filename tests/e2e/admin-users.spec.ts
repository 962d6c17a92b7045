/** Staff admin: User Management (super_admin only) — list, create, duplicate, change password, delete. */
import { expect, test } from "@playwright/test";
import { columnTexts, createStaff, signIn, STAFF_PASSWORD, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";

const DATE = /^[A-Z][a-z]{2} \d{2}, \d{4}$/;
const DATE_TIME = /^[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/;

test.describe("user management", () => {
  test("a super admin creates a user, sees a duplicate refused, changes the password and deletes the user", { tag: "@engine" }, async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const username = `e2e_staff_${tag}`;
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "User Management" }).click();
    const region = tableRegion(page, "Staff users");
    await expect(region.getByRole("columnheader")).toHaveText(["Username", "Role", "Work email", "Created", "Last Login", "Actions"]);

    // Own account: listed with a login time, and cannot be deleted.
    const ownRow = region.locator("tbody tr[data-row-id]").filter({ hasText: SUPER.username });
    await expect(ownRow.getByRole("button", { name: /^Delete user e2e_super/ })).toBeDisabled();
    const ownCells = await ownRow.locator("td").allInnerTexts();
    expect(ownCells[3]).toMatch(DATE);
    expect(ownCells[4]).toMatch(DATE_TIME);

    // Create: client-side rules with the messages of docs/requirements.md §5.
    await page.getByRole("button", { name: "Create User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByLabel("Password").fill("short");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
    await dialog.getByLabel("Username").fill("bad name!");
    await dialog.getByLabel("Password").fill("alllowercase1");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByText("Username can only contain letters, numbers, and underscores")).toBeVisible();
    await expect(
      dialog.getByText("Password must contain at least one uppercase letter, one lowercase letter, and one number"),
    ).toBeVisible();
    await dialog.getByLabel("Username").fill("x".repeat(51));
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByText("Username must be less than 50 characters")).toBeVisible();

    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Password").fill(STAFF_PASSWORD);
    await dialog.getByLabel("Role").selectOption("admin");
    // A work address that is not one is refused on its field; then hers.
    await dialog.getByLabel("Work email (optional)").fill("not an address");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await dialog.getByLabel("Work email (optional)").fill(`${username}@Clinic.example`);
    const created = page.waitForResponse((r) => r.url().endsWith("/api/users") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Create User" }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create User" })).toBeFocused();
    const row = region.locator("tbody tr[data-row-id]").filter({ hasText: username });
    await expect(row).toHaveCount(1);
    const cells = await row.locator("td").allInnerTexts();
    expect(cells[1]).toBe("Admin");
    expect(cells[2]).toBe(`${username}@clinic.example`);
    expect(cells[3]).toMatch(DATE);
    expect(cells[4]).toBe("Never");

    // Duplicate username: the server's 409 message in a destructive alert.
    await page.getByRole("button", { name: "Create User" }).click();
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Password").fill(STAFF_PASSWORD);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Username already exists");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Change password: rules, then success; the new password works.
    await row.getByRole("button", { name: `Change password for ${username}` }).click();
    const pw = page.getByRole("dialog", { name: "Change password" });
    await pw.getByLabel("New password").fill("nouppercase1");
    await pw.getByRole("button", { name: "Change password" }).click();
    await expect(
      pw.getByText("Password must contain at least one uppercase letter, one lowercase letter, and one number"),
    ).toBeVisible();
    await pw.getByLabel("New password").fill("BrandNewPass9");
    await pw.getByRole("button", { name: "Change password" }).click();
    await expect(pw).toHaveCount(0);
    await expect(page.getByText(`Password changed for ${username}.`)).toBeVisible();
    await expect(row.getByRole("button", { name: `Change password for ${username}` })).toBeFocused();
    // Set by someone else, it works once: the sign-in asks for her own password first (ADR 0089).
    const given = await request.post("/api/auth/login", { data: { username, password: "BrandNewPass9" } });
    expect(given.status()).toBe(200);
    expect(((await given.json()) as { step: string }).step).toBe("change_password");

    // Sorting the users table by username.
    await region.getByRole("columnheader", { name: "Username" }).getByRole("button").click();
    await expect(region.getByRole("columnheader", { name: "Username" })).toHaveAttribute("aria-sort", "descending");
    const names = await columnTexts(region, 0);
    expect(names).toEqual(names.toSorted((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));

    // Delete with confirmation.
    await row.getByRole("button", { name: `Delete user ${username}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(0);
    const login = await request.post("/api/auth/login", { data: { username, password: "BrandNewPass9" } });
    expect(login.status()).toBe(401);
  });

  test("failures show the server's message or the catalogue's fallback texts", async ({ page }) => {
    await page.route("**/api/users", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await page.route("**/api/users/*/password", (route) => route.fulfill({ status: 500, body: "" }));
    await page.route(/\/api\/users\/[^/]+$/, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, body: "" })
        : route.fallback(),
    );
    await page.route("**/api/users", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            json: [
              { id: "11111111-1111-4111-8111-111111111111", username: "other_person", role: "user", created_at: new Date().toISOString(), last_login: null },
            ],
          })
        : route.fallback(),
    );
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "User Management" }).click();

    await page.getByRole("button", { name: "Create User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await dialog.getByLabel("Username").fill("valid_name");
    await dialog.getByLabel("Password").fill(STAFF_PASSWORD);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Failed to create user");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Change password for other_person" }).click();
    const pw = page.getByRole("dialog", { name: "Change password" });
    await pw.getByLabel("New password").fill("BrandNewPass9");
    await pw.getByRole("button", { name: "Change password" }).click();
    await expect(pw.getByRole("alert")).toContainText("Failed to change password");
    await pw.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Delete user other_person" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText("Failed to delete user");
  });

  test("the user list's load failure shows the catalogue text", async ({ page }) => {
    await page.route("**/api/users", (route) => route.fulfill({ status: 500, body: "" }));
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page.getByRole("alert")).toContainText("Failed to fetch users");
  });
  test("a super admin resets a member's second factors; her next sign-in asks her to enrol again", { tag: "@engine" }, async ({ page, request }) => {
    const member = await createStaff(request, "user", uniqueTag());
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "User Management" }).click();
    await page.getByRole("button", { name: `Reset 2FA for ${member.username}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("recorded in the audit log");
    await confirm.getByRole("button", { name: "Reset second factors" }).click();
    await expect(page.getByText(`Second factors of ${member.username} removed.`)).toBeVisible();
    const login = await request.post("/api/auth/login", { data: { username: member.username, password: member.password } });
    expect(((await login.json()) as { step: string }).step).toBe("enrol");
  });
});
