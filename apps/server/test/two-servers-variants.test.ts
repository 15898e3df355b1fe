import { createVariantProduct, storedStock } from '@shop/api/testing';
import type { Database } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, callServer, type ServerPair, startServerPair } from './server-pair';
import type { ServerProcess } from './server-process';

/** A call with a JSON body or none, the way every call of this suite is made. */
function call<T = unknown>(
  server: ServerProcess,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Answer<T>> {
  return callServer<T>(server, method, pathname, { body });
}

/**
 * Issue #24's number: 200 orders of one variant with 10 in stock arrive at once through two servers
 * sharing one PostgreSQL. Exactly 10 succeed, the rest are refused naming the variant, the other
 * variants' stock is untouched, the product's stock stays the sum of its variants', and both servers'
 * product pages show the variant sold out. Needs PostgreSQL (TEST_DATABASE_URL, as CI sets it).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)('two servers selling one variant', () => {
  let pair: ServerPair | undefined;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let shippingId: number;
  let paymentId: number;

  beforeAll(async () => {
    pair = await startServerPair(serverUrl as string, 'shop_two_servers_variants', {
      // Two hundred guest orders from 127.0.0.1; the limit itself is tested in two-servers-limits.test.ts.
      GUEST_ORDER_LIMIT_PER_IP: '1000',
    });
    ({ a, b, database } = pair);
    const shipping = await call<{ items: { id: number; needsAddress: boolean }[] }>(
      a,
      'GET',
      '/checkout/shipping',
    );
    const payment = await call<{ items: { id: number; provider: string }[] }>(a, 'GET', '/checkout/payment');
    shippingId = shipping.body.items.find((method) => method.needsAddress)?.id ?? 0;
    paymentId = payment.body.items.find((method) => method.provider === 'cash_on_delivery')?.id ?? 0;
  }, 240_000);

  afterAll(async () => {
    await pair?.stop();
  });

  it('sells exactly the 10 pieces of the variant out of 200 orders, and nothing of the other variants', async () => {
    const shirt = await createVariantProduct(
      database.prisma,
      { slug: 'ket-szerver-polo', title: 'Két szerver póló', kutiId: 'KSZ-POLO', grossPrice: 4990 },
      [
        { title: 'Szín', values: ['kék', 'piros'] },
        { title: 'Méret', values: ['M', 'L'] },
      ],
      [
        { kutiId: 'KSZ-KEK-M', values: ['kék', 'M'], stock: 10 },
        { kutiId: 'KSZ-KEK-L', values: ['kék', 'L'], stock: 7 },
        { kutiId: 'KSZ-PIROS-M', values: ['piros', 'M'], stock: 5 },
      ],
    );
    const variant = shirt.variants['KSZ-KEK-M']!;
    const line = { product: shirt.id, variant, quantity: 1 };
    type Priced = { lines: { state: string }[] };
    // Both servers learn of the product from the shared database within a second.
    for (const server of [a, b]) {
      for (let attempt = 0; ; attempt++) {
        const priced = await call<Priced>(server, 'POST', '/cart/price', { cart: [line] });
        if (priced.body.lines[0]?.state === 'available') break;
        expect(attempt, 'a szerver sosem látta az új terméket').toBeLessThan(50);
        await sleep(100);
      }
    }

    const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        call<{ message?: string }>(index % 2 === 0 ? a : b, 'POST', '/cart/order', {
          cart: [line],
          customer: {
            email: `valtozat${index}@example.hu`,
            firstName: 'Anna',
            lastName: 'Kovács',
            phone: '+36 30 123 4567',
          },
          shippingAddress: address,
          billingAddress: address,
          shippingMethod: shippingId,
          paymentMethod: paymentId,
          acceptTerms: true,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 409)).toBe(true);
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(
      new Set(['„Két szerver póló, kék, M” elfogyott.']),
    );

    expect(await storedStock(database.prisma, shirt.id)).toMatchObject({
      product: 12,
      unitsSold: 10,
      variants: { 'KSZ-KEK-M': 0, 'KSZ-KEK-L': 7, 'KSZ-PIROS-M': 5 },
    });
    const sold = await database.prisma.orderLine.aggregate({
      where: { variantId: variant },
      _sum: { quantity: true },
      _count: true,
    });
    expect(sold).toMatchObject({ _count: 10, _sum: { quantity: 10 } });

    // Each server's catalogue follows the orders the other one took.
    type Page = { stock: number; variants: { id: number; stock: number; inStock: boolean }[] };
    for (const server of [a, b]) {
      for (let attempt = 0; ; attempt++) {
        const page = await call<Page>(server, 'GET', `/product/${shirt.id}`);
        const shown = page.body.variants.find((item) => item.id === variant);
        if (page.body.stock === 12 && shown?.stock === 0 && !shown.inStock) break;
        expect(attempt, 'a szerver nem követte a változat készletét').toBeLessThan(50);
        await sleep(100);
      }
    }
  });
});
