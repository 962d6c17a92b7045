/**
 * The only visitor-typed text an email to a visitor may carry is the recipient's own first name
 * (ADR 0056): without links, URL-like text or control characters, and at most 40 characters, so a form
 * cannot make our email carry a message or a link to someone else. Applied when the email is queued and
 * again when it is rendered (rows queued before the rule included).
 */

export const FIRST_NAME_MAX = 40;

/** Control, format (bidi and zero-width included), separator-other characters: nothing a name shows. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/gu;

/**
 * A word that is or looks like a link or an address: a scheme (`https:`, `mailto:`, `javascript:`),
 * `www.`, `//`, an `@`, or a dot between letters and a top-level-domain-like ending (`evil.example`,
 * `bit.ly/x`). Such words are removed whole.
 */
const LINK_LIKE = /\S*(?:[a-z][a-z0-9+.-]*:|www\.|\/\/|@|[\p{L}\p{N}-]\.[\p{L}]{2,}|[\p{L}\p{N}]\/[\p{L}\p{N}])\S*/giu;

/** The first name as an email may show it; "" when nothing of it is fit to show. */
export function safeFirstName(value: unknown): string {
  if (typeof value !== "string") return "";
  const cleaned = value
    .normalize("NFC")
    .replace(INVISIBLE, " ")
    .replace(LINK_LIKE, " ")
    .replace(/[<>[\]{}|\\`]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(cleaned).slice(0, FIRST_NAME_MAX).join("").trim();
}
