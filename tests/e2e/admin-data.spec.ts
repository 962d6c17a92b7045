/** Staff admin: applications and contact messages — stats, sorting, filters, truncated text, CSV exports, deletes per role. */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import {
  apiLogin,
  applicantsFor,
  columnTexts,
  createStaff,
  filterByLastName,
  messagesFor,
  seedApplications,
  seedMessages,
  signIn,
  SUPER,
  tableRegion,
  uniqueTag,
} from "./admin-fixtures";
import { csvRecords, keepsInOrder, SPEC_APPLICATION_CSV_HEADERS, SPEC_CONTACT_CSV_HEADERS } from "../../testing/wire-names";

const DATE_TIME = /^[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/;

const APPLICATIONS_LIST = /\/api\/admin\/applications(\?|$)/;
const APPLICATIONS_STATS = /\/api\/admin\/applications\/stats(\?|$)/;
const MESSAGES_LIST = /\/api\/admin\/contact(\?|$)/;
const MESSAGES_STATS = /\/api\/admin\/contact\/stats(\?|$)/;

/** One server page holding every given row. */
const pageOf = (rows: unknown[]) => ({ rows, nextCursor: null, total: rows.length });

/** The export events the server recorded for the super admin since `since`. */
async function exportEvents(page: Page, since: string) {
  const token = await apiLogin(page.request, SUPER.username, SUPER.password);
  const response = await page.request.get(`/api/admin/audit?action=export&actor=${SUPER.username}&from=${encodeURIComponent(since)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { rows: { target_type: string; detail: { rowCount: number; filters: string[] } }[] }).rows;
}

/** A column's header by the start of its name ("Age" must not also find "Stage"). */
function header(page: Page, region: string, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return tableRegion(page, region).getByRole("columnheader", { name: new RegExp(`^${escaped}`) });
}

async function readDownload(page: Page, click: () => Promise<void>) {
  const downloadPromise = page.waitForEvent("download");
  await click();
  const download = await downloadPromise;
  const path = await download.path();
  const bytes = await readFile(path);
  return { name: download.suggestedFilename(), bytes, text: bytes.toString("utf8") };
}

test.describe("applications tab", { tag: "@engine" }, () => {
  let tag: string;
  test.beforeAll(async ({ request }) => {
    tag = uniqueTag();
    await seedApplications(request, applicantsFor(tag));
  });
  // Every column shown, as a staff member can choose with the column chooser (kept in this browser).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const ids = ["age", "state", "phone", "zipCode", "interestLevel", "formSource", "marketing", "traffic_source", "utm_campaign"];
      window.localStorage.setItem("ovella.admin.columns:/api/admin/applications", JSON.stringify(Object.fromEntries(ids.map((id) => [id, true]))));
    });
  });

  test("sorting follows the spec's rules and headers announce their state", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    const region = tableRegion(page, "Applications");
    await filterByLastName(page, "applications", tag);
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(4);

    // Default: newest first.
    await expect(header(page, "Applications", "Submitted")).toHaveAttribute("aria-sort", "descending");
    await expect(header(page, "Applications", "Name")).toHaveAttribute("aria-sort", "none");
    expect(await columnTexts(region, 0)).toEqual([`=SUM(A1) Formula${tag}`, `Carmen Ibarra${tag}`, `adele Moreau${tag}`, `Beatriz Ortega${tag}`]);
    // Phone and Zip Code are not sortable: no sort state, no button.
    await expect(header(page, "Applications", "Phone")).not.toHaveAttribute("aria-sort", /.*/);
    await expect(header(page, "Applications", "Phone").getByRole("button")).toHaveCount(0);

    // Age: numeric (string order would put 100 before 19).
    await header(page, "Applications", "Age").getByRole("button").click();
    await expect(header(page, "Applications", "Age")).toHaveAttribute("aria-sort", "ascending");
    await expect(header(page, "Applications", "Submitted")).toHaveAttribute("aria-sort", "none");
    await expect.poll(() => columnTexts(region, 2)).toEqual(["19", "27", "41", "100"]);
    await header(page, "Applications", "Age").getByRole("button").click();
    await expect(header(page, "Applications", "Age")).toHaveAttribute("aria-sort", "descending");
    await expect.poll(() => columnTexts(region, 2)).toEqual(["100", "41", "27", "19"]);

    // Name: case-insensitive ('adele' sorts before 'Beatriz').
    await header(page, "Applications", "Name").getByRole("button").click();
    await expect
      .poll(() => columnTexts(region, 0))
      .toEqual([`=SUM(A1) Formula${tag}`, `adele Moreau${tag}`, `Beatriz Ortega${tag}`, `Carmen Ibarra${tag}`]);

    // State: case-insensitive text.
    await header(page, "Applications", "State").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 3)).toEqual(["Alaska", "California", "New York", "Texas"]);

    // Marketing: No before Yes ascending.
    await header(page, "Applications", "Marketing").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 8)).toEqual(["No", "No", "Yes", "Yes"]);

    // Submitted: by time, oldest first after one click.
    await header(page, "Applications", "Submitted").getByRole("button").click();
    await expect(header(page, "Applications", "Submitted")).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => columnTexts(region, 0)).toEqual([`Beatriz Ortega${tag}`, `adele Moreau${tag}`, `Carmen Ibarra${tag}`, `=SUM(A1) Formula${tag}`]);
    const submitted = await columnTexts(region, 9);
    for (const text of submitted) expect(text).toMatch(DATE_TIME);
  });

  test("first and last name filters narrow the rows; Clear Filters restores them", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    const region = tableRegion(page, "Applications");
    await filterByLastName(page, "applications", tag.toUpperCase());
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(4);
    await page.locator("#applications-filter-firstName").fill("CAR");
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await expect(region.locator("tbody tr[data-row-id]").first()).toContainText(`Carmen Ibarra${tag}`);
    await expect(page.getByText("Showing 1 of")).toBeVisible();
    await page.locator("#applications-filter-firstName").fill("nobody-matches-this");
    await expect(region.getByText("No applications match these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.locator("#applications-filter-firstName")).toHaveValue("");
    await expect(page.locator("#applications-filter-lastName")).toHaveValue("");
    // Every loaded row is shown again.
    await expect(page.getByText(/^Showing ([\d,]+) of \1$/)).toBeVisible();
  });

  test("long interest text is truncated with the full text on hover and on keyboard focus", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await filterByLastName(page, "applications", `Formula${tag}`);
    const region = tableRegion(page, "Applications");
    // The filtered page itself, not the unfiltered one still showing while the filter's request is on its way.
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(1);
    const full = `Other: Planning around a long medical treatment next year and comparing clinics ${tag}`;
    const cell = region.getByRole("button", { name: full });
    await expect(cell).toBeVisible();
    const truncated = await cell.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(truncated).toBe(true);
    const search = page.locator("#applications-filter-lastName");
    await expect(search).toBeFocused();
    await cell.hover();
    await expect(page.getByRole("tooltip")).toHaveText(full);
    // Escape dismisses the tooltip only: the focused search field keeps its text (a search field clears itself on
    // Escape, which reloaded the table under the resting pointer and opened another cell's tooltip).
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expect(search).toHaveValue(`Formula${tag}`);
    // Once the pointer has left the dismissed cell, resting on it again opens the tooltip again.
    await page.mouse.move(0, 0);
    await cell.hover({ position: { x: 4, y: 4 } });
    await expect(page.getByRole("tooltip")).toHaveText(full);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await cell.focus();
    await expect(page.getByRole("tooltip")).toHaveText(full);
    // Escape also closes the tooltip that keyboard focus opened, focus staying on the cell.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expect(cell).toBeFocused();
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(1);
  });

  test("Leads by source counts the filtered rows by traffic source and campaign", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await filterByLastName(page, "applications", tag);
    const card = page.getByRole("region", { name: "Leads by source" });
    await expect(card.getByRole("listitem").filter({ hasText: "Facebook ads" })).toContainText("2");
    await expect(card.getByRole("listitem").filter({ hasText: "Google ads" })).toContainText("1");
    await expect(card.getByRole("listitem").filter({ hasText: "Not recorded" })).toContainText("1");
    await expect(card.getByRole("listitem").filter({ hasText: `spring_${tag}` })).toContainText("2");
    await expect(card.getByRole("listitem").filter({ hasText: `search_${tag}` })).toContainText("1");
    await page.locator("#applications-filter-firstName").fill("adele");
    await expect(card.getByRole("listitem")).toHaveCount(2);
    await expect(card.getByRole("listitem").filter({ hasText: "Google ads" })).toContainText("1");
  });

  test("a search asks for its stats only once its own first page has answered", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    const region = tableRegion(page, "Applications");
    await expect(region.locator("tbody tr[data-row-id]").first()).toBeVisible();
    // Hold the search's first page back and record every request of the search's stats meanwhile.
    const searchStats: string[] = [];
    page.on("request", (request) => {
      if (APPLICATIONS_STATS.test(request.url()) && request.url().includes(`q=${tag}`)) searchStats.push(request.url());
    });
    const released = Promise.withResolvers<void>();
    await page.route(APPLICATIONS_LIST, async (route) => {
      if (route.request().url().includes(`q=${tag}`)) await released.promise;
      await route.continue();
    });
    // Waited for from before the typing: the debounced request may leave before `fill` has returned.
    const searchPage = page.waitForRequest((request) => APPLICATIONS_LIST.test(request.url()) && request.url().includes(`q=${tag}`));
    await page.getByLabel("Search").fill(tag);
    await searchPage;
    await page.waitForTimeout(500);
    expect(searchStats).toEqual([]);
    released.resolve();
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(4);
    await expect.poll(() => searchStats.length).toBe(1);
  });

  test("CSV export writes the filtered, sorted rows with the spec's columns, a BOM and neutralised formulas", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await filterByLastName(page, "applications", tag);
    await header(page, "Applications", "Age").getByRole("button").click();
    await expect.poll(() => columnTexts(tableRegion(page, "Applications"), 2)).toEqual(["19", "27", "41", "100"]);

    const since = new Date(Date.now() - 1000).toISOString();
    const exported = page.waitForRequest((r) => r.url().includes("/api/admin/applications/export?"));
    const file = await readDownload(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    const url = new URL((await exported).url());
    expect(url.searchParams.get("lastName")).toBe(tag);
    expect([url.searchParams.get("sort"), url.searchParams.get("dir")]).toEqual(["age", "asc"]);
    // The server records the export itself: no audit call from the browser.
    expect((await exportEvents(page, since)).some((e) => e.target_type === "applications" && e.detail.rowCount === 4)).toBe(true);
    expect(file.name).toMatch(/^ovella-applications-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const { headers, records } = csvRecords(file.text);
    expect(keepsInOrder(headers, SPEC_APPLICATION_CSV_HEADERS)).toBe(true);
    expect(records.map((r) => r.Age)).toEqual(["19", "27", "41", "100"]);
    const [adele, formula, beatriz] = records;
    expect([adele?.["First Name"], adele?.["Last Name"]]).toEqual(["adele", `Moreau${tag}`]);
    expect(adele?.["Marketing Consent"]).toBe("No");
    expect(adele?.["Traffic Source"]).toBe("google_ads");
    expect(adele?.["UTM Campaign"]).toBe(`search_${tag}`);
    expect(formula?.["First Name"]).toBe("'=SUM(A1)");
    expect(formula?.["Interest Level"]).toBe("Other");
    expect(formula?.["Interest Level Other"]).toContain("Planning around a long medical treatment");
    expect(beatriz?.Phone).toBe("'+1 415 555 0101");
    expect(beatriz?.["Marketing Consent"]).toBe("Yes");
    expect(beatriz?.["Submitted Date"]).toMatch(DATE_TIME);
    expect(beatriz?.["Landing Path"]).toBe("/apply");
    expect(file.text).toContain(`"'=SUM(A1)"`);
  });
});

test.describe("contact messages tab", { tag: "@engine" }, () => {
  let tag: string;
  test.beforeAll(async ({ request }) => {
    tag = uniqueTag();
    await seedMessages(request, messagesFor(tag));
  });

  test("shows reason labels, sorts, filters, truncates the message and exports", async ({ page }) => {
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    const region = tableRegion(page, "Contact messages");
    await filterByLastName(page, "messages", tag);
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(3);
    await expect(header(page, "Contact messages", "Submitted")).toHaveAttribute("aria-sort", "descending");
    await expect(region.getByText("Baby Guarantee Information")).toBeVisible();
    await expect(region.getByText("guarantee", { exact: true })).toHaveCount(0);

    await header(page, "Contact messages", "Reason").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 3)).toEqual(["Baby Guarantee Information", "Eligibility Questions", "Pricing and Insurance"]);
    await header(page, "Contact messages", "Name").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 0)).toEqual([`+Eve Formula${tag}`, `bianca Alvarez${tag}`, `Dana Whitfield${tag}`]);
    await header(page, "Contact messages", "Subject").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 4)).toEqual(["@mention subject", "How the guarantee works", "Monthly payments"]);
    await header(page, "Contact messages", "Email").getByRole("button").click();
    await expect(header(page, "Contact messages", "Email")).toHaveAttribute("aria-sort", "ascending");
    // The rows move once the server's answer is in: hovering before that would point at another row's message.
    await expect.poll(() => columnTexts(region, 0)).toEqual([`bianca Alvarez${tag}`, `+Eve Formula${tag}`, `Dana Whitfield${tag}`]);

    const long = `I would like to understand what the baby guarantee covers in detail, and for how long ${tag}.`;
    const message = region.getByRole("button", { name: long });
    await message.hover();
    await expect(page.getByRole("tooltip")).toHaveText(long);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await message.focus();
    await expect(page.getByRole("tooltip")).toHaveText(long);

    await page.locator("#messages-filter-firstName").fill("BIAN");
    await expect(region.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await page.locator("#messages-filter-firstName").fill("");

    // Export of the Name-sorted view... re-sort by Name ascending for a known order.
    await header(page, "Contact messages", "Name").getByRole("button").click();
    await expect.poll(() => columnTexts(region, 0)).toEqual([`+Eve Formula${tag}`, `bianca Alvarez${tag}`, `Dana Whitfield${tag}`]);
    const since = new Date(Date.now() - 1000).toISOString();
    const file = await readDownload(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    expect((await exportEvents(page, since)).some((e) => e.target_type === "contact_messages" && e.detail.rowCount === 3)).toBe(true);
    expect(file.name).toMatch(/^ovella-contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.text.startsWith("\uFEFF")).toBe(true);
    const { headers, records } = csvRecords(file.text);
    expect(keepsInOrder(headers, SPEC_CONTACT_CSV_HEADERS)).toBe(true);
    expect(records.map((r) => r["First Name"])).toEqual(["'+Eve", "bianca", "Dana"]);
    expect(records[0]?.Reason).toBe("Eligibility Questions");
    expect(records[0]?.Subject).toBe("'@mention subject");
    expect(records[0]?.Message).toBe("'-1 is what I got as an answer, can you check my eligibility?");
    expect(records[2]?.Reason).toBe("Baby Guarantee Information");
    expect(records[2]?.["Submitted Date"]).toMatch(DATE_TIME);
  });
});

test.describe("stats, empty and error states", () => {
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  const app = (i: number, state: string, age: number) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    firstName: `Person${i}`,
    lastName: "Fixture",
    email: `p${i}@example.com`,
    age,
    state,
    phone: null,
    zipCode: "94105",
    interestLevel: "Just curious",
    interestLevelOther: null,
    formSource: "main page",
    marketing_consent: false,
    submitted_at: iso(i),
  });
  const states = ["California", "California", "California", "Texas", "Texas", "Oregon", "Nevada", "Utah", "Iowa"];

  test("stat cards show totals, average age, top state and the top five states", async ({ page }) => {
    const rows = states.map((state, i) => app(i, state, 20 + i));
    // What the server's aggregate queries answer for these rows.
    const stateCounts = new Map<string, number>();
    for (const row of rows) stateCounts.set(row.state, (stateCounts.get(row.state) ?? 0) + 1);
    const topStates = [...stateCounts].map(([label, count]) => ({ label, count })).toSorted((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    await page.route(APPLICATIONS_LIST, (route) => route.fulfill({ json: pageOf(rows) }));
    await page.route(APPLICATIONS_STATS, (route) =>
      route.fulfill({
        json: {
          total: rows.length,
          overall: rows.length,
          averageAge: rows.reduce((sum, r) => sum + r.age, 0) / rows.length,
          topStates: topStates.slice(0, 5),
          bySource: [{ label: "", count: rows.length }],
          byCampaign: [{ label: "", count: rows.length }],
        },
      }),
    );
    const messages = [1, 3, 6, 8, 30].map((days, i) => ({
      id: `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      firstName: "Msg",
      lastName: `Fixture${i}`,
      email: `m${i}@example.com`,
      phone: null,
      reason: "other",
      subject: "Hello",
      message: "A message that is long enough.",
      submitted_at: iso(days),
    }));
    const weekAgo = Date.now() - 7 * 86_400_000;
    await page.route(MESSAGES_LIST, (route) => route.fulfill({ json: pageOf(messages) }));
    await page.route(MESSAGES_STATS, (route) =>
      route.fulfill({
        json: { total: messages.length, overall: messages.length, thisWeek: messages.filter((m) => Date.parse(m.submitted_at) >= weekAgo).length },
      }),
    );
    await signIn(page, SUPER.username, SUPER.password);
    await expect(page.getByRole("region", { name: "Total Applications" })).toContainText("9");
    await expect(page.getByRole("region", { name: "Average Age" })).toContainText("24");
    await expect(page.getByRole("region", { name: "Top State" })).toContainText("California");
    const byState = page.getByRole("region", { name: "Applications by State" }).getByRole("listitem");
    await expect(byState).toHaveCount(5);
    await expect(byState.first()).toHaveText(/California\s*3/);
    await expect(byState.nth(1)).toHaveText(/Texas\s*2/);
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await expect(page.getByRole("region", { name: "Total Messages" })).toContainText("5");
    await expect(page.getByRole("region", { name: "This Week" })).toContainText("3");
  });

  test("empty lists show the spec's empty states and Top State reads N/A", async ({ page }) => {
    await page.route(APPLICATIONS_LIST, (route) => route.fulfill({ json: pageOf([]) }));
    await page.route(APPLICATIONS_STATS, (route) =>
      route.fulfill({ json: { total: 0, overall: 0, averageAge: null, topStates: [], bySource: [], byCampaign: [] } }),
    );
    await page.route(MESSAGES_LIST, (route) => route.fulfill({ json: pageOf([]) }));
    await page.route(MESSAGES_STATS, (route) => route.fulfill({ json: { total: 0, overall: 0, thisWeek: 0 } }));
    await signIn(page, SUPER.username, SUPER.password);
    await expect(page.getByText("No applications submitted yet.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Top State" })).toContainText("N/A");
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await expect(page.getByText("No contact messages yet.")).toBeVisible();
  });

  test("load failures show the spec's error texts", async ({ page }) => {
    for (const path of [APPLICATIONS_LIST, APPLICATIONS_STATS]) {
      await page.route(path, (route) => route.fulfill({ status: 503, json: { message: "Database unavailable" } }));
    }
    for (const path of [MESSAGES_LIST, MESSAGES_STATS]) await page.route(path, (route) => route.fulfill({ status: 500, body: "" }));
    await signIn(page, SUPER.username, SUPER.password);
    await expect(page.getByRole("alert")).toContainText("Error loading applications: Failed to fetch applications");
    await expect(page.getByRole("alert")).toContainText("Database unavailable");
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await expect(page.getByRole("alert")).toContainText("Error loading contact messages: Failed to fetch contact messages");
  });
});

