/**
 * The staff's authenticator secrets at rest (ADR 0108), on both engines: every TOTP secret in the database is sealed
 * with a key that is not in it (MFA_KEY, else DATA_DIR/mfa.key), members still sign in with their codes, a secret
 * stored in clear by an older version is sealed at the next start, and a process holding another key is refused.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../server/config/env";
import { appSecrets, staffFactors } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { composeRoot } from "../../server/root";
import { factorSecretsFromEnv } from "../../server/services";
import { FactorKeyError, resolveFactorKey } from "../../server/services/staff";
import { createTestApp, type TestApp } from "../../testing/app";
import { TEST_ENGINES } from "../../testing/database";
import { insertUser, login, STAFF_TOTP_SECRET } from "../../testing/fixtures";

describe.each(TEST_ENGINES)("authenticator secrets sealed at rest (%s)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const storedSecrets = async () =>
    (await t.database.db.select({ secret: staffFactors.totp_secret }).from(staffFactors).where(isNotNull(staffFactors.totp_secret))).map((r) => r.secret ?? "");

  it("keeps the key outside the database: DATA_DIR/mfa.key, owner-only; the database records only its id", async () => {
    await insertUser(t, "seal_member", "admin");
    const file = path.join(t.env.DATA_DIR, "mfa.key");
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, "utf8").trim();
    const rows = await t.database.db.select().from(appSecrets);
    expect(rows.some((row) => row.value.includes(key) || row.value.includes(Buffer.from(key, "base64").toString("hex")))).toBe(false);
    expect(rows.find((row) => row.name === "mfa_key_id")?.value).toMatch(/^[0-9a-f]{16}$/);
  });

  it("stores every secret sealed, from the fixtures' insert and from an enrolment through the API; codes still sign in", async () => {
    await insertUser(t, "seal_enrol", "admin", undefined, true, { totp: false });
    // Her first sign-in enrols an authenticator app through the API.
    expect(await login(t, "seal_enrol")).toEqual(expect.any(String));
    const stored = await storedSecrets();
    expect(stored.length).toBe(2);
    for (const value of stored) {
      expect(value).toMatch(/^v1\.[0-9a-f]{16}\./);
      expect(value).not.toContain(STAFF_TOTP_SECRET.slice(0, 12));
    }
    expect(await login(t, "seal_member")).toEqual(expect.any(String));
  });

  it("seals a secret an older version stored in clear at the next start, and the member still signs in", async () => {
    const [member] = await t.database.db.select({ id: staffFactors.user_id }).from(staffFactors).limit(1);
    const userId = member?.id ?? "";
    await t.database.db.update(staffFactors).set({ totp_secret: STAFF_TOTP_SECRET }).where(eq(staffFactors.user_id, userId));
    await composeRoot({ env: t.env, database: t.database, logger: createLogger("silent") });
    const [row] = await t.database.db.select({ secret: staffFactors.totp_secret }).from(staffFactors).where(eq(staffFactors.user_id, userId));
    expect(row?.secret).toMatch(/^v1\./);
    expect((await factorSecretsFromEnv(t.env, t.database.db)).open(row?.secret ?? "", userId)).toBe(STAFF_TOTP_SECRET);
    expect(await login(t, "seal_member")).toEqual(expect.any(String));
  });

  it("refuses a process with another key, or with none while the database records one; nothing is changed", async () => {
    const before = await storedSecrets();
    const other = readEnv({ ...envOf(t), MFA_KEY: randomBytes(32).toString("base64") });
    await expect(factorSecretsFromEnv(other, t.database.db)).rejects.toThrow(FactorKeyError);
    await expect(factorSecretsFromEnv(other, t.database.db)).rejects.toThrow(/same MFA_KEY/);
    const elsewhere = mkdtempSync(path.join(tmpdir(), "ovella-mfa-none-"));
    await expect(resolveFactorKey(t.database.db, { dataDir: elsewhere })).rejects.toThrow(/has none/);
    expect(existsSync(path.join(elsewhere, "mfa.key"))).toBe(false);
    expect(await storedSecrets()).toEqual(before);
  });
});

describe.each(TEST_ENGINES)("MFA_KEY set (%s)", (engine) => {
  let t: TestApp;
  const key = randomBytes(32).toString("hex");
  beforeAll(async () => {
    t = await createTestApp(engine, { MFA_KEY: key });
  });
  afterAll(() => t.close());

  it("seals with it and writes no key file; an instance given the same key reads the same secrets", async () => {
    await insertUser(t, "env_member", "admin");
    expect(existsSync(path.join(t.env.DATA_DIR, "mfa.key"))).toBe(false);
    const second = readEnv({ ...envOf(t), DATA_DIR: mkdtempSync(path.join(tmpdir(), "ovella-mfa-second-")) });
    const box = await factorSecretsFromEnv(second, t.database.db);
    const [row] = await t.database.db.select().from(staffFactors).where(isNotNull(staffFactors.totp_secret));
    expect(box.open(row?.totp_secret ?? "", row?.user_id ?? "")).toBe(STAFF_TOTP_SECRET);
    expect(await login(t, "env_member")).toEqual(expect.any(String));
  });
});

/** The test app's settings as environment strings (the keys readEnv needs to read them again). */
function envOf(t: TestApp): Record<string, string> {
  return { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: t.env.DATA_DIR, ...(t.env.MFA_KEY ? { MFA_KEY: t.env.MFA_KEY } : {}) };
}
