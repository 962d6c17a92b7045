/**
 * The Funnel tab on desktop and phone: its chunk (with the chart library) is downloaded only when the
 * tab is opened; two applicants of a campaign of the test's own, one invited to the assessment, show in
 * the table split by UTM campaign with their counts and rates; both charts are drawn; the daily table
 * and the time in stage are there; "Counted at HH:MM" is shown and Recount asks for a fresh count (the
 * split by campaign may have been counted, and cached, before this test's applicants: ADR 0075) and
 * shows them; the daily series asks for the browser's own zone; axe finds nothing.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { validApplication } from "../../testing/payloads";
import { apiLogin, signIn, SUPER, uniqueTag } from "./admin-fixtures";
import { blockThirdParties, uniqueEmail } from "./public-helpers";

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

test("the funnel tab loads its charts on demand and shows a campaign's steps in its table", { tag: "@engine" }, async ({ page, request }) => {
  const campaign = `funnel-${uniqueTag()}`;
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const ids: string[] = [];
  for (const firstName of ["Fern", "Gia"]) {
    const res = await request.post("/api/applications", {
      data: validApplication({ firstName, lastName: "Funnel", email: uniqueEmail("funnel"), traffic_source: "google_ads", utm_source: "google", utm_campaign: campaign }),
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  for (const to of ["reviewing", "assessment_invited"]) {
    const moved = await request.post(`/api/admin/applications/${ids[0]}/stage`, { data: { to }, headers: { Authorization: `Bearer ${token}` } });
    expect(moved.status()).toBe(200);
  }

  const chunks: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/assets/")) chunks.push(req.url());
  });
  await signIn(page, SUPER.username, SUPER.password);
  await expect(page.getByRole("tab", { name: "Funnel" })).toBeVisible();
  expect(chunks.filter((url) => url.includes("funnel-tab"))).toEqual([]);

  const funnelAsked = page.waitForRequest((req) => req.url().includes("/api/admin/pipeline/funnel?"));
  await page.getByRole("tab", { name: "Funnel" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Funnel" })).toBeVisible();
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(new URL((await funnelAsked).url()).searchParams.get("zone")).toBe(browserZone);
  const countedAt = page.getByTestId("funnel-counted-at");
  await expect(countedAt).toHaveText(/^Counted at \d\d:\d\d/);
  expect(chunks.filter((url) => url.includes("funnel-tab")).length).toBeGreaterThan(0);
  await expect(page.getByTestId("funnel-chart").locator("canvas")).toHaveCount(1);
  await expect(page.getByTestId("daily-chart").locator("canvas")).toHaveCount(1);

  await page.getByLabel("Split by").selectOption("utm_campaign");
  const table = page.getByTestId("funnel-table");
  await expect(table.getByRole("columnheader", { name: /^UTM campaign/ })).toBeVisible();
  const before = await countedAt.locator("time").getAttribute("datetime");
  const fresh = page.waitForResponse((res) => res.url().includes("/api/admin/pipeline/funnel?") && res.url().includes("fresh=1"));
  const freshStuck = page.waitForResponse((res) => res.url().includes("/api/admin/pipeline/stuck?fresh=1"));
  await page.getByRole("button", { name: "Recount" }).click();
  expect((await fresh).status()).toBe(200);
  expect((await freshStuck).status()).toBe(200);
  await expect(page.getByRole("button", { name: "Recount" })).toBeEnabled();
  const after = await countedAt.locator("time").getAttribute("datetime");
  expect(Date.parse(after ?? "")).toBeGreaterThanOrEqual(Date.parse(before ?? ""));
  const row = table.getByRole("row", { name: new RegExp(`^${campaign}`) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell")).toHaveText(["2", "1 (50%)", "0 (0%)", "0 (–)", "0 (–)", "0%"]);
  await expect(table.getByRole("row", { name: /^All applications/ })).toBeVisible();

  await page.getByText("Applications per day as a table").click();
  // The browser's own day (the zone it sent).
  const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()));
  await expect(page.getByRole("row", { name: new RegExp(`^${today} `) })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Time in stage" })).toBeVisible();
  await expect(page.getByTestId("stage-times").getByRole("rowheader", { name: "Assessment invited" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/admin-funnel-${test.info().project.name}.png`, fullPage: true });
});

test.describe("in California", { tag: "@engine" }, () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the daily series counts the browser's own days and says which zone they are", async ({ page }) => {
    const asked = page.waitForRequest((req) => req.url().includes("/api/admin/pipeline/funnel?"));
    await signIn(page, SUPER.username, SUPER.password);
    await page.getByRole("tab", { name: "Funnel" }).click();
    expect(new URL((await asked).url()).searchParams.get("zone")).toBe("America/Los_Angeles");
    await page.getByText("Applications per day as a table").click();
    await expect(page.getByRole("columnheader", { name: "Day (America/Los_Angeles)" })).toBeVisible();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    const rows = page.getByRole("table", { name: /Applications per day/ }).getByRole("row");
    await expect(rows.nth(1)).toHaveText(new RegExp(`^${today}`));
    await expect(page.getByTestId("funnel-counted-at")).toHaveText(/^Counted at \d\d:\d\d/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/admin-funnel-california-${test.info().project.name}.png`, fullPage: true });
  });
});
