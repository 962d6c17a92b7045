/** Staff sign-in: POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout. */
import { z } from "zod";
import { ROLES } from "../options";
import { loginSchema } from "../validation";

export { loginSchema as loginRequestSchema };

/** The signed-in staff member, as every session check answers. */
export const sessionUserSchema = z.object({ id: z.uuid(), username: z.string(), role: z.enum(ROLES) });
export type SessionUser = z.output<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string().describe("Bearer token for the Authorization header."),
  user: sessionUserSchema,
});
export type LoginResponse = z.output<typeof loginResponseSchema>;
