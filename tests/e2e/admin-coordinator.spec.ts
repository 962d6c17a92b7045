/**
 * A coordinator's day in the admin (ADR 0089), desktop only: she signs in, moves an applicant on her record
 * page, picks the owner from the list of active staff, and sees no Delete button and no staff or privacy tabs.
 * Checked with axe.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { apiLogin, createStaff, signIn, SUPER, uniqueTag } from "./admin-fixtures";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

test("a coordinator moves an applicant and picks her owner from the staff list, and cannot delete", { tag: "@engine" }, async ({ page, request }) => {
  await blockThirdParties(page);
  const tag = uniqueTag();
  const coordinator = await createStaff(request, "coordinator", tag);
  const colleague = await createStaff(request, "user", tag, { enrol: false });
  const firstName = `Ines${tag}`;
  const created = await request.post("/api/applications", { data: validApplication({ firstName, lastName: "Coordinated", email: uniqueEmail("coord") }) });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await signIn(page, coordinator.username, coordinator.password);
  await expect(page.getByTestId("role-badge")).toHaveText("Coordinator");
  await expect(page.getByRole("tab")).toHaveText(["Applications", "Contact Messages", "Selection board", "Consults", "Funnel"]);

  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Selection" })).toBeVisible();
  await page.getByLabel("Move to").selectOption("reviewing");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("region", { name: "Timeline" }).getByText("New → Reviewing")).toBeVisible();

  // The owner is picked from the active staff, each with her role; "Nobody" first.
  const owner = page.getByLabel("Owner", { exact: true });
  await expect(owner.locator("option").first()).toHaveText("Nobody");
  await expect(owner.locator("option", { hasText: `${colleague.username} (User)` })).toHaveCount(1);
  await expect(owner.locator("option", { hasText: `${coordinator.username} (Coordinator)` })).toHaveCount(1);
  await owner.selectOption(colleague.username);
  await page.getByRole("button", { name: "Save owner" }).click();
  const selection = page.getByRole("region", { name: "Selection" });
  await expect(selection.getByText(colleague.username, { exact: true })).toBeVisible();

  // Nothing destructive: no Delete on the record, no removing notes; adding one is hers.
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await page.getByLabel("Add a note").fill("Called her, prefers mornings");
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText("Called her, prefers mornings")).toBeVisible();
  await expect(notes.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  // A link to her page went astray: she ends them all, after saying so once more.
  await selection.getByRole("button", { name: "End the links to her page" }).click();
  await selection.getByRole("button", { name: "Yes, end every link to her page" }).click();
  await expect(selection.getByText("Every link sent so far no longer opens her page.")).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const record = await request.get(`/api/admin/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await record.json()).toMatchObject({ stage: "reviewing", owner: colleague.username });
  const audit = await request.get(`/api/admin/audit?action=applicant_links_revoke`, { headers: { Authorization: `Bearer ${token}` } });
  expect(JSON.stringify(await audit.json())).toContain(id);
});
