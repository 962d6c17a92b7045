/** Wire shapes of the admin API, from the contracts in core/contracts. Timestamps are ISO 8601 strings. */
import type { ApplicationListRow, ApplicationRow, ContactRow } from "#core/admin-lists";

export type { LoginResponse, SessionUser } from "#core/contracts/auth";
export type { StaffUser } from "#core/contracts/users";

/** An application as the lists and record pages receive it (core/admin-lists.ts); list rows add `repeat`. */
export type ApplicationRecord = ApplicationRow & Partial<Pick<ApplicationListRow, "repeat">>;

export type ContactMessageRecord = ContactRow;
