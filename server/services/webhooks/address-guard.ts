/**
 * The SSRF guard (ADR 0067): an endpoint's host is resolved at each delivery, and the delivery is refused
 * when any of its addresses is not a public unicast address (loopback, private, link-local and the cloud
 * metadata address 169.254.169.254, carrier-grade NAT, multicast, unspecified, reserved, unique-local IPv6,
 * and IPv4-mapped or IPv4-embedding IPv6 forms of those), unless WEBHOOK_ALLOW_PRIVATE=1. The request then
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

/** Why an address may not be called, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
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
