/** Valid payloads and signed-in staff for API tests. */
import request from "supertest";
import type { Role } from "#core/options";
import { users } from "../../server/db/schema";
import { hashPassword } from "../../server/services/passwords";
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

/** Inserts a user straight into the database (argon2 hash included) and returns its id. */
export async function insertUser(
  t: TestApp,
  username: string,
  role: Role,
  password: string = STAFF_PASSWORD,
  isActive = true,
): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ username, role, password: await hashPassword(password), is_active: isActive })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert failed");
  return row.id;
}

export async function login(t: TestApp, username: string, password: string = STAFF_PASSWORD): Promise<string> {
  const res = await request(t.app).post("/api/auth/login").send({ username, password });
  if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${res.text}`);
  return (res.body as { token: string }).token;
}

/** One signed-in member per role. */
export async function createStaff(t: TestApp, prefix = "staff"): Promise<Record<Role, StaffMember>> {
  const out: Partial<Record<Role, StaffMember>> = {};
  for (const role of ["user", "admin", "super_admin"] as const) {
    const username = `${prefix}_${role}`;
    const id = await insertUser(t, username, role);
    out[role] = { id, username, password: STAFF_PASSWORD, role, token: await login(t, username) };
  }
  return out as Record<Role, StaffMember>;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
