/**
 * Screening of new passwords against common and breached ones and their variants (docs/requirements.md §4,
 * ADR 0053, ADR 0096), on the server only (the browser bundle never loads the estimator):
 * - the ~49,000 most common passwords of the zxcvbn-ts common list, shipped with the app (no network call),
 *   and the product's own words with only digits or symbols added, compared without letter case, so
 *   `Password1` is refused like `password1`;
 * - a strength floor from the zxcvbn-ts estimator over the same list, its keyboard patterns, l33t
 *   substitutions, near misses (Levenshtein) and the product's words and the username: `Password123!`,
 *   `P@ssw0rd1` and `Welcome2024!` are below it, three or four unrelated words are well above.
 * The list and the estimator load at the first password checked, not at start: staff choose passwords
 * rarely, and the word lists would take memory in every server all day (ADR 0116).
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
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

interface Screen {
  common: Set<string>;
  estimator: ZxcvbnFactory;
}

let screen: Promise<Screen> | undefined;

/**
 * A CommonJS package's exports through `import()`: Node gives them as named exports and as the default, the server's
 * bundle as the default of the package's chunk alone, so the default is read where there is one.
 */
function commonJsExports<T extends object>(module: T): T {
  return (module as T & { default?: T }).default ?? module;
}

/** The common list and the estimator, loaded and built once, at the first password checked. */
function loadScreen(): Promise<Screen> {
  screen ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(([core, language]) => {
    const { ZxcvbnFactory } = commonJsExports(core);
    const { adjacencyGraphs, dictionary } = commonJsExports(language);
    return {
      common: new Set((dictionary["passwords-common"] ?? []).map((word) => String(word).toLowerCase())),
      estimator: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true }),
    };
  });
  // A load that failed is tried again at the next password rather than remembered.
  screen.catch(() => {
    screen = undefined;
  });
  return screen;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const folded = password.normalize("NFKC").toLowerCase();
  if (CONTEXT_WORDS.includes(folded.replace(/[^a-z]/g, ""))) return true;
  return (await loadScreen()).common.has(folded);
}

/**
 * The estimator's score (0–4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses or
 * more), which a common password with letters swapped for digits and a number added never reaches.
 */
export const STRENGTH_FLOOR = 3;

export const WEAK_PASSWORD =
  "This password is too easy to guess: it is a common password or word with small changes (letters swapped for digits or symbols, numbers or symbols added). Please choose a longer one, for example three or four unrelated words.";

/** Whether the password is below the strength floor (the words of the product and `userInputs` count as known). */
export async function isWeakPassword(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  // `Cli_Boss` is known as `cliboss` too: the username's letters and digits alone.
  const known = userInputs.flatMap((input) => [input, input.replace(/[^\p{L}\p{N}]/gu, "")]).filter((input) => input.length > 0);
  const { estimator } = await loadScreen();
  return estimator.check(password.normalize("NFKC"), [...CONTEXT_WORDS, ...known]).score < STRENGTH_FLOOR;
}

/**
 * Throws a 400-mapped ServiceError naming the password field when the password is a common one, or a
 * variant of one below the strength floor. `userInputs`: what else is known of the account (its username).
 */
export async function refuseCommonPassword(password: string, field = "password", userInputs: readonly string[] = []): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new ServiceError("invalid", COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
  }
  if (await isWeakPassword(password, userInputs)) {
    throw new ServiceError("invalid", WEAK_PASSWORD, { [field]: [WEAK_PASSWORD] });
  }
}
