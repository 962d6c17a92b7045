/**
 * The hashed policy of the public pages built once (ADR 0051) in a browser: no violation on any route, with the
 * page wired and its form island live (an island's code loads on first use, so the field is focused).
 *
 * Each route is its own test, and each waits for a state the page reports (`html[data-hydrated]`, the island's
 * `data-island-live`) or for a violation, never for "network idle": a request that stays open for any reason
 * made that wait run into the test's timeout on a loaded machine, naming no route.
 */
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_ROUTES } from "../../scripts/lib/public-routes";
import { blockThirdParties } from "./public-helpers";

type WithViolations = { __cspViolations: string[] };

async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

for (const path of PUBLIC_ROUTES) {
  test(`${path}: no CSP violation once the page is wired and its form is live`, async ({ page }) => {
    await blockThirdParties(page);
    await watchViolations(page);
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const island = page.locator("[data-island]").filter({ has: page.locator("form") }).first();
    if (await island.count()) {
      await island.locator("form input:not([type=hidden]):not([tabindex='-1'])").first().focus();
      // Live, or refused: a blocked chunk shows as a violation here rather than as a timeout.
      await page.waitForFunction(
        () =>
          document.querySelector("[data-island-live]") !== null ||
          (window as unknown as WithViolations).__cspViolations.length > 0,
      );
    }
    // Violation events are queued tasks: let any pending one run before reading them.
    const violations = await page.evaluate(
      () => new Promise<string[]>((resolve) => setTimeout(() => resolve((window as unknown as WithViolations).__cspViolations), 50)),
    );
    expect(violations, path).toEqual([]);
  });
}
