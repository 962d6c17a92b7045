/**
 * The super admin's Webhooks and API keys tabs: an endpoint added with its secret shown once, disabled,
 * rotated, its deliveries listed with a replay, removed; an endpoint edited (the full record switched on
 * after a warning and a confirmation, then disabled), checked on the server and in the audit log; a key
 * created and shown once, used by a machine (its last use listed), revoked. Axe-clean on both tabs. An admin
 * sees neither tab.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiLogin, createStaff, signIn, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { validApplication } from "../../testing/payloads";

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a super admin adds, disables, rotates and removes a webhook endpoint and sees its deliveries", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  // A name under .invalid never resolves: deliveries fail at once, logged, without leaving the machine.
  const url = `https://crm-${tag}.invalid/hooks`;
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");

  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/is a disclosure of health-related personal data/)).toBeVisible();
  await expectAxeClean(page);
  await dialog.getByLabel("Address").fill(url);
  await dialog.getByLabel("Description").fill(`CRM ${tag}`);
  await dialog.getByLabel(/New contact message/).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByRole("heading", { name: "Endpoint added" })).toBeVisible();
  await expect(dialog.getByLabel("Signing secret")).toHaveValue(/^whsec_[A-Za-z0-9+/]+=*$/);
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Done" }).click();

  const table = tableRegion(page, "Webhook endpoints");
  const row = table.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("New application, Person erased (privacy), New contact message");
  await expect(row).toContainText("Enabled");
  await expectAxeClean(page);
  await page.screenshot({ path: `test-results/admin-webhooks-${test.info().project.name}.png`, fullPage: true });

  // A new application is queued for it; the worker's attempt is refused (the host does not resolve) and logged.
  expect((await request.post("/api/applications", { data: validApplication({ lastName: `Hook${tag}` }) })).status()).toBe(201);
  await row.getByRole("button", { name: `Deliveries to CRM ${tag}` }).click();
  const deliveries = tableRegion(page, "Webhook deliveries");
  await expect(async () => {
    await page.getByRole("region", { name: /^Deliveries to/ }).getByRole("button", { name: "Refresh" }).click();
    await expect(deliveries.getByRole("row").filter({ hasText: "New application" }).first()).toContainText("does not resolve", { timeout: 1000 });
    // Not caught mid-retry (a delivery being sent has no Replay): the first retry comes 5 s after the first attempt.
    await expect(deliveries.getByRole("button", { name: /^Replay New application/ }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await deliveries.getByRole("button", { name: /^Replay New application/ }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Delivery queued to be sent again." })).toBeVisible();

  await row.getByRole("button", { name: `Disable CRM ${tag}` }).click();
  await expect(row).toContainText("Disabled by staff");
  await row.getByRole("button", { name: `Rotate secret of CRM ${tag}` }).click();
  const rotated = page.getByRole("dialog");
  await expect(rotated.getByRole("heading", { name: "New signing secret" })).toBeVisible();
  await expect(rotated.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  await rotated.getByRole("button", { name: "Done" }).click();

  await row.getByRole("button", { name: `Remove CRM ${tag}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /Delete|Remove/ }).click();
  await expect(table.getByRole("row").filter({ hasText: url })).toHaveCount(0);
});

test("a super admin edits an endpoint: the full record on after a warning and a confirmation, then disabled; the server and the audit log say so", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `CRM ${tag}`;
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/admin/webhooks", { headers: auth, data: { url: `https://crm-${tag}.invalid/hooks`, events: ["application.created"], description: name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const endpoint = async () => ((await (await request.get("/api/admin/webhooks", { headers: auth })).json()) as { id: string; enabled: boolean; fullRecord: boolean; events: string[]; disabledReason: string | null }[]).find((e) => e.id === id);
  const updates = async () => {
    const answer = await request.get(`/api/admin/audit?action=webhook_update&target=${id}`, { headers: auth });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { rows: { actor_username: string; target_type: string; detail: Record<string, unknown> }[] }).rows;
  };

  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "Webhooks" }).click();
  const row = tableRegion(page, "Webhook endpoints").getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit endpoint" })).toBeVisible();
  const fullRecord = dialog.getByRole("checkbox", { name: /Send the full record/ });
  await expect(fullRecord).not.toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Enabled: events are sent" })).toBeChecked();
  // The switch is described by its warning: thin events are the default, and every push is a disclosure.
  await expect(fullRecord).toHaveAccessibleDescription(/Thin events \(the default\).*is a disclosure of health-related personal data/);
  await expectAxeClean(page);

  await fullRecord.check();
  await expect(dialog.getByText("Full record on: every event discloses personal data")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  // Turning it on asks first, and saves nothing until confirmed.
  await expect(dialog.getByRole("heading", { name: "Send the full record?" })).toBeVisible();
  await expect(dialog).toContainText("This is a disclosure");
  await expectAxeClean(page);
  await page.screenshot({ path: `test-results/admin-webhooks-confirm-${test.info().project.name}.png` });
  expect((await endpoint())?.fullRecord).toBe(false);
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("checkbox", { name: /Send the full record/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByRole("button", { name: "Send the full record" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `${name} saved: enabled, sends the full record.` })).toBeVisible();
  await expect(row.getByRole("cell").filter({ hasText: /^Full record$/ })).toBeVisible();
  expect(await endpoint()).toMatchObject({ fullRecord: true, enabled: true, events: ["application.created"] });
  expect(await updates()).toEqual([expect.objectContaining({ actor_username: SUPER.username, target_type: "webhook_endpoint", detail: { fullRecord: true, previous: { fullRecord: false } } })]);

  // Disabled, and one more event; no confirmation this time (the full record is already on).
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(dialog.getByRole("checkbox", { name: /Send the full record/ })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Enabled: events are sent" }).uncheck();
  await dialog.getByRole("checkbox", { name: /New contact message/ }).check();
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toContainText("Disabled by staff");
  await expect(row.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
  expect(await endpoint()).toMatchObject({ fullRecord: true, enabled: false, disabledReason: "Disabled by staff", events: ["application.created", "contact_message.created"] });
  const events = await updates();
  expect(events).toHaveLength(2);
  expect(events.map((e) => e.detail)).toContainEqual({ enabled: false, events: ["application.created", "contact_message.created"], previous: { enabled: true, events: ["application.created"] } });
  await expectAxeClean(page);
  await page.screenshot({ path: `test-results/admin-webhooks-edited-${test.info().project.name}.png`, fullPage: true });

  expect((await request.delete(`/api/admin/webhooks/${id}`, { headers: auth })).status()).toBe(204);
});

test("a super admin creates an API key shown once, a machine uses it, and it stops working once revoked", { tag: "@engine" }, async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `CRM key ${tag}`;
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByRole("tab", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const keyField = dialog.getByLabel("API key");
  await expect(keyField).toHaveValue(/^ovk_/);
  const key = await keyField.inputValue();
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Done" }).click();

  const table = tableRegion(page, "API keys");
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Read applications");
  await expect(row).toContainText("Never");
  expect((await request.get("/api/admin/applications", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(tableRegion(page, "API keys").getByRole("row").filter({ hasText: name })).not.toContainText("Never", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expectAxeClean(page);

  const current = tableRegion(page, "API keys").getByRole("row").filter({ hasText: name });
  await current.getByRole("button", { name: `Revoke the key ${name}` }).click();
  const revoked = page.waitForResponse((response) => response.request().method() === "DELETE" && new URL(response.url()).pathname.startsWith("/api/admin/api-keys/"));
  await page.getByRole("alertdialog").getByRole("button", { name: /Delete|Revoke/ }).click();
  expect((await revoked).status()).toBe(204);
  await expect(tableRegion(page, "API keys").getByRole("row").filter({ hasText: name })).toHaveCount(0);
  expect((await request.get("/api/admin/applications", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);

  const admin = await createStaff(request, "admin", tag);
  await signOut(page);
  await signIn(page, admin.username, admin.password);
  await expect(page.getByRole("tab", { name: "Applications" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "API keys" })).toHaveCount(0);
});
