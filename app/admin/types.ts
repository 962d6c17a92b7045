/**
 * Wire shapes of the sign-in and staff user calls. Timestamps are ISO 8601 strings. Lists, records,
 * stats and privacy shapes are the shared contracts (core/contracts/).
 */
import type { Role } from "#core/options";

export interface SessionUser {
  id: string;
  username: string;
  role: string;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

export interface StaffUser {
  id: string;
  username: string;
  role: Role | string;
  created_at: string;
  last_login: string | null;
}
