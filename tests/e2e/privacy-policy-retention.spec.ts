/**
 * The Privacy Policy served by the running server states the retention periods of the server's configuration and
 * the request handling the admin performs (due dates, what an erasure keeps).
 */
import { expect, test } from "@playwright/test";
import { describeDays, PRIVACY_DUE_DAYS } from "#core/privacy";
import { readEnv } from "../../server/config/env";

test("the Privacy Policy and the configuration agree on retention and request handling", async ({ page }) => {
  // The web server runs with this process's environment plus the Playwright config's settings, none of which set
  // RETENTION_DAYS_*: its configuration is what readEnv derives from this environment.
  const env = readEnv({ ...process.env, NODE_ENV: "production", PORT: undefined, DATABASE_URL: undefined });
  await page.goto("/privacy-policy");
  await expect(page.locator("[data-retention=applications]")).toHaveText(describeDays(env.RETENTION_DAYS_APPLICATIONS));
  await expect(page.locator("[data-retention=messages]")).toHaveText(describeDays(env.RETENTION_DAYS_MESSAGES));
  await expect(page.locator("[data-retention=audit]")).toHaveText(describeDays(env.RETENTION_DAYS_AUDIT));
  const body = page.locator("main, article").first();
  await expect(body).toContainText(`within ${PRIVACY_DUE_DAYS.access} days of receiving them`);
  await expect(body).toContainText(`complete deletion requests within ${PRIVACY_DUE_DAYS.erasure} days`);
  await expect(body).toContainText("keyed fingerprint of your address");
  await expect(body).toContainText("A scheduled job runs every day");
});
