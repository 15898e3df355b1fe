import { isIPv4, isIPv6 } from 'node:net';

/** What a request without a known address counts as: one shared network, so it is never unlimited. */
const UNKNOWN_NETWORK = 'ismeretlen';

/**
 * The network a client address belongs to, as every per-address limit counts it. An IPv4 address is
 * its own network. One IPv6 subscriber gets a whole /64 (2^64 addresses to rotate through for free),
 * so an IPv6 address counts as its /64, written `2001:db8:1:2::/64`; an IPv4-mapped IPv6 address
 * (`::ffff:198.51.100.7`, as a dual-stack socket reports an IPv4 client) counts as its IPv4 address.
 */
export function networkKey(ip: string | null | undefined): string {
  const address = ip?.trim().replace(/%.*$/, '') ?? '';
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_NETWORK;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` expanded and a dotted IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
