/**
 * Address and header hygiene for outgoing email (read by the configuration and the outbox). Every address that reaches a header is a plain
 * `local@domain` accepted here, and every other header value has its line breaks removed, so no
 * field a visitor typed can add a header or a recipient.
 */

/** A plain address: no display name, no spaces, quotes, commas, angle brackets or line breaks. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value);
}

/** Removes CR, LF and other control characters from a value meant for one header line. */
export function headerSafe(value: string, max = 200): string {
  // C0 controls, DEL and Unicode line separators become spaces.
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? " " : ch;
  }
  return out.replace(/\s+/g, " ").trim().slice(0, max);
}

/** The domain part of an address (for Message-IDs). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/** `address` or `Name <address>`: the address validated, no line breaks anywhere. */
export function parseMailbox(value: string): { name?: string; address: string } | null {
  if (/[\r\n]/.test(value)) return null;
  const angle = /^\s*(?:"?([^"<>]*)"?\s*)?<([^<>]+)>\s*$/.exec(value);
  if (angle) {
    const address = angle[2]?.trim() ?? "";
    if (!isPlainAddress(address)) return null;
    const name = angle[1]?.trim();
    return name ? { name, address } : { address };
  }
  return isPlainAddress(value.trim()) ? { address: value.trim() } : null;
}
