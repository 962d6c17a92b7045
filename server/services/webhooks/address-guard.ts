/**
 * The SSRF guard (ADR 0067): an endpoint's host is resolved at each delivery, and the delivery is refused
 * when any of its addresses is not a public unicast address (loopback, private, link-local and the cloud
 * metadata address 169.254.169.254, carrier-grade NAT, multicast, unspecified, reserved, unique-local IPv6,
 * and every IPv6 form that embeds an IPv4 address of those, see embeddedIpv4), unless WEBHOOK_ALLOW_PRIVATE=1. The request then
 * connects to the address that was checked, never to a second resolution (DNS rebinding).
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

const v4 = (value: number) => ipaddr.fromByteArray([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]) as ipaddr.IPv4;
const word = (parts: number[], at: number) => (((parts[at] ?? 0) << 16) | (parts[at + 1] ?? 0)) >>> 0;

/**
 * The IPv4 addresses an IPv6 address carries inside it, which a translator or tunnel on the way may
 * deliver to (ADR 0097): IPv4-compatible (::/96) and IPv4-mapped (::ffff:0:0/96) and translated
 * (::ffff:0:0:0/96) forms, NAT64 (64:ff9b::/96 and the local 64:ff9b:1::/48, RFC 6052 and 8215), 6to4
 * (2002::/16), Teredo (2001::/32: the server, and the client's address stored inverted) and an ISATAP
 * interface id (…:0:5efe:a.b.c.d and …:200:5efe:a.b.c.d). Empty for any other address.
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const found: ipaddr.IPv4[] = [];
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && (p[5] === 0 || p[5] === 0xffff) && !(p[5] === 0 && p[6] === 0 && (p[7] ?? 0) <= 1)) found.push(v4(word(p, 6)));
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) found.push(v4(word(p, 6)));
  if (p[0] === 0x64 && p[1] === 0xff9b && (zeros(2, 6) || p[2] === 1)) found.push(v4(word(p, 6)));
  if (p[0] === 0x2002) found.push(v4(word(p, 1)));
  if (p[0] === 0x2001 && p[1] === 0) found.push(v4(word(p, 2)), v4(~word(p, 6) >>> 0));
  if ((p[4] === 0 || p[4] === 0x200) && p[5] === 0x5efe) found.push(v4(word(p, 6)));
  return found;
}

/** Why an address may not be called, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv6") {
    const inner = embeddedIpv4(parsed as ipaddr.IPv6);
    const refused = inner.find((embedded) => embedded.range() !== "unicast");
    if (refused) return `${parsed.toString()} is an IPv6 form of ${refused.toString()}, a ${refused.range()} address`;
  }
  const range = parsed.range();
  // NAT64 leads to the public IPv4 address it carries (a DNS64 resolver answers so on an IPv6-only network).
  // 6to4 and Teredo stay refused whatever they carry, as before.
  if (range === "rfc6052") return null;
  return range === "unicast" ? null : `${parsed.toString()} is a ${range} address`;
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/** Resolves the URL's host and checks every address; throws AddressRefused when one may not be called. */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? "lookup failed";
    throw new AddressRefused(`The host ${host} does not resolve (${code})`);
  }
  if (addresses.length === 0) throw new AddressRefused(`The host ${host} has no address`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const refusal = addressRefusal(address);
      if (refusal) throw new AddressRefused(`Refused: ${host} resolves to ${refusal} (set WEBHOOK_ALLOW_PRIVATE=1 to allow)`);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
