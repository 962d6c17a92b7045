/** Helpers of the staff admin end-to-end tests: staff accounts, seeded records, sign-in, table reading. */
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { bearerSession, finishSignInSteps, newBearerSession } from "./staff-sign-in";

export const SUPER = { username: "e2e_super", password: "E2eSuperPass1" };
export const STAFF_PASSWORD = "Copper-Kettle-Lantern-31";

/** Letters only, unique per test run and project: tags seeded rows and created accounts. */
export function uniqueTag(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let tag = "";
  for (let i = 0; i < 8; i++) tag += letters[Math.floor(Math.random() * letters.length)];
  return tag;
}

/** A bearer token of the member (password and TOTP code; one sign-in per worker, see ./staff-sign-in.ts). */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  return bearerSession(request, username, password);
}

/** A new bearer session of its own (for a test that ends it). */
export async function apiLoginNewSession(request: APIRequestContext, username: string, password: string): Promise<string> {
  return newBearerSession(request, username, password);
}

/** The password a super admin gives a new account: it works once (ADR 0089). */
const GIVEN_PASSWORD = "GivenOnce-2468";

/**
 * A new account made by the super admin, whose first sign-in (over the API) chose STAFF_PASSWORD for the one it
 * was given, as the admin asks; with `enrol` (the default) it has an authenticator app too.
 */
