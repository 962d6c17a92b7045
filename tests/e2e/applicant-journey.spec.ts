/**
 * Her whole journey, application to enrolled place, on a server of this spec's own that sends its email to a real SMTP
 * server on 127.0.0.1 (the sink): she applies with the form on a phone; every step after it she takes from a link in
 * an email the sink received. Staff's decisions go through the API with MFA on (the coordinator's screens have their
 * own specs): the invitation, the kit's progress, the review, the pass and the offer. Her zone is Chicago, the
 * clinic's Los Angeles. Screenshots of her page at each step.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { startServer, stopServer, waitFor, type Instance } from "../../scripts/lib/processes";
import { startTestSmtp, type TestSmtp } from "../../testing/smtp";
import { apiLogin } from "./admin-fixtures";
import { blockThirdParties, fillSignup, signupForm, validSignup } from "./public-helpers";
import { rememberSecret } from "./staff-sign-in";

const PORT = Number(process.env.E2E_PORT ?? 3310) + 46;
const BASE = `http://localhost:${PORT}`;
const COORDINATOR = { username: "journey_owner", password: "JourneyOwnerPass1" };
const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLV";

test.use({ baseURL: BASE, timezoneId: "America/Chicago" });

let server: Instance | undefined;
let smtp: TestSmtp;
let dataDir = "";

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  dataDir = mkdtempSync(path.join(tmpdir(), "ovella-journey-"));
  server = startServer(PORT, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ADMIN_USERNAME: COORDINATOR.username,
    ADMIN_PASSWORD: COORDINATOR.password,
    ADMIN_TOTP_SECRET: SECRET,
    STAFF_ORIGIN: BASE,
    PUBLIC_SITE_URL: BASE,
    PILOT_CAPACITY: "5",
    // A staff move's email waits out its undo window (ADR 0090): a short one here.
    MOVE_UNDO_SECONDS: "2",
    PILOT_ENROLLMENT_CLOSES_AT: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    PUBLIC_POST_LIMIT: "1000",
    BACKUP_EVERY_HOURS: "0",
  });
  rememberSecret(COORDINATOR.username, SECRET);
  await waitFor(`${BASE}/readyz`, 60_000, undefined, server.child);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first link to this site matching `pattern` in the email to `to` whose subject is `subject`, once the sink has it. */
async function linkFromEmail(to: string, subject: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.received.find((m) => m.envelopeTo.includes(to) && m.parsed.subject === subject);
        found = mail ? pattern.exec(String(mail.parsed.text))?.[0] : undefined;
        return found;
      },
      { timeout: 30_000, message: `an email "${subject}" to ${to}` },
    )
    .toBeTruthy();
  return new URL(found ?? "").pathname;
}

const PAGE_LINK = new RegExp(`${BASE}/a/[A-Za-z0-9_-]{48}`);

async function staffCall(request: APIRequestContext, token: string, method: "post", url: string, data: object) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
}

async function openHerPage(page: Page, pathFromEmail: string, heading: RegExp | string) {
  await page.goto(pathFromEmail);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("from the form to an enrolled place, each of her steps from a link in an email", async ({ page, request }, info) => {
  test.setTimeout(180_000);
  await blockThirdParties(page);
  const her = validSignup("journey");

  // She applies with the form.
  await page.goto("/apply");
  const form = signupForm(page);
  await fillSignup(form, her);
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  const herPage = await linkFromEmail(her.email, "Your Ovella pilot application is in", PAGE_LINK);
  await openHerPage(page, herPage, "We are reading your application");

  // Staff invite her to the assessment.
  const token = await apiLogin(request, COORDINATOR.username, COORDINATOR.password);
  const list = await request.get("/api/applications", { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await list.json()) as { id: string; email: string }[]).find((a) => a.email === her.email)?.id ?? "";
  expect(id).not.toBe("");
  await staffCall(request, token, "post", `/api/admin/applications/${id}/stage`, { to: "assessment_invited" });

  // The invitation's link: her page has the instructions and the kit button.
  await openHerPage(page, await linkFromEmail(her.email, "Your Ovella assessment instructions", PAGE_LINK), /assessment/i);
  await page.getByRole("button", { name: "I've sent my kit" }).click();
  await expect(page.getByText(/kit/i).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("journey-1-kit-sent.png"), fullPage: true });

  // Staff record the kit's progress and a review, then pass her.
  for (const status of ["kit_received", "result_in"]) await staffCall(request, token, "post", `/api/admin/applications/${id}/assessment`, { status });
  await staffCall(request, token, "post", `/api/admin/applications/${id}/review`, { meetsCriteria: true, recommendation: "pass", reason: "Result within the pilot's criteria" });
  await staffCall(request, token, "post", `/api/admin/applications/${id}/stage`, { to: "assessment_passed" });

  // The pass email's link: she books her consult; the booking's email carries the calendar invite.
  await openHerPage(page, await linkFromEmail(her.email, "You passed the OvellaIQ assessment", PAGE_LINK), /passed|consult/i);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("heading", { name: "Your consult" })).toBeVisible();
  await expect(page.getByText(/Central/).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("journey-2-consult-booked.png"), fullPage: true });
  await expect
    .poll(() => smtp.received.find((m) => m.envelopeTo.includes(her.email) && m.parsed.subject === "Your Ovella consult is booked")?.raw ?? "", { timeout: 30_000 })
    .toMatch(/text\/calendar; *charset="?utf-8"?; *method=REQUEST|text\/calendar;.*method=REQUEST/i);

  // Staff offer her a place; the offer email's link takes her answer.
  await staffCall(request, token, "post", `/api/admin/applications/${id}/stage`, { to: "offered" });
  await page.goto(await linkFromEmail(her.email, "A place in the Ovella pilot is yours", new RegExp(`${BASE}/offer/[A-Za-z0-9_-]{20,}`)));
  await page.getByRole("button", { name: "Accept my place" }).click();
  await expect(page.getByText("Your place is confirmed")).toBeVisible();

  // Her page says the place is hers, and the confirmation is in the sink with a link to her page.
  await openHerPage(page, herPage, "Your place is confirmed");
  await page.screenshot({ path: info.outputPath("journey-3-enrolled.png"), fullPage: true });
  await linkFromEmail(her.email, "Your place in the Ovella pilot is confirmed", PAGE_LINK);
});
