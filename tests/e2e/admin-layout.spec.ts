/**
 * The staff admin fits the screen (ADR 0086): at a phone's 390 px and a desktop's 1440 px the page never
 * scrolls sideways; the selection board scrolls inside its own focusable region; the applications list
 * shows Stage, Eligible and Owner at 1440 px without scrolling. Axe passes on both screens at both sizes,
 * and each screen is photographed under test-results/ for a person to look at.
 * The sizes are set here, so only the desktop project runs the spec (the phone project ignores it: playwright.config.ts).
 */
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { applicantsFor, seedApplications, signIn, SUPER, tableRegion, uniqueTag } from "./admin-fixtures";

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, label).toEqual([]);
}

/** The document's sideways overflow: its scroll width and its width (equal when nothing sticks out). */
const pageWidths = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });

/** The elements that stick out of the screen while their parent does not (named in a failure). */
const stickingOut = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll("body *"))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= width + 1)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.getAttribute("class")).slice(0, 80)}"> right ${Math.round(el.getBoundingClientRect().right)}`);
  });

/** Once the screen has settled (its data loaded): a page that stays wider than the screen fails, naming what sticks out. */
async function expectNoSidewaysPage(page: Page, label: string) {
  let culprits: string[] = [];
  await expect
    .poll(
      async () => {
        const { scrollWidth, clientWidth } = await pageWidths(page);
        if (scrollWidth > clientWidth) culprits = await stickingOut(page);
        return scrollWidth - clientWidth;
      },
      { message: `${label}: the page scrolls sideways (pixels beyond the screen)`, timeout: 5_000 },
    )
    .toBeLessThanOrEqual(0)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nSticking out: ${culprits.join("; ") || "(nothing found)"}`);
    });
}

// The viewports are set here; the phone project does not run this spec (playwright.config.ts), it would repeat it.

test.beforeAll(async ({ request }) => {
  await seedApplications(request, applicantsFor(uniqueTag()));
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("the applications list and the selection board fit the screen", { tag: "@engine" }, async ({ page }, testInfo) => {
      expect(testInfo.project.name).toBe("desktop");
      await signIn(page, SUPER.username, SUPER.password);
      const list = tableRegion(page, "Applications");
      await expect(list.locator("tbody tr[data-row-id]").first()).toBeVisible();
      await expectNoSidewaysPage(page, "applications");
      // Down to the table (the page scrolls down, the table's own region stays at its left edge).
      await list.evaluate((el) => el.scrollIntoView({ block: "start" }));
      expect(await list.evaluate((el) => el.scrollLeft)).toBe(0);
      if (viewport.width >= 1440) {
        for (const name of [/^Stage/, /^Eligible/, /^Owner/]) {
          await expect(list.getByRole("columnheader", { name })).toBeInViewport({ ratio: 1 });
        }
      } else {
        // On a phone the table scrolls inside its own region, never the page.
        expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      }
      await expectNoAxeViolations(page, "applications");
      await page.screenshot({ path: path.join(testInfo.project.outputDir, `layout-applications-${viewport.width}.png`) });

      await page.getByRole("tab", { name: "Selection board" }).click();
      const board = page.getByRole("region", { name: "Stages of the selection board" });
      await expect(board.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await expectNoSidewaysPage(page, "selection board");
      const before = await board.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollLeft: el.scrollLeft }));
      expect(before.scrollWidth).toBeGreaterThan(before.clientWidth);
      expect(before.clientWidth).toBeLessThanOrEqual(viewport.width);
      // Keyboard: the region takes focus and the arrow keys scroll it.
      await board.focus();
      await expect(board).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expectNoSidewaysPage(page, "selection board scrolled");
      await expectNoAxeViolations(page, "selection board");
      await board.evaluate((el) => el.scrollTo({ left: 0 }));
      await page.screenshot({ path: path.join(testInfo.project.outputDir, `layout-board-${viewport.width}.png`) });
    });

    // The tabs whose own specs run on the desktop only (their subject is data, not a layout: playwright.config.ts):
    // each, opened as staff open it, fits the screen and passes axe at both sizes.
    test("every other tab fits the screen: contact messages, consults, funnel, privacy, outbox, audit, system, webhooks, API keys, users", async ({ page }, testInfo) => {
      expect(testInfo.project.name).toBe("desktop");
      await signIn(page, SUPER.username, SUPER.password);
      for (const [tab, ready] of [
        ["Contact Messages", page.getByRole("tabpanel", { name: "Contact Messages" })],
        ["Consults", page.getByRole("tabpanel", { name: "Consults" })],
        ["Funnel", page.getByRole("tabpanel", { name: "Funnel" })],
        ["Privacy requests", page.getByRole("tabpanel", { name: "Privacy requests" })],
        ["Outbox", page.getByRole("tabpanel", { name: "Outbox" })],
        ["Audit Log", page.getByRole("tabpanel", { name: "Audit Log" })],
        ["System", page.getByRole("tabpanel", { name: "System" })],
        ["Webhooks", page.getByRole("tabpanel", { name: "Webhooks" })],
        ["API keys", page.getByRole("tabpanel", { name: "API keys" })],
        ["User Management", page.getByRole("tabpanel", { name: "User Management" })],
      ] as const) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expect(ready, tab).toBeVisible();
        // Its data in: no spinner left in the panel.
        await expect(page.getByRole("tabpanel").getByRole("status", { name: /Loading/i })).toHaveCount(0, { timeout: 10_000 });
        await expectNoSidewaysPage(page, tab);
        await expectNoAxeViolations(page, tab);
        await page.screenshot({ path: path.join(testInfo.project.outputDir, `layout-${tab.toLowerCase().replaceAll(" ", "-")}-${viewport.width}.png`), fullPage: true });
      }
    });
  });
}
