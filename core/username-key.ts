/**
 * The one comparison rule for staff usernames (docs/requirements.md §4): NFKC, then the simple
 * (one code point to one code point) Unicode lower-case mapping. The server stores this key in
 * `users.username_key` and the database compares keys byte for byte, so JavaScript and the database
 * cannot disagree; the sign-in throttle counts on the same key.
 *
 * JavaScript's toLowerCase applies the full mapping, where `İ` (U+0130) becomes `i` plus a combining
 * dot; the simple mapping keeps the first code point, so `İ` folds to `i` as a database's lower() does.
 */
export function usernameKey(username: string): string {
  let key = "";
  for (const char of username.trim().normalize("NFKC")) {
    const lower = char.toLowerCase();
    key += String.fromCodePoint(lower.codePointAt(0) ?? 0);
  }
  return key.normalize("NFKC");
}
