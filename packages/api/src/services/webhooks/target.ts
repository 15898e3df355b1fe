import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where deliveries may go. A webhook makes the shop's server send requests to an address an admin
 * typed, so an attacker holding an admin session (or a careless URL) could aim it at the server's
 * own network: its database, a cloud metadata service (169.254.169.254), an internal admin page.
 * Unless private targets are allowed (the default outside production, where the receiver is often on
 * the same machine), loopback, private, link-local and other non-public addresses are refused:
 * - when the endpoint is registered, for addresses written as IPs and for `localhost` names;
 * - when a delivery is sent, for every address the name resolves to, at connection time, so a
 *   name that later resolves to a private address (DNS rebinding) is refused as well.
 * Redirects are never followed, so a public receiver cannot bounce a delivery inwards either.
 */
export type WebhookTargetPolicy = { allowPrivateTargets: boolean };

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped too). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_TARGET_REFUSED =
  'A cím helyi vagy belső hálózati címre mutat; ilyen célra a webáruház nem küld webhookot.';

function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The refusal for a URL at registration, or null: only what the URL itself shows (no name lookup). */
export function webhookUrlRefusal(url: string, policy: WebhookTargetPolicy): string | null {
  if (policy.allowPrivateTargets) return null;
  const host = bareHost(new URL(url));
  if (host === 'localhost' || host.endsWith('.localhost') || isNonPublicAddress(host)) {
    return PRIVATE_TARGET_REFUSED;
  }
  return null;
}

export class PrivateTargetError extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
  constructor() {
    super(PRIVATE_TARGET_REFUSED);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses a name resolving to any non-public address. Node calls
 * it when it connects, so the address checked is the address used.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.some((entry) => isNonPublicAddress(entry.address))) {
      return callback(new PrivateTargetError(), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`Nem található: ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** For a URL whose host is an IP: Node connects without a lookup, so it is checked here. */
export function literalAddressRefused(url: URL, policy: WebhookTargetPolicy): boolean {
  return !policy.allowPrivateTargets && isNonPublicAddress(bareHost(url));
}
