/**
 * Second-factor attempts limited per account (NIST SP 800-63B §5.2.2), on both engines: counted across every pending
 * sign-in, before the code is checked (so parallel guesses cannot pass the limit), apart for the member's known
 * device (guesses from elsewhere never lock her out of her own browser), reset by a right code; and a sign-in waiting
 * to enrol a first factor ends once she has enrolled one elsewhere.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usernameKey } from "#core/username-key";
import { auditEvents } from "../../server/db/schema";
import { KNOWN_DEVICE_COOKIE } from "../../server/http/staff-session/cookies";
import { ACCOUNT_FACTOR_WINDOW_MS, MAX_ACCOUNT_FACTOR_ATTEMPTS, MAX_FAILED_CODES, TOO_MANY_CODES } from "../../server/services/staff/auth";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { bearer, enrolTotp, freshTotpCode, insertUser, STAFF_PASSWORD } from "../../testing/fixtures";

type App = TestApp & { services: Awaited<ReturnType<typeof createTestApp>>["services"] };

describe.each(TEST_ENGINES)("second-factor attempts per account (%s)", (engine) => {
  let t: App;
  const signIn = async (username: string) => {
    const res = await request(t.app).post("/api/auth/login").send({ username, password: STAFF_PASSWORD });
    expect(res.body.step).toBe("second_factor");
    return res.body.token as string;
  };
  const totp = (token: string, code: string, cookie?: string) => {
    const call = request(t.app).post("/api/auth/totp").set(bearer(token));
    return (cookie ? call.set("Cookie", cookie) : call).send({ code });
  };

  beforeAll(async () => {
    // Generous sign-in limits: these tests sign in many times; the second-factor count is what they test.
    t = await createTestApp(engine, { LOGIN_MAX_PER_ADDRESS: "1000", LOGIN_MAX_PER_USERNAME: "1000", LOGIN_MAX_PER_USERNAME_GLOBAL: "1000" });
  });
  afterAll(() => t.close());

  it("counts wrong codes across sign-ins: past the limit even the right code waits (429), then works after the window", async () => {
    await insertUser(t, "many_signins", "user");
    let tried = 0;
    while (tried < MAX_ACCOUNT_FACTOR_ATTEMPTS) {
      const token = await signIn("many_signins");
      // A few wrong codes per sign-in, under the session's own limit, as a patient guesser would.
      for (let i = 0; i < MAX_FAILED_CODES - 1 && tried < MAX_ACCOUNT_FACTOR_ATTEMPTS; i++, tried++) {
        expect((await totp(token, `00000${i}`)).status).toBe(400);
      }
    }
    const token = await signIn("many_signins");
    const refused = await totp(token, await freshTotpCode(t, "many_signins"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_CODES);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(ACCOUNT_FACTOR_WINDOW_MS / 1000);
    const limited = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "second_factor_failure"), eq(auditEvents.actor_username, "many_signins")));
    expect(limited.some((e) => (e.detail as { limited?: boolean } | null)?.limited === true)).toBe(true);

    t.advance(ACCOUNT_FACTOR_WINDOW_MS + 1000);
    const later = await signIn("many_signins");
    const right = await totp(later, await freshTotpCode(t, "many_signins"));
    expect(right.status).toBe(200);
    expect(right.body.step).toBe("done");
  });

  it("checks at most the limit's codes among 100 sent at once", async () => {
    await insertUser(t, "parallel_guess", "user");
    const tokens = await Promise.all(Array.from({ length: 25 }, () => signIn("parallel_guess")));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => totp(tokens[i % tokens.length]!, String(100000 + i))));
    const checked = answers.filter((a) => a.status === 400).length;
    const limited = answers.filter((a) => a.status === 429).length;
    const ended = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_ACCOUNT_FACTOR_ATTEMPTS);
    expect(checked + limited + ended).toBe(100);
    expect(limited).toBeGreaterThan(0);
  });

  it("keeps her known device apart: guesses from elsewhere do not lock her out, and a right code resets the count", async () => {
    await insertUser(t, "owner_device", "user");
    for (let round = 0; round * (MAX_FAILED_CODES - 1) < MAX_ACCOUNT_FACTOR_ATTEMPTS; round++) {
      const token = await signIn("owner_device");
      for (let i = 0; i < MAX_FAILED_CODES - 1; i++) await totp(token, `11111${i}`);
    }
    const elsewhere = await totp(await signIn("owner_device"), "222222");
    expect(elsewhere.status).toBe(429);

    const mark = t.services.knownDevices.mark(usernameKey("owner_device"));
    const cookie = `${KNOWN_DEVICE_COOKIE}=${mark}`;
    const own = await totp(await signIn("owner_device"), await freshTotpCode(t, "owner_device"), cookie);
    expect(own.status).toBe(200);
    expect(own.body.step).toBe("done");
    // Her device's wrong codes count on her device's own count, which the right code had reset.
    t.advance(30_000);
    expect((await totp(await signIn("owner_device"), "333333", cookie)).status).toBe(400);
  });

  it("ends a sign-in waiting to enrol once she has enrolled a first factor in another", async () => {
    const mfa = await createTestApp(engine, { MFA_REQUIRED: "true" });
    try {
      await insertUser(mfa, "two_tabs", "user", STAFF_PASSWORD, true, { totp: false });
      const first = await request(mfa.app).post("/api/auth/login").send({ username: "two_tabs", password: STAFF_PASSWORD });
      const second = await request(mfa.app).post("/api/auth/login").send({ username: "two_tabs", password: STAFF_PASSWORD });
      expect([first.body.step, second.body.step]).toEqual(["enrol", "enrol"]);
      const enrolled = await enrolTotp(mfa, first.body.token as string, "two_tabs");
      expect(enrolled.status).toBe(200);
      const stale = await request(mfa.app).post("/api/factors/totp").set(bearer(second.body.token as string));
      expect(stale.status).toBe(401);
    } finally {
      await mfa.close();
    }
  });
});
