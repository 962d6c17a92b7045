/** Staff accounts (super admins): GET/POST /api/users, PUT /api/users/{id}/password, DELETE /api/users/{id}. */
import { z } from "zod";
import { ROLES } from "../options";
import { newPasswordBodySchema, newUserSchema } from "../validation";
import { instant, nullableInstant } from "./common";

export { newUserSchema as newUserRequestSchema, newPasswordBodySchema as newPasswordRequestSchema };

export const staffUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(ROLES),
  created_at: instant,
  last_login: nullableInstant,
  is_active: z.boolean(),
});
export type StaffUser = z.output<typeof staffUserSchema>;

export const staffUserListSchema = z.array(staffUserSchema);
