import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { getBarionPixelId } from '../src/services/barion-pixel';
import { CONSENT_LIMIT_PER_IP } from '../src/services/consent';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;
let customer: SignedIn;
let stranger: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  customer = await createCustomer(db.prisma);
  stranger = await callerFor(db.prisma);
});
afterAll(() => db?.close());

/** A caller from its own address with a browser's user agent, so throttling tests do not share a bucket. */
async function visitorFrom(ip: string): Promise<Caller> {
  const headers = new Headers({ 'user-agent': 'Mozilla/5.0 (test browser)' });
  return createCaller(await createContext({ prisma: db.prisma, headers, ip }));
}

const choice = {
  consentId: '3f1c9f0e-6a0b-4c53-9a4f-2b7d51c0e8a1',
  statistics: false,
  marketing: true,
  policyVersion: '2026-11-24',
};

describe('consent record', () => {
  it("records a stranger's choice with the browser and no account", async () => {
    const visitor = await visitorFrom('10.0.0.1');
    const answer = await visitor.consent.record(choice);
    expect(answer).toMatchObject({ ...choice, recordedAt: expect.any(String) });
    const rows = await db.prisma.consentRecord.findMany({ where: { consentId: choice.consentId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      statistics: false,
      marketing: true,
      policyVersion: '2026-11-24',
      userId: null,
      userAgent: 'Mozilla/5.0 (test browser)',
    });
  });

  it("links a signed-in shopper's choice to their account; every decision is a new record", async () => {
    const consentId = '0b9d2c44-71e3-4f0a-8d55-1c2b3a4d5e6f';
    await customer.caller.consent.record({ ...choice, consentId, marketing: true });
    await customer.caller.consent.record({ ...choice, consentId, marketing: false });
    const rows = await db.prisma.consentRecord.findMany({ where: { consentId }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.userId, row.marketing])).toEqual([
      [customer.id, true],
      [customer.id, false],
    ]);
  });

  it('refuses a malformed id, a missing choice and unknown fields in Hungarian', async () => {
    await expectTrpcError(
      stranger.consent.record({ ...choice, consentId: 'nem-azonosito' }),
      'BAD_REQUEST',
      'A hozzájárulás azonosítója érvénytelen.',
    );
    const { marketing: _marketing, ...withoutMarketing } = choice;
    await expectTrpcError(
      stranger.consent.record(withoutMarketing as typeof choice),
      'BAD_REQUEST',
      /marketingsütik/,
    );
    await expectTrpcError(
      stranger.consent.record({ ...choice, email: 'x@example.hu' } as typeof choice),
      'BAD_REQUEST',
      /Ismeretlen mező: email/,
    );
    await expectTrpcError(
      stranger.consent.record({ ...choice, policyVersion: '<script>' }),
      'BAD_REQUEST',
      /tájékoztató verziója/,
    );
  });

  it('throttles one address past its limit with a Hungarian 429, other addresses still get through', async () => {
    const busy = await visitorFrom('10.0.0.99');
    for (let i = 0; i < CONSENT_LIMIT_PER_IP.limit; i++) await busy.consent.record(choice);
    await expectTrpcError(busy.consent.record(choice), 'TOO_MANY_REQUESTS', /Túl sok sütibeállítás/);
    await expect((await visitorFrom('10.0.0.100')).consent.record(choice)).resolves.toBeDefined();
  });
});

describe('Barion Pixel ID', () => {
  it('is unset at first', async () => {
    expect(await admin.barionPixel.get()).toEqual({ barionPixelId: null, updatedAt: null });
  });

  it('is saved by an admin, seen by the pages at once, and taken off with an empty text', async () => {
    const cache = cacheFor(db.prisma);
    expect(await getBarionPixelId({ prisma: db.prisma, cache })).toBeNull();
    const saved = await admin.barionPixel.update({ barionPixelId: ' BP-0123456789-01 ' });
    expect(saved).toEqual({ barionPixelId: 'BP-0123456789-01', updatedAt: expect.any(String) });
    expect(await admin.barionPixel.get()).toEqual(saved);
    expect(await getBarionPixelId({ prisma: db.prisma, cache })).toBe('BP-0123456789-01');

    expect((await admin.barionPixel.update({ barionPixelId: '' })).barionPixelId).toBeNull();
    expect(await getBarionPixelId({ prisma: db.prisma, cache })).toBeNull();
    await admin.barionPixel.update({ barionPixelId: 'BP-AbCdE12345-07' });
    expect((await admin.barionPixel.update({ barionPixelId: null })).barionPixelId).toBeNull();
  });

  it('refuses IDs not in Barion’s format, the sandbox-looking BPT ones included', async () => {
    for (const barionPixelId of ['BP-123-01', 'BPT-fHvthFc8pR-A3', 'BP-0123456789-1', 'bp-0123456789-01']) {
      await expectTrpcError(
        admin.barionPixel.update({ barionPixelId }),
        'BAD_REQUEST',
        /BP-0123456789-01 alakú/,
      );
    }
  });

  it('refuses shoppers (403) and strangers (401)', async () => {
    await expectTrpcError(customer.caller.barionPixel.get(), 'FORBIDDEN');
    await expectTrpcError(customer.caller.barionPixel.update({ barionPixelId: null }), 'FORBIDDEN');
    await expectTrpcError(stranger.barionPixel.get(), 'UNAUTHORIZED');
    await expectTrpcError(stranger.barionPixel.update({ barionPixelId: null }), 'UNAUTHORIZED');
  });
});
