import net from 'node:net';
import { parseCidr } from '../../domain/ip-ranges';

/**
 * Which addresses an outbound webhook may connect to. Server-side request forgery is the
 * risk: a subscriber who names `http://169.254.169.254/` or `http://localhost:6379/` would
 * make the service call its own infrastructure. So every address a target resolves to is
 * checked, at connection time (the address actually dialled, so DNS rebinding gains
 * nothing), against the ranges no public service lives in, unless an operator allows a range
 * by configuration (`EVENT_WEBHOOK_ALLOWED_CIDRS`, e.g. `127.0.0.1/32` for local receivers).
 */
export class AddressPolicy {
  private readonly refused = new net.BlockList();
  private readonly allowed = new net.BlockList();

  /** `allowedCidrs`: ranges allowed even though they are private (`10.0.0.0/8`, `::1/128`). */
  constructor(allowedCidrs: readonly string[] = []) {
    for (const [address, prefix, family] of NON_PUBLIC_RANGES) {
      this.refused.addSubnet(address, prefix, family);
    }
    for (const cidr of allowedCidrs) {
      const parsed = parseCidr(cidr);
      if (!parsed) {
        throw new Error(`not a CIDR range: ${JSON.stringify(cidr)}`);
      }
      this.allowed.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
  }

  /** Null when `address` (an IP literal) may be dialled, else why not. */
  check(address: string): string | null {
    const family = net.isIP(address);
    if (family === 0) {
      return `${address} is not an IP address`;
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 address for routing.
    const mapped = type === 'ipv6' ? mappedIpv4(address) : null;
    if (mapped !== null) {
      return this.check(mapped);
    }
    if (this.allowed.check(address, type)) {
      return null;
    }
    if (this.refused.check(address, type)) {
      return `${address} is a private, loopback, link-local or reserved address`;
    }
    return null;
  }
}

/** The IPv4 address inside an IPv4-mapped IPv6 address, or null. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) {
    return match[1] ?? null;
  }
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) {
    return null;
  }
  const high = parseInt(hex[1] ?? '0', 16);
  const low = parseInt(hex[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** IANA special-purpose ranges that are not globally reachable (RFC 6890 and successors). */
const NON_PUBLIC_RANGES: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['64:ff9b::', 96, 'ipv6'], // NAT64: embeds an IPv4 address the gateway would reach
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];
