/** The hashed policy of the public pages built once (ADR 0051) in a browser: no violation on any route. */
import { expect, test } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../scripts/lib/public-routes";
import { blockThirdParties } from "./public-helpers";

test("no public route reports a CSP violation in the browser", async ({ page }) => {
  await blockThirdParties(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path, { waitUntil: "networkidle" });
    // Use the page's forms too: an island's code loads on first use.
    const field = page.locator("form input:not([type=hidden]):not([tabindex='-1'])").first();
    if (await field.count()) {
      await field.focus();
      await page.waitForLoadState("networkidle");
    }
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations, path).toEqual([]);
  }
});