export async function createStaff(
  request: APIRequestContext,
  role: "user" | "coordinator" | "admin" | "super_admin",
  tag: string,
  options: { enrol?: boolean } = {},
): Promise<{ username: string; password: string; id: string }> {
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  const username = `e2e_${role}_${tag}`;
  const response = await request.post("/api/users", {
    data: { username, password: GIVEN_PASSWORD, role },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: string };
  await chooseOwnPassword(request, username, GIVEN_PASSWORD, STAFF_PASSWORD);
  // Her first sign-in enrols an authenticator app whose secret the tests keep (./staff-sign-in.ts).
  if (options.enrol ?? true) await bearerSession(request, username, STAFF_PASSWORD);
  return { username, password: STAFF_PASSWORD, id: user.id };
}

/** The first sign-in of an account with a given password: her own replaces it; the pending session then ends. */
export async function chooseOwnPassword(request: APIRequestContext, username: string, given: string, own: string): Promise<void> {
  const first = await request.post("/api/auth/login", { data: { username, password: given } });
  expect(first.status(), await first.text()).toBe(200);
  const pending = (await first.json()) as { token: string; step: string };
  expect(pending.step).toBe("change_password");
  const changed = await request.post("/api/auth/password", { data: { newPassword: own }, headers: { Authorization: `Bearer ${pending.token}` } });
  expect(changed.status(), await changed.text()).toBe(200);
  const next = (await changed.json()) as { token: string };
  const ended = await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${next.token}` } });
  expect(ended.status()).toBe(204);
}

export interface SeedApplication {
  firstName: string;
  lastName: string;
  age: number;
  state: string;
  marketing_consent: boolean;
  interestLevel?: string;
  interestLevelOther?: string;
  phone?: string;
  traffic_source?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  landing_path?: string;
}

/** Four applicants (submitted in this order) covering case, numbers vs text, and a formula-like name. */
export function applicantsFor(tag: string): SeedApplication[] {
  return [
    {
      firstName: "Beatriz",
      lastName: `Ortega${tag}`,
      age: 41,
      state: "Texas",
      marketing_consent: true,
      phone: "+1 415 555 0101",
      traffic_source: "facebook_ads",
      utm_source: "facebook",
      utm_medium: "paid_social",
      utm_campaign: `spring_${tag}`,
      landing_path: "/apply",
    },
    {
      firstName: "adele",
      lastName: `Moreau${tag}`,
      age: 19,
      state: "California",
      marketing_consent: false,
      traffic_source: "google_ads",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: `search_${tag}`,
    },
    {
      firstName: "Carmen",
      lastName: `Ibarra${tag}`,
      age: 100,
      state: "Alaska",
      marketing_consent: true,
      traffic_source: "facebook_ads",
      utm_campaign: `spring_${tag}`,
    },
    {
      firstName: "=SUM(A1)",
      lastName: `Formula${tag}`,
      age: 27,
      state: "New York",
      marketing_consent: false,
      interestLevel: "Other",
      interestLevelOther: `Planning around a long medical treatment next year and comparing clinics ${tag}`,
    },
  ];
}

export async function seedApplications(request: APIRequestContext, rows: SeedApplication[]): Promise<void> {
  for (const row of rows) {
    const { interestLevel = "Actively researching", ...rest } = row;
    const response = await request.post("/api/applications", {
      data: {
        email: `${row.firstName.replace(/[^a-z]/gi, "x").toLowerCase()}.${row.lastName.toLowerCase()}@example.com`,
        zipCode: "94105",
        formSource: "apply page",
        interestLevel,
        ...rest,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

export interface SeedMessage {
  firstName: string;
  lastName: string;
  reason: string;
  subject: string;
  message: string;
}

export function messagesFor(tag: string): SeedMessage[] {
  return [
    {
      firstName: "Dana",
      lastName: `Whitfield${tag}`,
      reason: "guarantee",
      subject: "How the guarantee works",
      message: `I would like to understand what the baby guarantee covers in detail, and for how long ${tag}.`,
    },
    {
      firstName: "bianca",
      lastName: `Alvarez${tag}`,
      reason: "pricing",
      subject: "Monthly payments",
      message: "Could you explain the financing options and the monthly payments please?",
    },
    {
      firstName: "+Eve",
      lastName: `Formula${tag}`,
      reason: "eligibility",
      subject: "@mention subject",
      message: "-1 is what I got as an answer, can you check my eligibility?",
    },
  ];
}

export async function seedMessages(request: APIRequestContext, rows: SeedMessage[]): Promise<void> {
  for (const row of rows) {
    const response = await request.post("/api/contact", {
      data: { ...row, email: `${row.lastName.toLowerCase()}@example.com` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/**
 * Opens the admin signed in as the member. The server accepts each member's TOTP code once per
 * 30-second step, more rarely than the specs sign in, so the worker's session of the member (one
 * password-and-code sign-in, ./staff-sign-in.ts) is handed to the browser as the server hands it over:
 * the HttpOnly cookie. The sign-in form itself, second step included, is walked by `signInThroughForm`
 * and by the specs of the sign-in.
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await loadWithStoredSession(page, await bearerSession(page.request, username, password));
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/**
 * Signs out with the header's Logout button and waits for the server's answer, whose Set-Cookie ends the
 * session cookie: a sign-in started before it arrives would have its new cookie cleared by it.
 */
export async function signOut(page: Page): Promise<void> {
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/logout");
  await page.getByRole("button", { name: "Logout" }).click();
  await loggedOut;
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
}

/** Signs in through the form: username, password, then the code of the authenticator app (or its enrolment). */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await finishSignInSteps(page, username);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** The table region (scroll container) of a tab, by its accessible name. */
export function tableRegion(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}

/**
 * Texts of one column, top to bottom, for the rows currently rendered. The index counts the data columns:
 * the checkbox column a list shows to staff who run bulk actions is left out.
 */
export async function columnTexts(region: Locator, columnIndex: number): Promise<string[]> {
  return region.locator("tbody tr[data-row-id]").evaluateAll(
    (rows, index) =>
      rows.map((row) => (row.querySelectorAll(':scope > td:not([data-column-id="select"])')[index] as HTMLElement | undefined)?.innerText.trim() ?? ""),
    columnIndex,
  );
}

/** Types a last-name filter and waits until the server's rows for it are shown. */
export async function filterByLastName(page: Page, idPrefix: string, text: string): Promise<void> {
  await page.locator(`#${idPrefix}-filter-lastName`).fill(text);
  await expect(page.locator(`[aria-busy="true"]`)).toHaveCount(0);
}

/**
 * Puts a session in the browser the way the server hands it over (a `Set-Cookie` of the HttpOnly
 * `__Host-` session cookie, and the hint cookie the first paint reads), then opens the admin. The
 * DevTools cookie call would refuse a `__Host-` cookie for an http origin, so the cookie arrives in an
 * answer of this origin, as the server's would.
 */
export async function loadWithStoredSession(page: Page, token: string): Promise<void> {
  await page.route("**/e2e-hand-over-session", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      headers: { "Set-Cookie": `__Host-ovella_staff=${token}; Path=/; Secure; HttpOnly; SameSite=Strict` },
      body: '<!doctype html><link rel="icon" href="data:,"><title>session</title>',
    }),
  );
  await page.goto("/e2e-hand-over-session");
  await page.evaluate(() => {
    document.cookie = "__Host-ovella_staff_hint=1; Path=/; Secure; SameSite=Strict";
  });
  await page.unroute("**/e2e-hand-over-session");
  await page.goto("/admin");
}
