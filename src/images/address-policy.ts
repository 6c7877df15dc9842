/**
 * Which IP addresses the image fetcher may connect to.
 *
 * Default deny: an address is public only when ipaddr.js files it under plain `unicast` — every
 * named special range (loopback, private, link-local, unique-local, CGNAT, multicast, broadcast,
 * unspecified, documentation, benchmarking, reserved, 6to4, Teredo, IPv4-mapped …) is refused —
 * and, for IPv6, only inside the global unicast block 2000::/3 that IANA actually allocates.
 * The one translation unwrapped is well-known NAT64 (64:ff9b::/96), because on an IPv6-only
 * network with DNS64 every IPv4-only image host appears there; its embedded IPv4 address must
 * itself be public.
 */
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * True when `ip` is a canonically written public unicast address.
 *
 * Only the dotted-quad IPv4 form and standard IPv6 text are accepted: numeric spellings such as
 * `2130706433`, `0x7f.1`, `017700000001` or `127.1` are refused outright (they are how filters
 * get bypassed, and a resolver never returns them), as are IPv6 zone ids (`fe80::1%eth0`).
 */
export function isPublicAddress(ip: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) {
    return ipaddr.IPv4.parse(ip).range() === 'unicast';
  }
  if (!ip.includes(':') || !ipaddr.IPv6.isValid(ip)) {
    return false;
  }
  const address = ipaddr.IPv6.parse(ip);
  if (address.zoneId !== undefined) {
    return false;
  }
  if (address.match(NAT64_WELL_KNOWN)) {
    const bytes = address.toByteArray().slice(12);
    return new ipaddr.IPv4(bytes).range() === 'unicast';
  }
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}
