import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { blockThirdParties, gotoPage } from "./public-helpers";

test.beforeEach(async ({ page }) => {
  await blockThirdParties(page);
});

const PAGES = [
  { path: "/about", legal: false },
  { path: "/privacy-policy", legal: true },
  { path: "/terms-of-service", legal: true },
  { path: "/hipaa-notice", legal: true },
];

for (const { path, legal } of PAGES) {
  test(`${path} has no WCAG 2.2 AA violations${legal ? ", also after jumping to a section" : ""}`, async ({ page }) => {
    await gotoPage(page, path);
    const scan = async () => {
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    expect(await scan()).toEqual([]);
    if (legal) {
      await page.getByRole("navigation", { name: "On this page" }).getByRole("link").last().click();
      await expect(page).toHaveURL(/#[a-z-]+$/);
      expect(await scan()).toEqual([]);
    }
  });
}
