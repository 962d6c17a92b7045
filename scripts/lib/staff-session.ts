/**
 * A bearer session for scripts that drive a running server (benchmarks): the password, then a TOTP code
 * of the secret the script gave the first super admin (ADMIN_TOTP_SECRET), computed with otplib, never one already used.
 */
import type { Page } from "@playwright/test";
import { generate } from "otplib";

export interface StaffCredentials {
  username: string;
  password: string;
  totpSecret: string;
}

async function postJson(url: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The 30-second TOTP step each secret's last code came from: the server takes a code once (replays are refused). */
const lastStep = new Map<string, number>();
const STEP_MS = 30_000;

/** A code of a step this script has not used yet for `secret`, waiting for the next step when this one is spent. */
async function freshCode(secret: string): Promise<string> {
  const used = lastStep.get(secret);
  const now = Date.now();
  if (used !== undefined && Math.floor(now / STEP_MS) <= used) {
    await new Promise((resolve) => setTimeout(resolve, (used + 1) * STEP_MS - now + 100));
  }
  const at = Date.now();
  lastStep.set(secret, Math.floor(at / STEP_MS));
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

/**
 * Signs in and returns the bearer token and the user (fails loudly on any other step). A second sign-in with the same
 * secret within one TOTP step waits for the next step's code.
 */
export async function staffBearerSession(base: string, who: StaffCredentials): Promise<{ token: string; user: unknown }> {
  const login = await postJson(`${base}/api/auth/login`, { username: who.username, password: who.password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  if (login.body.step === "done") return { token: String(login.body.token), user: login.body.user };
  if (login.body.step !== "second_factor") throw new Error(`sign-in stopped at step ${String(login.body.step)}`);
  const code = await freshCode(who.totpSecret);
  const second = await postJson(`${base}/api/auth/totp`, { code }, String(login.body.token));
  if (second.status !== 200) throw new Error(`second factor answered ${second.status}`);
  return { token: String(second.body.token), user: second.body.user };
}

/**
 * Hands a session to a Playwright page as the server does: a `Set-Cookie` of the HttpOnly `__Host-`
 * session cookie in an answer of the origin (DevTools refuses `__Host-` cookies for http origins), and
 * the hint cookie the admin's first paint reads. No token goes into page storage.
 */
export async function handOverStaffSession(page: Page, base: string, token: string): Promise<void> {
  const url = `${new URL(base).origin}/bench-hand-over-session`;
  await page.route(url, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      headers: { "Set-Cookie": `__Host-ovella_staff=${token}; Path=/; Secure; HttpOnly; SameSite=Strict` },
      body: '<!doctype html><link rel="icon" href="data:,"><title>session</title>',
    }),
  );
  await page.goto(url);
  await page.evaluate(() => {
    document.cookie = "__Host-ovella_staff_hint=1; Path=/; Secure; SameSite=Strict";
  });
  await page.unroute(url);
}