test.describe("deletes per role", () => {
  test("a user role sees no Actions column and no delete buttons", { tag: "@engine" }, async ({ page, request }) => {
    const tag = uniqueTag();
    await seedApplications(request, applicantsFor(tag).slice(0, 1));
    await seedMessages(request, messagesFor(tag).slice(0, 1));
    const viewer = await createStaff(request, "user", tag);
    await signIn(page, viewer.username, viewer.password);
    await filterByLastName(page, "applications", tag);
    const apps = tableRegion(page, "Applications");
    await expect(apps.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await expect(apps.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await filterByLastName(page, "messages", tag);
    const messages = tableRegion(page, "Contact messages");
    await expect(messages.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await expect(messages.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  });

  test("an admin deletes an application and a message after confirming", { tag: "@engine" }, async ({ page, request }) => {
    const tag = uniqueTag();
    await seedApplications(request, applicantsFor(tag).slice(0, 2));
    await seedMessages(request, messagesFor(tag).slice(0, 1));
    const admin = await createStaff(request, "admin", tag);
    await signIn(page, admin.username, admin.password);
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveCount(0);
    await filterByLastName(page, "applications", tag);
    const apps = tableRegion(page, "Applications");
    await expect(apps.locator("tbody tr[data-row-id]")).toHaveCount(2);
    await expect(apps.getByRole("columnheader", { name: "Actions" })).toBeVisible();

    // Cancel keeps the row and returns focus to the button.
    const deleteBeatriz = page.getByRole("button", { name: `Delete application from Beatriz Ortega${tag}` });
    await deleteBeatriz.click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("This action cannot be undone.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(deleteBeatriz).toBeFocused();
    await expect(apps.locator("tbody tr[data-row-id]")).toHaveCount(2);

    const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/admin/applications/"));
    await deleteBeatriz.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    expect((await deleted).status()).toBe(204);
    await expect(dialog).toHaveCount(0);
    await expect(apps.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await expect(apps.getByText(`Beatriz Ortega${tag}`)).toHaveCount(0);

    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await filterByLastName(page, "messages", tag);
    const messages = tableRegion(page, "Contact messages");
    await expect(messages.locator("tbody tr[data-row-id]")).toHaveCount(1);
    await page.getByRole("button", { name: `Delete message from Dana Whitfield${tag}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("This action cannot be undone.");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(messages.locator("tbody tr[data-row-id]")).toHaveCount(0);
    await expect(messages.getByText("No contact messages match these filters.")).toBeVisible();
  });

  test("delete failures show the server's message or the catalogue's fallback in the dialog", async ({ page, request }) => {
    const tag = uniqueTag();
    await seedApplications(request, applicantsFor(tag).slice(0, 1));
    await seedMessages(request, messagesFor(tag).slice(0, 1));
    await page.route("**/api/admin/applications/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 404, json: { message: "Application not found" } })
        : route.fallback(),
    );
    await page.route("**/api/admin/contact/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await signIn(page, SUPER.username, SUPER.password);
    await filterByLastName(page, "applications", tag);
    await page.getByRole("button", { name: `Delete application from Beatriz Ortega${tag}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText("Application not found");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(tableRegion(page, "Applications").locator("tbody tr[data-row-id]")).toHaveCount(1);

    await page.getByRole("tab", { name: "Contact Messages" }).click();
    await filterByLastName(page, "messages", tag);
    await page.getByRole("button", { name: `Delete message from Dana Whitfield${tag}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog").getByRole("alert")).toContainText("Failed to delete contact message");
  });
});
