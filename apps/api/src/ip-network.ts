import { isIPv4, isIPv6 } from 'node:net';

/** The IPv6 prefix length that counts as one client unless IPV6_CLIENT_PREFIX says otherwise. */
export const DEFAULT_IPV6_CLIENT_PREFIX = 64;

/** The eight 16-bit groups of a valid IPv6 address (zone id already removed). */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail = ''] = ip.split('::');
  const words = (part: string): number[] =>
    part
      ? part.split(':').flatMap((word) => {
          if (!word.includes('.')) return [parseInt(word, 16)];
          // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) fills two groups.
          const [a = 0, b = 0, c = 0, d = 0] = word.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = words(head);
  const right = words(tail);
  return ip.includes('::')
    ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
    : left;
}

/**
 * The client network key: what every per-client count (per-IP rate limits, sign-in counters, hold caps)
 * counts instead of the bare address (docs/operations.md, "Client IP trust model"). An IPv4 address is
 * itself; an IPv6 address is its network of `ipv6Prefix` bits (IPV6_CLIENT_PREFIX, 64 by default: one
 * subscriber's usual allocation, so every address in it is the same client, or rotating through it would
 * give fresh budgets). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports an
 * IPv4 peer) is its IPv4 address. Anything else (not an IP) is returned as it is.
 */
export function clientNetwork(ip: string, ipv6Prefix: number = DEFAULT_IPV6_CLIENT_PREFIX): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const kept = Math.ceil(ipv6Prefix / 16);
  const masked = groups.slice(0, kept).map((group, i) => {
    const bits = Math.min(16, ipv6Prefix - i * 16);
    return group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((group) => group.toString(16)).join(':')}${kept < 8 ? '::' : ''}/${ipv6Prefix}`;
}
