// The one judge of whether an outbound request may reach an address (webhooks and their callbackUrl, Tinify's
// `source.url` and `store`). Only global unicast addresses are public. The special ranges come from a maintained
// address library (ipaddr.js names them), not from a list of our own. An IPv6 address that carries an IPv4 address
// (IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo
// 2001::/32) is judged by every IPv4 address it carries: on a network that routes those prefixes, a connection to
// it reaches that IPv4 host (docs/decisions/0530-one-address-judge.md).
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291) are not one of the library's named ranges.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const UNKNOWN = ipaddr.IPv4.parse('0.0.0.0');

const fromParts = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address carries (empty when it carries none). */
export function embeddedIPv4(address: IPv6): IPv4[] {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [fromParts(p[6]!, p[7]!)];
    case 'rfc6052':
      // NAT64's well-known prefix 64:ff9b::/96 carries the address in its last 32 bits. The local-use 64:ff9b:1::/48
      // (RFC 8215) may carry it at any of RFC 6052's positions, chosen by the local network: no public address has
      // a reason to be spelled that way, so it is judged as carrying an unknown (refused) address.
      return address.match(NAT64_LOCAL_USE) ? [UNKNOWN] : [fromParts(p[6]!, p[7]!)];
    case '6to4': // 2002:AABB:CCDD::/48
      return [fromParts(p[1]!, p[2]!)];
    case 'teredo': // 2001:0:<server v4>:<flags>:<port ^ 0xffff>:<client v4 ^ 0xffffffff>
      return [fromParts(p[2]!, p[3]!), fromParts(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    default:
      // ::a.b.c.d, apart from :: and ::1, which the library names (unspecified, loopback) and are judged as such.
      if (address.match(IPV4_COMPATIBLE) && address.range() === 'unicast') return [fromParts(p[6]!, p[7]!)];
      return [];
  }
}

const publicIPv4 = (address: IPv4): boolean => address.range() === 'unicast';

/**
 * True for an address an outbound request must not reach: anything but a global unicast address (private, loopback,
 * link-local, carrier-grade NAT, multicast, documentation, benchmarking, reserved…), an IPv6 address carrying such an
 * IPv4 address, and anything that is not an address at all.
 */
export function isPrivateAddress(text: string): boolean {
  // Zone ids (fe80::1%eth0) name a link: never public.
  if (!ipaddr.isValid(text) || text.includes('%')) return true;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return !publicIPv4(address as IPv4);
  const v6 = address as IPv6;
  const carried = embeddedIPv4(v6);
  if (carried.length > 0) return !carried.every(publicIPv4);
  return v6.range() !== 'unicast';
}
