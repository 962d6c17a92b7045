/**
 * The pilot's live settings as a super admin runs them (ADR 0091), on a server of this spec's own (its own data
 * directory and port, so changing the pilot touches no other spec): she opens the Selection board with MFA on,
 * changes the places and closes the window; the next request for the public pages already says so, the form
 * becomes the waitlist's, and a woman applying then reads on Thank-you that she is on the waitlist. Desktop and
 * phone screenshots; axe on the panel.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { startServer, stopServer, waitFor, type Instance } from "../../scripts/lib/processes";
import { signInThroughForm } from "./admin-fixtures";
import { blockThirdParties, fillSignup, validSignup } from "./public-helpers";
import { rememberSecret } from "./staff-sign-in";

const PORT = Number(process.env.E2E_PORT ?? 3310) + 45;
const BASE = `http://localhost:${PORT}`;
const OWNER = { username: "pilot_owner", password: "PilotOwnerPass1" };
const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

/** 9 in the morning of a day, as a datetime-local field takes it (the browser's zone). */
const nineOn = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}T09:00`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial" });

let server: Instance | undefined;
let dataDir = "";

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ovella-pilot-settings-"));
  server = startServer(PORT, {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: SECRET,
    STAFF_ORIGIN: BASE,
    PILOT_CAPACITY: "3",
    PILOT_ENROLLMENT_CLOSES_AT: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    PUBLIC_POST_LIMIT: "1000",
    BACKUP_EVERY_HOURS: "0",
  });
  rememberSecret(OWNER.username, SECRET);
  await waitFor(`${BASE}/readyz`, 60_000, undefined, server.child);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a super admin closes the pilot and resizes it; the site says so at once and its form joins the waitlist", async ({ page, request }) => {
  await blockThirdParties(page);
  // The first values: 3 places, open, a countdown to the close.
  expect(await (await request.get("/api/pilot")).json()).toMatchObject({ capacity: 3, status: "open" });
  await page.goto("/");
  await expect(page.locator("#benefits")).toContainText("Pilot pricing for the first 3 members.");
  await expect(page.getByRole("timer")).toBeVisible();
  await expect(page.getByRole("form", { name: "Reserve your pilot spot" })).toBeVisible();

  await signInThroughForm(page, OWNER.username, OWNER.password);
  await page.getByRole("tab", { name: "Selection board" }).click();
  const panel = page.getByRole("region", { name: "Pilot settings" });
  await expect(panel.getByTestId("pilot-status")).toHaveText(/^Open/);
  await panel.getByRole("button", { name: "Change the settings" }).click();

  // A mistake first: the window closing before it opens is refused on its field, nothing saved.
  await panel.getByLabel("Enrollment opens").fill("2026-12-20T09:00");
  await panel.getByLabel("Enrollment closes").fill("2026-12-10T09:00");
  await panel.getByRole("button", { name: "Save the settings" }).click();
  await expect(panel.getByLabel("Enrollment closes")).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByText("Enrollment must close after it opens")).toBeVisible();
  expect(await (await request.get("/api/pilot")).json()).toMatchObject({ status: "open" });

  const axe = await new AxeBuilder({ page }).include('[aria-labelledby="pilot-settings-heading"]').analyze();
  expect(axe.violations).toEqual([]);

  // Five places, the window closed yesterday, instructions for the invitations.
  const yesterday = new Date(Date.now() - 86_400_000);
  await panel.getByLabel("Places in the pilot").fill("5");
  await panel.getByLabel("Enrollment opens").fill("");
  await panel.getByLabel("Enrollment closes").fill(nineOn(yesterday));
  await panel.getByLabel("Assessment instructions").fill("Book your blood test within 7 days.");
  await page.screenshot({ path: test.info().outputPath("pilot-settings-form-1280.png"), fullPage: false });
  await panel.getByRole("button", { name: "Save the settings" }).click();
  await expect(panel.getByText("Saved. The public pages show the new settings now.")).toBeVisible();
  await expect(panel.getByTestId("pilot-status")).toHaveText(/^Closed/);

  // The very next requests: the built pages were dropped with the change.
  expect(await (await request.get("/api/pilot")).json()).toMatchObject({ capacity: 5, status: "closed" });
  // React's text separators aside, the words as a reader gets them.
  const home = (await (await request.get("/")).text()).replaceAll("<!-- -->", "");
  expect(home).toContain("Pilot pricing for the first 5 members.");
  expect(home).toContain("The pilot enrollment window has closed");
  expect(home).not.toContain("Pilot pricing for the first 3 members.");

  await page.goto("/");
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(page.locator("#benefits")).toContainText("The pilot enrollment window has closed");
  const form = page.getByRole("form", { name: "Join the priority waitlist" }).first();
  await expect(form).toBeVisible();
  await expect(page.locator("#apply")).toContainText("Enrollment in the pilot has closed, so applying now puts you on the priority waitlist");
  await page.locator("#benefits").screenshot({ path: test.info().outputPath("pilot-closed-home-1280.png") });

  // A woman applies now: her confirmation says the waitlist.
  await fillSignup(form, validSignup("closed"));
  await form.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole("heading", { name: "You are on the priority waitlist" })).toBeVisible();
  await expect(page.getByText("The pilot is limited to 5 women under 35")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/apply");
  await expect(page.getByRole("form", { name: "Join the priority waitlist" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("pilot-closed-apply-390.png"), fullPage: false });
});
