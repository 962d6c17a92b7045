/**
 * Staff accounts (super admins): GET/POST /api/users, PUT /api/users/{id}/password, DELETE /api/users/{id}; and the
 * staff directory of the owner picker (selection staff): GET /api/admin/staff-directory.
 */
import { z } from "zod";
import { ROLES } from "../options";
import { newPasswordBodySchema, newUserSchema, staffEmailRule } from "../validation";
import { instant, nullableInstant } from "./common";

export { newUserSchema as newUserRequestSchema, newPasswordBodySchema as newPasswordRequestSchema };

export const staffUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(ROLES),
  created_at: instant,
  last_login: nullableInstant,
  is_active: z.boolean(),
  email: z.string().nullable().describe("Where the alerts about the applications she owns go; null for none."),
});
export type StaffUser = z.output<typeof staffUserSchema>;

export const staffUserListSchema = z.array(staffUserSchema);

/** PUT /api/users/{id}/email: her work address for the alerts about the applications she owns; empty or null for none. */
export const staffEmailRequestSchema = z.object({ email: staffEmailRule });

/** One active staff member an application may be assigned to: her username and role, nothing else. */
export const staffDirectoryEntrySchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
});
export type StaffDirectoryEntry = z.output<typeof staffDirectoryEntrySchema>;
export const staffDirectorySchema = z.array(staffDirectoryEntrySchema);
