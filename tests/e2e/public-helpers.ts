/** Helpers shared by the public-site end-to-end tests. */
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { CONSENT_STORAGE_KEY, serializeConsent } from "../../app/tracking/consent";
import { bearerSession } from "./staff-sign-in";

export const E2E_ADMIN = { username: "e2e_super", password: "E2eSuperPass1" };

export function uniqueEmail(tag: string) {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Blocks every third-party request so tests never depend on the outside network, and records a
 * declined tracking choice so the consent banner does not cover the page under test.
 */
export async function blockThirdParties(page: Page) {
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [CONSENT_STORAGE_KEY, serializeConsent("denied", new Date())] as const,
  );
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  age: string;
  state: string;
  zipCode: string;
  interestLevel: string;
  phone?: string;
  other?: string;
}

export function validSignup(tag: string): SignupValues {
  return {
    firstName: "Avery",
    lastName: "Testwright",
    email: uniqueEmail(tag),
    age: "31",
    state: "California",
    zipCode: "94105",
    interestLevel: "Actively researching",
  };
}

export async function fillSignup(form: Locator, v: SignupValues) {
  await form.getByLabel("First name").fill(v.firstName);
  await form.getByLabel("Last name").fill(v.lastName);
  await form.getByLabel("Email").fill(v.email);
  await form.getByLabel("Age").fill(v.age);
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption(v.state);
  if (v.phone) await form.getByLabel("Phone (optional)").fill(v.phone);
  await form.getByLabel("Zip code").fill(v.zipCode);
  await form.getByLabel("Interest level").selectOption(v.interestLevel);
  if (v.other !== undefined) await form.getByLabel("Please specify").fill(v.other);
}

/** The form whose heading is `heading` ("Reserve your pilot spot" or "Apply for the pilot"). */
export function signupForm(page: Page, heading = "Apply for the pilot") {
  return page.getByRole("form", { name: heading });
}

/** Fills the contact form with valid answers from `email`; returns the form. */
export async function fillContact(page: Page, email: string, subject: string, message: string) {
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("First Name").fill("Jordan");
  await form.getByLabel("Last Name").fill("Rivers");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Reason for Contact").selectOption("pricing");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill(message);
  return form;
}

export function toastRegion(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** The first super admin's bearer token (password and TOTP code, once per worker: ./staff-sign-in.ts). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  return bearerSession(request, E2E_ADMIN.username, E2E_ADMIN.password);
}

export interface StoredApplication {
  email: string;
  formSource: string;
  state: string;
  age: number;
  interestLevel: string;
  interestLevelOther: string | null;
  marketing_consent: boolean;
}

export async function findApplication(request: APIRequestContext, email: string): Promise<StoredApplication | undefined> {
  const token = await adminToken(request);
  const res = await request.get("/api/applications", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const list = (await res.json()) as StoredApplication[];
  return list.find((a) => a.email === email);
}

/** Opens the mobile menu when the desktop links are hidden, so nav tests run on both projects. */
export async function openNavIfCollapsed(page: Page) {
  const toggle = page.getByRole("button", { name: "Open menu" });
  if (await toggle.isVisible()) await toggle.click();
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function gotoPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** Holds every request matching `pattern` until `release()` is called; `count()` tells how many came. */
export async function holdRequests(page: Page, pattern: RegExp): Promise<{ release: () => void; count: () => number }> {
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  let requests = 0;
  await page.route(pattern, async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  return { release: () => release(), count: () => requests };
}

/** Every address the page's main frame navigates to, in order (a form sent by the browser shows as `?…`). */
export function recordNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return navigations;
}
