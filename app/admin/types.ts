/** Wire shapes of the admin API (docs/requirements.md §3, §7). Timestamps are ISO 8601 strings. */
import type { ApplicationListRow, ApplicationRow, ContactRow } from "#core/admin-lists";
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

/** An application as the lists and record pages receive it (core/admin-lists.ts); list rows add `repeat`. */
export type ApplicationRecord = ApplicationRow & Partial<Pick<ApplicationListRow, "repeat">>;

export type ContactMessageRecord = ContactRow;

export interface StaffUser {
  id: string;
  username: string;
  role: Role | string;
  created_at: string;
  last_login: string | null;
}
