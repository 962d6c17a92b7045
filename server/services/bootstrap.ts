/** First start with no staff: create the super admin (from the environment, or a printed random password). */
import { count } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { newUserSchema } from "#core/validation";
import { generatePassword, hashPassword } from "./passwords";

export interface BootstrapResult {
  created: boolean;
  username?: string;
  /** Only set when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

export async function ensureInitialAdmin(
  db: Database,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
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
    .values({ username: parsed.data.username, password: await hashPassword(password), role: "super_admin" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { created: inserted.length > 0, username: parsed.data.username, generatedPassword };
}
