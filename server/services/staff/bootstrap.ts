/**
 * First start with no staff: create the super admin, from the environment or with a generated password
 * that is printed once and must be changed at the first sign-in (docs/requirements.md §4). ADMIN_TOTP_SECRET
 * enrols her authenticator app ahead (automated installs and tests), like ADMIN_PASSWORD sets her password.
 */
import { count } from "drizzle-orm";
import type { Database } from "../../db/client";
import { staffFactors, users } from "../../db/schema";
import { newUserSchema } from "#core/validation";
import { usernameKey } from "#core/username-key";
import { generatePassword, hashPassword } from "./passwords";
import type { FactorSecretBox } from "./factors";

export interface BootstrapResult {
  created: boolean;
  username?: string;
  /** Only set when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

export async function ensureInitialAdmin(
  db: Database,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string; ADMIN_TOTP_SECRET?: string },
  /** Seals ADMIN_TOTP_SECRET before it is stored (ADR 0108). */
  factorSecrets: FactorSecretBox,
): Promise<BootstrapResult> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { created: false };
  const username = env.ADMIN_USERNAME ?? "admin";
  const generatedPassword = env.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = env.ADMIN_PASSWORD ?? generatedPassword!;
  const parsed = newUserSchema.safeParse({ username, password, role: "super_admin" });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `ADMIN_${i.path[0] === "username" ? "USERNAME" : "PASSWORD"}: ${i.message}`);
    throw new Error(`Cannot create the first super admin:\n  - ${problems.join("\n  - ")}`);
  }
  const inserted = await db
    .insert(users)
    .values({
      username: parsed.data.username,
      username_key: usernameKey(parsed.data.username),
      password: await hashPassword(password),
      role: "super_admin",
      must_change_password: generatedPassword !== undefined,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const created = inserted[0];
  if (created && env.ADMIN_TOTP_SECRET) {
    await db.insert(staffFactors).values({
      user_id: created.id,
      kind: "totp",
      label: "Authenticator app",
      totp_secret: factorSecrets.seal(env.ADMIN_TOTP_SECRET, created.id),
      confirmed_at: new Date(),
    });
  }
  return { created: inserted.length > 0, username: parsed.data.username, generatedPassword };
}
