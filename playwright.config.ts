import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_ADMIN = { username: "e2e_super", password: "E2eSuperPass1" };
/** The first super admin's authenticator-app secret (ADMIN_TOTP_SECRET), so tests compute her codes. */
export const E2E_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
/** The server signs unsubscribe links with this, so a test can sign an expired one. */
export const E2E_UNSUBSCRIBE_SECRET = "e2e-unsubscribe-secret-0123456789abcdef";
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "ovella-e2e-"));
// Test workers read the server's DATA_DIR (the .eml outbox, the unsubscribe secret) from here.
process.env.E2E_DATA_DIR = dataDir;
// The enrollment window's close, 30 days from the run's start on the hour (PILOT_ENROLLMENT_CLOSES_AT): the pilot is open
// and its countdown runs. Set once here, read by the workers, so every process agrees on it.
const closesAt = process.env.E2E_ENROLLMENT_CLOSES_AT ?? new Date(Math.ceil((Date.now() + 30 * 86_400_000) / 3_600_000) * 3_600_000).toISOString();
process.env.E2E_ENROLLMENT_CLOSES_AT = closesAt;
/** When the pilot's enrollment window closes in the test server's first settings. */
export const E2E_ENROLLMENT_CLOSES_AT = closesAt;

const chromium = chromiumLaunchOptions;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // A cap per test, not a speed check: the longest walks (axe on every admin screen) need about 45 s
  // when the machine is shared; each step still has its own 7 s expectation timeout.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "off",
    // A failure keeps what the page looked like (test-results/), beside its error context.
    screenshot: "only-on-failure",
    serviceWorkers: "block",
  },
  // Specs whose subject does not depend on the viewport run in one project only (ADR 0079). On a phone, where
  // the slow CPUs and flaky networks are: the typing race, a submit before the page is live, a submit meeting
  // 503s. On desktop: the built pages' HTTP answers and their policy in a browser, and the admin specs whose
  // subject is data or a session rather than a layout (sessions, lists and exports, user management, the
  // coordinator's permissions, the System tab, webhooks and API keys, privacy requests, the outbox, the funnel's
  // data, the API reference), and the screen-fit spec, which sets both of its viewports itself; the
  // admin's layout at phone size is checked by the axe walk, the records, the selection and the screen-fit specs.
  // Her page's specs that open their own phone-sized contexts (the assessment step, the consult in two zones) run on
  // desktop only; her details and her whole journey, phone only. The second factors' enrolment and sign-in (a
  // session's subject; the admin's screens at phone size are in the axe walk) run on desktop only. The public site's
  // behaviour that no viewport changes runs on the phone only, where most visitors are (ADR 0114): the forms'
  // validation, submission and notices (public-signup, public-contact; their layout at both sizes is in the pages'
  // axe passes, screenshots and the typing and widget specs), consent and tracking, the legal pages' text, and the
  // tests tagged @phone (the Spanish site's flows, and each Spanish page's load checks in public-speed, whose
  // scripts, styles and fonts are its English twin's, checked on both).
  //
  // Tests tagged @engine show or change, through the admin, data the server keeps in its database (lists,
  // records, selection, privacy, outbox, users, sessions, factors, webhooks, the System tab): the database
  // engine can change what a person sees or does there. CI runs every test with the server on the embedded
  // database, then only these again with E2E_DATABASE_URL on PostgreSQL (`--project desktop --grep @engine`;
  // the admin asks the server for the same data at any viewport). The other tests never reach the database,
  // or reach it through API calls the API tests run on both engines (ADR 0079).
  projects: [
    {
      name: "desktop",
      testIgnore:
        /(typing-during-hand-over|early-submits|form-retry|applicant-details|applicant-journey|public-signup|public-contact|tracking-privacy|content-pages|privacy-policy-retention)\.spec\.ts$/,
      // Tests tagged @phone: a behaviour of the public site that the viewport does not change, on the phone only.
      grepInvert: /@phone\b/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      testIgnore:
        /(static-pages|static-pages-csp|admin-session|admin-data|admin-users|admin-coordinator|admin-layout|admin-system|admin-webhooks|admin-privacy|admin-outbox|admin-funnel|admin-factors|api-reference|pilot-settings|assessment|consult)\.spec\.ts$/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node build/main.js",
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_TOTP_SECRET: E2E_TOTP_SECRET,
      // Passkeys are bound to the origin the admin is opened at.
      STAFF_ORIGIN: `http://localhost:${PORT}`,
      UNSUBSCRIBE_SECRET: E2E_UNSUBSCRIBE_SECRET,
      PILOT_ENROLLMENT_CLOSES_AT: E2E_ENROLLMENT_CLOSES_AT,
      // Backups on demand only (the System tab's "Back up now"), never on a schedule during a run.
      BACKUP_DIR: path.join(dataDir, "backups"),
      BACKUP_KEY: "e2e0".repeat(16),
      BACKUP_EVERY_HOURS: "0",
      PUBLIC_POST_LIMIT: "100000",
      // A configured pixel, so the end-to-end tests exercise the consent-gated pixel (its URLs are routed to a local stub).
      META_PIXEL_ID: "123456789012345",
      LOGIN_MAX_PER_ADDRESS: "100000",
      LOGIN_MAX_PER_USERNAME: "100000",
      // Emails go out as fast as the run makes them: the suite queues hundreds (the bulk-action test alone 102 per
      // project), and at the default 10 a second a test waiting for its own email would wait behind the others'.
      MAIL_RATE_PER_SECOND: "500",
      // The hourly ceiling of emails to people (200 by default) is reached within a run: the suite submits several
      // hundred applications, and the last tests to wait for a confirmation email found theirs capped.
      MAIL_HOURLY_CEILING: "100000",
      // Staff moves' emails wait this long for Undo (60 s by default): long enough for a test to press Undo, short
      // enough for the tests that wait for an email a move sends.
      MOVE_UNDO_SECONDS: "8",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  },
});
