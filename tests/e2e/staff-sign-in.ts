/**
 * Staff sign-in for the browser tests: password plus a TOTP code computed here with the server's own
 * library (otplib). The first super admin is enrolled at start with E2E_TOTP_SECRET (ADMIN_TOTP_SECRET);
 * members made by a test enrol through the API and their secret is kept here for the worker.
 *
 * The server accepts a member's code once per 30-second step (no replay), and two workers may sign the
 * same member in: each code is taken from the next step this worker has not used, and a refused one
 * is followed by the next step's code (waiting for it when needed).
 */
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ADMIN, E2E_TOTP_SECRET } from "../../playwright.config";

const PERIOD_MS = 30_000;
/**
 * Two workers sign in as e2e_super, and the server accepts each 30-second step once per member: a worker whose code
 * the other one spent moves on to the next step (waiting for it when it is not yet valid), so it may take several.
 */
const TOTP_ATTEMPTS = 8;
const secrets = new Map<string, string>([[E2E_ADMIN.username.toLowerCase(), E2E_TOTP_SECRET]]);
const usedSteps = new Map<string, number>();
const bearerTokens = new Map<string, string>();

export function rememberSecret(username: string, secret: string): void {
  secrets.set(username.toLowerCase(), secret);
}

export function secretOf(username: string): string {
  const secret = secrets.get(username.toLowerCase());
  if (!secret) throw new Error(`no TOTP secret known for ${username}`);
  return secret;
}

/** A code of the earliest step this worker has not used for the member (now or the next step). */
export async function freshCode(username: string): Promise<string> {
  const key = username.toLowerCase();
  const secret = secretOf(username);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / PERIOD_MS);
    const candidate = Math.max(step, (usedSteps.get(key) ?? -1) + 1);
    if (candidate <= step + 1) {
      usedSteps.set(key, candidate);
      return generate({ secret, epoch: candidate * (PERIOD_MS / 1000) });
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * PERIOD_MS - now + 100));
  }
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Enrols an authenticator app for a member whose sign-in asks for one; returns the full token. */
async function enrolOverApi(request: APIRequestContext, username: string, token: string): Promise<string> {
  const started = await request.post("/api/factors/totp", { headers: auth(token) });
  expect(started.status(), await started.text()).toBe(200);
  rememberSecret(username, ((await started.json()) as { secret: string }).secret);
  const confirmed = await request.post("/api/factors/totp/confirm", { headers: auth(token), data: { code: await freshCode(username) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { token: string }).token;
}

/** A new bearer session: password, then a TOTP code (or the enrolment of an app for a member without one). */
export async function newBearerSession(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const first = (await response.json()) as { token: string; step: string };
  if (first.step === "done") return first.token;
  if (first.step === "enrol") return enrolOverApi(request, username, first.token);
  expect(first.step).toBe("second_factor");
  for (let attempt = 0; attempt < TOTP_ATTEMPTS; attempt++) {
    const second = await request.post("/api/auth/totp", { headers: auth(first.token), data: { code: await freshCode(username) } });
    if (second.status() === 200) return ((await second.json()) as { token: string }).token;
    expect(second.status(), await second.text()).toBe(400);
  }
  throw new Error(`no TOTP code of ${username} was accepted`);
}

/** A bearer token for the member, signed in once per worker (each sign-in spends a TOTP step). */
export async function bearerSession(request: APIRequestContext, username: string, password: string): Promise<string> {
  const cached = bearerTokens.get(username.toLowerCase());
  if (cached) {
    const check = await request.get("/api/auth/me", { headers: auth(cached) });
    if (check.status() === 200) return cached;
  }
  const token = await newBearerSession(request, username, password);
  bearerTokens.set(username.toLowerCase(), token);
  return token;
}

/** Finishes a sign-in in the admin after the password: the TOTP step, or the enrolment and recovery codes. */
export async function finishSignInSteps(
  page: Page,
  username: string,
  hooks: { duringEnrolment?: () => Promise<void>; beforeRecoveryCodes?: () => Promise<void> } = {},
): Promise<void> {
  const code = page.getByLabel("Authentication code");
  const enrol = page.getByRole("button", { name: "Set up an authenticator app" });
  const signedIn = page.getByRole("button", { name: "Logout" });
  await expect(code.or(enrol).or(signedIn).or(page.getByTestId("totp-secret"))).toBeVisible();
  const setup = page.getByTestId("totp-secret");
  if ((await enrol.isVisible()) || (await setup.isVisible())) {
    if (await enrol.isVisible()) await enrol.click();
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
    rememberSecret(username, secret);
    await hooks.duringEnrolment?.();
    await page.getByLabel("Code from the app").fill(await freshCode(username));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    await hooks.beforeRecoveryCodes?.();
    await page.getByLabel("I have saved these codes").check();
    await page.getByRole("button", { name: "Continue to the admin" }).click();
    return;
  }
  if (await signedIn.isVisible()) return;
  const step = page.getByRole("heading", { name: "Confirm it is you" });
  const refused = page.getByText("That code is not valid");
  for (let attempt = 0; attempt < TOTP_ATTEMPTS; attempt++) {
    if (!(await step.isVisible())) return;
    await code.fill(await freshCode(username));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(async () => (await refused.isVisible()) || !(await step.isVisible())).toBe(true);
    if (!(await step.isVisible())) return;
  }
  throw new Error(`no TOTP code of ${username} was accepted in the admin`);
}

/** The session cookie's token of a signed-in page (test code may read HttpOnly cookies; page scripts cannot). */
export async function sessionCookieToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "__Host-ovella_staff");
  if (!cookie) throw new Error("no staff session cookie");
  return cookie.value;
}
