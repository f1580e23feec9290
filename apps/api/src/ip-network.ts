import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for in per-client sign-in counters: an IPv4 address itself, an IPv6
 * address's /64 (one subscriber's usual allocation: every address in it is the same client, or rotating
 * through it would give fresh budgets). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) fills two groups.
  const written = left.length + right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - written)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
