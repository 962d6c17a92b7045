/**
 * Screening of new passwords against common and breached ones (docs/requirements.md §4, ADR 0053):
 * the ~49,000 most common passwords of the zxcvbn-ts common list, shipped with the app (no network
 * call). Compared without letter case, so `Password1` is refused like `password1`.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { ServiceError } from "./errors";

export const COMMON_PASSWORD = "This password is too common: it appears in lists of leaked passwords. Please choose another.";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] ?? []).map((word) => String(word).toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize("NFKC").toLowerCase());
}

/** Throws a 400-mapped ServiceError naming the password field when the password is a common one. */
export function refuseCommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw new ServiceError("invalid", COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
  }
}
