/**
 * Screening of new passwords against common and breached ones (docs/requirements.md §4, ADR 0053):
 * the ~49,000 most common passwords of the zxcvbn-ts common list, shipped with the app (no network
 * call), and the product's own words with only digits or symbols added. Compared without letter case,
 * so `Password1` is refused like `password1`.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { brand } from "#core/brand";
import { ServiceError } from "../errors";

/**
 * Words of this product and its staff that make a guessable password on their own, with digits or
 * symbols around them (`Ovella2026!`): ASVS 6.1.2 / 6.2.11.
 */
export const CONTEXT_WORDS: readonly string[] = [
  brand.name,
  `${brand.name}iq`,
  `${brand.name}admin`,
  "admin",
  "administrator",
  "superadmin",
  "staff",
  "eggfreezing",
  "fertility",
  "pilot",
].map((word) => word.toLowerCase().replace(/[^a-z]/g, ""));

export const COMMON_PASSWORD = "This password is too common: it appears in lists of leaked passwords. Please choose another.";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] ?? []).map((word) => String(word).toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  const folded = password.normalize("NFKC").toLowerCase();
  return commonPasswords().has(folded) || CONTEXT_WORDS.includes(folded.replace(/[^a-z]/g, ""));
}

/** Throws a 400-mapped ServiceError naming the password field when the password is a common one. */
export function refuseCommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw new ServiceError("invalid", COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
  }
}
