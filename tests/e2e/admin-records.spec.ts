/** Staff admin at scale: search and filters on the server, record pages (deep links), repeat applicants, export progress, audit log viewer. */
import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import { apiLogin, applicantsFor, createStaff, messagesFor, seedApplications, seedMessages, signIn, signOut, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";
import { finishSignInSteps } from "./staff-sign-in";

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, label).toEqual([]);
}

const rowsOf = (page: Page, region: string) => tableRegion(page, region).locator("tbody tr[data-row-id]");

async function settled(page: Page) {
  await expect(page.locator(`[aria-busy="true"]`)).toHaveCount(0);
}

let tag: string;
test.beforeAll(async ({ request }) => {
  tag = uniqueTag();
  const [beatriz, adele] = applicantsFor(tag);
  // Beatriz applies twice with the same address: both are kept, the later one is a repeat.
  await seedApplications(request, [beatriz!, adele!, beatriz!]);
  await seedMessages(request, messagesFor(tag).slice(0, 2));
});

test("search finds an applicant by email; filters narrow by state and consent; the repeat carries a badge", { tag: "@engine" }, async ({ page }) => {
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByLabel("Search").fill(`beatriz.ortega${tag}@EXAMPLE.com`);
  await settled(page);
  await expect(rowsOf(page, "Applications")).toHaveCount(2);
  await expect(page.getByText("Showing 2 of")).toBeVisible();
  // Newest first: the second application is the repeat.
  await expect(rowsOf(page, "Applications").first().getByText("repeat")).toBeVisible();
  await expect(rowsOf(page, "Applications").nth(1).getByText("repeat")).toHaveCount(0);

  await page.getByLabel("Search").fill(tag);
  await page.locator("#applications-filter-state").selectOption("California");
  await settled(page);
  await expect(rowsOf(page, "Applications")).toHaveCount(1);
  await expect(rowsOf(page, "Applications").first()).toContainText(`adele Moreau${tag}`);
  await page.locator("#applications-filter-state").selectOption("");
  await page.locator("#applications-filter-marketing").selectOption("yes");
  await settled(page);
  await expect(rowsOf(page, "Applications")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Total Applications" })).toContainText("2");
  await expectNoAxeViolations(page, "applications with filters");
});

test("a deep link opens the record after sign-in: every field, consent, attribution, the other application and the history", { tag: "@engine" }, async ({ page }) => {
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByLabel("Search").fill(`beatriz.ortega${tag}`);
  await settled(page);
  const href = await rowsOf(page, "Applications").first().getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/admin\/applications\/[0-9a-f-]{36}$/);
  await signOut(page);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

  // What a staff alert's link does: the address first, sign-in second, then the record itself.
  await page.goto(href!);
  await page.getByLabel("Username").fill(SUPER.username);
  await page.getByLabel("Password").fill(SUPER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await finishSignInSteps(page, SUPER.username);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Beatriz Ortega${tag}`);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 }).getByText("repeat")).toBeVisible();
  const attribution = page.getByRole("region", { name: "Attribution" });
  await expect(attribution).toContainText("Facebook ads");
  await expect(attribution).toContainText(`spring_${tag}`);
  await expect(page.getByRole("region", { name: "Consent" })).toContainText("Yes");
  await expect(page.getByRole("region", { name: "Application", exact: true })).toContainText("+1 415 555 0101");
  // No Meta click cookie shown: "fbc" as a word (a staff username of random letters in the owner list may hold the letters).
  await expect(page.locator("body")).not.toContainText(/\bfbc\b/i);
  await expect(page.getByRole("region", { name: "History" })).toContainText(`Viewed by ${SUPER.username}`);
  await expectNoAxeViolations(page, "application record page");

  const other = page.getByRole("region", { name: "Other applications from this email address" }).getByRole("link");
  await expect(other).toHaveCount(1);
  await other.click();
  await expect(page).not.toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("region", { name: "Other applications from this email address" }).getByRole("link")).toHaveAttribute("href", href!);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(tableRegion(page, "Applications")).toBeVisible();
});

test("an admin deletes a contact message from its page after confirming; a user sees no delete", { tag: "@engine" }, async ({ page, request }) => {
  const admin = await createStaff(request, "admin", tag);
  await signIn(page, admin.username, admin.password);
  await page.getByRole("tab", { name: "Contact Messages" }).click();
  await page.locator("#messages-filter-lastName").fill(`Alvarez${tag}`);
  await settled(page);
  await rowsOf(page, "Contact messages").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`bianca Alvarez${tag}`);
  await expect(page.getByRole("region", { name: "Contact message" })).toContainText("Pricing and Insurance");
  await expectNoAxeViolations(page, "contact record page");
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=messages$/);
  await page.locator("#messages-filter-lastName").fill(`Alvarez${tag}`);
  await settled(page);
  await expect(tableRegion(page, "Contact messages").getByText("No contact messages match these filters.")).toBeVisible();

  const viewer = await createStaff(request, "user", tag);
  await signOut(page);
  await signIn(page, viewer.username, viewer.password);
  await page.getByLabel("Search").fill(tag);
  await settled(page);
  // No bulk actions for the role, so no rows to tick.
  await expect(tableRegion(page, "Applications").getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Bulk action on the applications shown" })).toHaveCount(0);
  await rowsOf(page, "Applications").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Audit Log" })).toHaveCount(0);
});

test("the export shows its progress and downloads the server's file", { tag: "@engine" }, async ({ page }) => {
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByLabel("Search").fill(tag);
  await settled(page);
  // Record every text the progress status shows while the file streams.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll("output")) if (node.textContent) seen.push(node.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  const text = (await readFile(await download.path())).toString("utf8");
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim()).data;
  expect(rows).toHaveLength(4);
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  expect(texts.some((t) => /^Exported \d+ rows \(\d+ B\)$/.test(t))).toBe(true);
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
});

test("a super admin reads, filters, pages and exports the audit log", { tag: "@engine" }, async ({ page }) => {
  await signIn(page, SUPER.username, SUPER.password);
  await page.getByLabel("Search").fill(`moreau${tag}`);
  await settled(page);
  const href = await rowsOf(page, "Applications").first().getByRole("link").getAttribute("href");
  const id = href!.split("/").pop()!;
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`adele Moreau${tag}`);
  await page.goto("/admin?tab=audit");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await page.locator("#audit-filter-action").selectOption("view");
  await page.locator("#audit-filter-target").fill(id);
  await settled(page);
  const region = tableRegion(page, "Audit log");
  await expect(rowsOf(page, "Audit log")).toHaveCount(1);
  await expect(region).toContainText(SUPER.username);
  await expect(region.getByRole("link", { name: `application ${id}` })).toHaveAttribute("href", href!);
  await expectNoAxeViolations(page, "audit log");

  // More than one page of events: each first-page list request is audited as a view.
  const token = await apiLogin(page.request, SUPER.username, SUPER.password);
  for (let i = 0; i < 55; i++) {
    expect((await page.request.get("/api/admin/contact?limit=50", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  }
  await page.locator("#audit-filter-target").fill("");
  await page.locator("#audit-filter-action").selectOption("");
  await settled(page);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  const firstPage = await rowsOf(page, "Audit log").first().getAttribute("data-row-id");
  await page.getByRole("button", { name: "Next" }).click();
  await settled(page);
  await expect(rowsOf(page, "Audit log").first()).not.toHaveAttribute("data-row-id", firstPage!);
  await page.getByRole("button", { name: "Previous" }).click();
  // Back on the first page. Other tests running at the same time may have added newer events above it,
  // so the row is looked for on the page rather than required to be the first.
  await expect(tableRegion(page, "Audit log").locator(`tbody tr[data-row-id="${firstPage}"]`)).toHaveCount(1);

  await page.locator("#audit-filter-action").selectOption("view");
  await settled(page);
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^ovella-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = Papa.parse<string[]>((await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "").trim()).data;
  expect(rows[0]).toEqual(["When", "Actor", "Action", "Target Type", "Target", "From", "Detail"]);
  expect(rows.slice(1).every((r) => r[2] === "view")).toBe(true);
  // The export of the audit log is itself in the audit log.
  await page.locator("#audit-filter-action").selectOption("export");
  await settled(page);
  await expect(tableRegion(page, "Audit log").getByRole("cell", { name: "Audit log", exact: true }).first()).toBeVisible();
});
