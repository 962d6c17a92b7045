/** Valid payloads and signed-in staff for API tests. */
import { generate } from "otplib";
import { offerTokenFor } from "../server/services/offer-token";
import { resolveUnsubscribeSecret } from "../server/services/outbox";
import request from "supertest";
import { ROLES, type Role } from "#core/options";
import { usernameKey } from "#core/username-key";
import type { Stage } from "#core/pipeline/stages";
import { applications, staffFactors, users } from "../server/db/schema";
import { factorSecretsFromEnv } from "../server/services";
import { hashPassword } from "../server/services/staff";
import type { TestApp } from "./app";

export { validApplication, validContact } from "./payloads";

export interface StaffMember {
  id: string;
  username: string;
  password: string;
  role: Role;
  token: string;
}

export const STAFF_PASSWORD = "StaffPass123";
/** The authenticator-app secret every test member is enrolled with (RFC 6238's test key, base32). */
export const STAFF_TOTP_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const TOTP_PERIOD_MS = 30_000;

/** Inserts a user straight into the database (argon2 hash and, unless told otherwise, a TOTP factor) and returns its id. */
export async function insertUser(
  t: TestApp,
  username: string,
  role: Role,
  password: string = STAFF_PASSWORD,
  isActive = true,
  options: { totp?: boolean } = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ username, username_key: usernameKey(username), role, password: await hashPassword(password), is_active: isActive })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert failed");
  if (options.totp ?? true) {
    await t.database.db
      .insert(staffFactors)
      .values({ user_id: row.id, kind: "totp", label: "Authenticator app", totp_secret: (await factorSecretsFromEnv(t.env, t.database.db)).seal(STAFF_TOTP_SECRET, row.id), confirmed_at: t.now() });
  }
  return row.id;
}

/** A TOTP code for the app's clock (optionally a number of 30-second steps away). */
export function totpCode(t: TestApp, secret: string = STAFF_TOTP_SECRET, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((t.now().getTime() + stepsAhead * TOTP_PERIOD_MS) / 1000) });
}

/** The last TOTP time step each test app accepted per member (the server accepts a member's code once). */
const usedSteps = new WeakMap<TestApp, Map<string, number>>();

/**
 * A code the server has not seen from this member yet: when her code of the current step was used by
 * an earlier sign-in of the same test, the app's clock moves on to the next step.
 */
export async function freshTotpCode(t: TestApp, member: string, secret: string = STAFF_TOTP_SECRET): Promise<string> {
  const steps = usedSteps.get(t) ?? new Map<string, number>();
  usedSteps.set(t, steps);
  const key = usernameKey(member);
  let step = Math.floor(t.now().getTime() / TOTP_PERIOD_MS);
  const last = steps.get(key);
  if (last !== undefined && step <= last + 1) {
    t.advance((last + 2) * TOTP_PERIOD_MS - t.now().getTime());
    step = Math.floor(t.now().getTime() / TOTP_PERIOD_MS);
  }
  steps.set(key, step);
  return totpCode(t, secret);
}

/** Secrets of members who enrolled through the API during a test (others use STAFF_TOTP_SECRET). */
const enrolledSecrets = new WeakMap<TestApp, Map<string, string>>();

/** Enrols an authenticator app for the session's member (the API's own enrolment) and returns the confirm answer. */
export async function enrolTotp(t: TestApp, token: string, username: string): Promise<request.Response> {
  const started = await request(t.app).post("/api/factors/totp").set(bearer(token));
  if (started.status !== 200) throw new Error(`TOTP enrolment of ${username} answered ${started.status}: ${started.text}`);
  const { secret } = started.body as { secret: string };
  const secrets = enrolledSecrets.get(t) ?? new Map<string, string>();
  enrolledSecrets.set(t, secrets);
  secrets.set(usernameKey(username), secret);
  return request(t.app)
    .post("/api/factors/totp/confirm")
    .set(bearer(token))
    .send({ code: await freshTotpCode(t, username, secret) });
}

/**
 * Signs in with the password and a TOTP code (the members' known secret, or the one enrolled during the
 * test); a member without a factor enrols one on the way, as the admin asks. Returns the bearer token.
 */
