import type { Database } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAIR_ADMIN as ADMIN,
  callServer as call,
  expectOk,
  type ServerPair,
  startServerPair,
} from './server-pair';
import type { ServerProcess } from './server-process';

/**
 * #21: two servers on one PostgreSQL keep every limit in sum, because both count in the shared
 * RateLimitBucket table. Requests alternate between the servers from addresses of one IPv6 /64 (the
 * servers believe the loopback proxy's X-Forwarded-For), with the shop's default limits. Needs
 * PostgreSQL (TEST_DATABASE_URL), as two-servers.test.ts does.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const NETWORK = '2001:db8:77:1::';

describe.skipIf(!serverUrl)('limits held by two servers on one PostgreSQL', () => {
  let pair: ServerPair | undefined;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  const through = (index: number) => (index % 2 === 0 ? a : b);

  beforeAll(async () => {
    pair = await startServerPair(serverUrl as string, 'shop_two_server_limits', { TRUST_PROXY: '127.0.0.1' });
    ({ a, b, database } = pair);
  }, 240_000);

  afterAll(async () => {
    await pair?.stop();
  });

  it('lets one /64 place only the guest-order limit’s worth through both servers at once, with Retry-After', async () => {
    const adminToken = (await expectOk(call<{ token: string }>(a, 'POST', '/user/signin', { body: ADMIN })))
      .token;
    const product = await expectOk(
      call<{ id: number }>(a, 'POST', '/product/update', {
        token: adminToken,
        body: {
          slug: 'ket-szerver-korlat',
          price: 1500,
          stock: 100,
          descriptions: [{ language: 'hu', title: 'Korlát bögre' }],
        },
      }),
    );
    const shipping = await expectOk(
      call<{ items: { id: number; needsAddress: boolean }[] }>(a, 'GET', '/checkout/shipping'),
    );
    const payment = await expectOk(
      call<{ items: { id: number; provider: string }[] }>(a, 'GET', '/checkout/payment'),
    );
    const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
    const order = (index: number) => ({
      cart: [{ product: product.id, quantity: 1 }],
      customer: {
        email: `korlat${index}@example.hu`,
        firstName: 'Anna',
        lastName: 'Kovács',
        phone: '+36 30 123 4567',
      },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: shipping.items.find((method) => method.needsAddress)?.id,
      paymentMethod: payment.items.find((method) => method.provider === 'cash_on_delivery')?.id,
      acceptTerms: true,
    });
    // B may not know the new product for up to a second; wait until it can sell it.
    for (let attempt = 0; ; attempt++) {
      const priced = await expectOk(
        call<{ lines: { state: string }[] }>(b, 'POST', '/cart/price', {
          body: { cart: [{ product: product.id, quantity: 1 }] },
        }),
      );
      if (priced.lines[0]?.state === 'available') break;
      expect(attempt, 'B sosem látta az új terméket').toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        call(through(index), 'POST', '/cart/order', { body: order(index), from: `${NETWORK}${index + 1}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(6);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await database.prisma.order.count({ where: { email: { startsWith: 'korlat' } } })).toBe(10);
  });

  it('lets one /64 sign up only the per-network limit’s worth, alternating between the servers', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const answer = await call(through(index), 'POST', '/user/signup', {
        from: `${NETWORK}${(index + 100).toString(16)}`,
        body: {
          email: `halozat${index}@example.hu`,
          password: 'Vevo-jelszo-2026',
          firstName: 'Anna',
          lastName: 'Kovács',
          acceptTerms: true,
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await database.prisma.user.count({ where: { email: { startsWith: 'halozat' } } })).toBe(5);
  });
});
