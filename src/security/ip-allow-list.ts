/**
 * Tenant IP allow-lists: CIDR ranges and single addresses, IPv4 and IPv6.
 * An IPv4-mapped IPv6 client address (::ffff:10.0.0.1, as dual-stack sockets report IPv4
 * clients) is matched as the IPv4 address it carries.
 */
import ipaddr from 'ipaddr.js';

export interface IpAllowList {
  /** True when the list is empty (any address) or the address is inside one of its ranges. */
  allows(ip: string): boolean;
}

/** Compiles a list of CIDR ranges or addresses (validated at config load). */
export function compileAllowList(ranges: readonly string[]): IpAllowList {
  if (ranges.length === 0) {
    return { allows: () => true };
  }
  const parsed = ranges.map((r) => (r.includes('/') ? ipaddr.parseCIDR(r) : ([ipaddr.parse(r), ipaddr.parse(r).kind() === 'ipv4' ? 32 : 128] as const)));
  return {
    allows(ip) {
      if (!ipaddr.isValid(ip)) {
        return false;
      }
      let addr = ipaddr.parse(ip);
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
        addr = (addr as ipaddr.IPv6).toIPv4Address();
      }
      return parsed.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
    },
  };
}