export async function login(t: TestApp, username: string, password: string = STAFF_PASSWORD): Promise<string> {
  const res = await request(t.app).post("/api/auth/login").send({ username, password });
  if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${res.text}`);
  const first = res.body as { token: string; step: string };
  if (first.step === "done") return first.token;
  if (first.step === "enrol") {
    const enrolled = await enrolTotp(t, first.token, username);
    if (enrolled.status !== 200) throw new Error(`TOTP confirmation of ${username} answered ${enrolled.status}: ${enrolled.text}`);
    return (enrolled.body as { token: string }).token;
  }
  if (first.step !== "second_factor") throw new Error(`login of ${username} stopped at step ${first.step}`);
  const secret = enrolledSecrets.get(t)?.get(usernameKey(username)) ?? STAFF_TOTP_SECRET;
  const second = await request(t.app)
    .post("/api/auth/totp")
    .set(bearer(first.token))
    .send({ code: await freshTotpCode(t, username, secret) });
  if (second.status !== 200) throw new Error(`second factor of ${username} answered ${second.status}: ${second.text}`);
  return (second.body as { token: string }).token;
}

/** One signed-in member per role. */
export async function createStaff(t: TestApp, prefix = "staff"): Promise<Record<Role, StaffMember>> {
  const out: Partial<Record<Role, StaffMember>> = {};
  for (const role of ROLES) {
    const username = `${prefix}_${role}`;
    const id = await insertUser(t, username, role);
    out[role] = { id, username, password: STAFF_PASSWORD, role, token: await login(t, username) };
  }
  return out as Record<Role, StaffMember>;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let applicantSerial = 0;

/**
 * An application stored straight into a stage for the selection's tests: eligible (30, California, a San Francisco
 * ZIP code) unless `overrides` say otherwise, named `<first><n>` with `<first><n>@example.com`, submitted a minute after
 * the one before (and ranked so on the waitlist).
 */
export async function insertApplicant(
  t: Pick<TestApp, "database">,
  name: { first: string; last: string },
  stage: Stage = "new",
  overrides: Partial<typeof applications.$inferInsert> = {},
): Promise<string> {
  applicantSerial++;
  const at = Date.UTC(2026, 0, 1) + applicantSerial * 60_000;
  const [row] = await t.database.db
    .insert(applications)
    .values({
      firstName: `${name.first}${applicantSerial}`,
      lastName: name.last,
      email: `${name.first.toLowerCase()}${applicantSerial}@example.com`,
      age: 30,
      state: "California",
      zipCode: "94110",
      interestLevel: "Actively researching",
      formSource: "main page",
      submitted_at: new Date(at),
      stage,
      waitlist_rank: stage === "waitlisted" ? at : null,
      ...overrides,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}


/**
 * Moves a test app's clock forward to the next moment the wall clock in `timeZone` reads `hour`:00 (within a day), so
 * a test of quiet hours (21:00–08:00 her time) does not depend on when it runs.
 */
export function advanceToWallClock(t: Pick<TestApp, "advance" | "now">, timeZone: string, hour: number): void {
  const now = t.now();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  );
  const intoDay = ((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) * 1000 + now.getMilliseconds();
  const day = 24 * 3600 * 1000;
  t.advance((((hour * 3600 * 1000 - intoDay) % day) + day) % day);
}

/**
 * Records a review of her assessment through the API (a pass or a not-eligible decision out of `assessment_invited`
 * needs one, ADR 0101); the session's token must be selection staff's.
 */
export async function recordReview(
  t: Pick<TestApp, "app">,
  token: string,
  applicationId: string,
  recommendation: "pass" | "not_eligible" = "pass",
): Promise<void> {
  const res = await request(t.app)
    .post(`/api/admin/applications/${applicationId}/review`)
    .set(bearer(token))
    .send({ meetsCriteria: recommendation === "pass", recommendation, reason: recommendation === "pass" ? "The result meets the criteria" : "The result does not meet the criteria" });
  if (res.status !== 201) throw new Error(`the review was refused: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The token of an offer email's link, from its stored payload, signed as the courier signs it (ADR 0104): the outbox
 * keeps the offer's id, never the link.
 */
export async function offerTokenIn(t: { database: Pick<TestApp["database"], "db">; env?: Pick<TestApp["env"], "UNSUBSCRIBE_SECRET"> }, payload: unknown): Promise<string> {
  const { offerId, offerPath } = (payload ?? {}) as { offerId?: string; offerPath?: string };
  if (offerPath) return offerPath.slice("/offer/".length);
  if (!offerId) throw new Error("the email names no offer");
  return offerTokenFor(await resolveUnsubscribeSecret(t.database.db, t.env?.UNSUBSCRIBE_SECRET), offerId);
}
