/**
 * A bearer session for scripts that drive a running server (benchmarks): the password, then a TOTP code
 * of the secret the script gave the first super admin (ADMIN_TOTP_SECRET), computed with otplib.
 */
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

/** Signs in and returns the bearer token and the user (fails loudly on any other step). */
export async function staffBearerSession(base: string, who: StaffCredentials): Promise<{ token: string; user: unknown }> {
  const login = await postJson(`${base}/api/auth/login`, { username: who.username, password: who.password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  if (login.body.step === "done") return { token: String(login.body.token), user: login.body.user };
  if (login.body.step !== "second_factor") throw new Error(`sign-in stopped at step ${String(login.body.step)}`);
  const code = await generate({ secret: who.totpSecret });
  const second = await postJson(`${base}/api/auth/totp`, { code }, String(login.body.token));
  if (second.status !== 200) throw new Error(`second factor answered ${second.status}`);
  return { token: String(second.body.token), user: second.body.user };
}

/** The cookies a browser holds after a cookie sign-in, for a Playwright context (no token in page storage). */
export function staffSessionCookies(base: string, token: string) {
  const url = new URL(base).origin;
  return [
    { name: "__Host-ovella_staff", value: token, url, httpOnly: true, secure: true, sameSite: "Strict" as const },
    { name: "__Host-ovella_staff_hint", value: "1", url, httpOnly: false, secure: true, sameSite: "Strict" as const },
  ];
}
