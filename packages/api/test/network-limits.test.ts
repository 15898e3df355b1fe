import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { networkKey } from '../src/services/network-key';
import {
  DEFAULT_REQUEST_LIMITS,
  type RequestLimits,
  SIGNUP_RATE_LIMITED_MESSAGE,
} from '../src/services/request-limits';
import { clientCaller } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';

/**
 * Per-address limits count a network (#21, finding 4): one IPv6 subscriber holds a whole /64, so
 * rotating through its addresses must not multiply what one address may do.
 */
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
});
afterAll(() => db?.close());
beforeEach(() => db.prisma.rateLimitBucket.deleteMany());

let signups = 0;
const signupInput = () => ({
  email: `halozat-${++signups}@example.hu`,
  password: 'Uj-jelszo-2026',
  firstName: 'Anna',
  lastName: 'Kovács',
  acceptTerms: true as const,
});

/** Signs up once from `ip`; whether the shop let it through. */
async function signUpFrom(ip: string, requestLimits?: Partial<RequestLimits>) {
  const visitor = await clientCaller(db.prisma, { ip, requestLimits });
  return visitor.user.signup(signupInput()).then(
    () => true,
    (error: unknown) => {
      expect(String(error)).toContain(SIGNUP_RATE_LIMITED_MESSAGE);
      return false;
    },
  );
}

describe('the network key', () => {
  it('counts an IPv6 address by its /64, an IPv4-mapped one as IPv4, and an IPv4 address by itself', () => {
    expect(networkKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(networkKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(networkKey('198.51.100.7')).toBe('198.51.100.7');
    expect(networkKey(null)).toBe(networkKey('nem cím'));
  });
});

describe('per-network sign-up limits', () => {
  it('lets 10 sign-ups from 10 addresses of one /64 through only as far as one address may', async () => {
    const results: boolean[] = [];
    for (let host = 1; host <= 10; host++)
      results.push(await signUpFrom(`2001:db8:aa:1::${host.toString(16)}`));
    expect(results.filter(Boolean)).toHaveLength(DEFAULT_REQUEST_LIMITS.signupPerIp.limit);
    expect(await signUpFrom('2001:db8:aa:2::1'), 'a neighbouring /64 is another subscriber').toBe(true);
  });

  it('counts an IPv4 client the same whether the socket reports it mapped into IPv6 or not', async () => {
    const requestLimits = { signupPerIp: { limit: 1, windowMs: 60_000 } };
    expect(await signUpFrom('198.51.100.40', requestLimits)).toBe(true);
    expect(await signUpFrom('::ffff:198.51.100.40', requestLimits)).toBe(false);
  });

  it('does not let one network’s flood close the shop-wide ceiling on shoppers elsewhere', async () => {
    const requestLimits = {
      signupPerIp: { limit: 2, windowMs: 60_000 },
      signupOverall: { limit: 3, windowMs: 60_000 },
    };
    for (let host = 1; host <= 10; host++) await signUpFrom(`2001:db8:bb:1::${host}`, requestLimits);
    expect(await signUpFrom('203.0.113.50', requestLimits), 'a shopper on another network').toBe(true);
  });
});
