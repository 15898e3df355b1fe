import { createVariantProduct, storedStock, type VariantProduct } from '@shop/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  signIn,
  startSellingServer,
  type TestServer,
} from './test-server';

// Variants over REST, as an integrator sees them: the cart line's `variant` beside `product`, the
// order line that names it, stock by variant codes and "Értesítést kérek" on one variant; bad input is
// a 400 or 404 with a Hungarian message, never a 500.
type ErrorBody = { message: string; code: string };
type CartLine = {
  state: string;
  product: number;
  variant: number | null;
  quantity: number;
  title: string;
  kutiId: string | null;
};
type Cart = { lines: CartLine[] };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let shop: { mug: number; courier: number; cod: number };
let shirt: VariantProduct;

beforeAll(async () => {
  ({ server } = await startSellingServer());
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  shop = await createMugShop(server, adminToken);
  shirt = await createVariantProduct(
    server.database.prisma,
    { slug: 'rest-polo', title: 'Póló', kutiId: 'REST-POLO', grossPrice: 4990 },
    [
      { title: 'Szín', values: ['kék', 'piros'] },
      { title: 'Méret', values: ['M'] },
    ],
    [
      { kutiId: 'REST-POLO-KEK-M', values: ['kék', 'M'], stock: 4 },
      { kutiId: 'REST-POLO-PIROS-M', values: ['piros', 'M'], stock: 0 },
    ],
  );
});
afterAll(() => server?.close());

describe('POST /api/cart/add and /api/cart/price with variant', () => {
  it('adds a variant as its own line, named and coded as the variant', async () => {
    const added = await api<Cart>(server, 'POST', '/api/cart/add', {
      token: customerToken,
      body: { product: shirt.id, variant: shirt.variants['REST-POLO-KEK-M'], quantity: 2 },
    });
    expect(added.status).toBe(200);
    expect(added.body.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['REST-POLO-KEK-M'],
        quantity: 2,
        title: 'Póló, kék, M',
        kutiId: 'REST-POLO-KEK-M',
      }),
    ]);
    const removed = await api<Cart>(server, 'POST', '/api/cart/add', {
      token: customerToken,
      body: { product: shirt.id, variant: shirt.variants['REST-POLO-KEK-M'], quantity: 0 },
    });
    expect(removed.body.lines).toEqual([]);
  });

  it('answers 400 without a variant or with one for a simple product, 404 for a variant not sold, never 500', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ product: shirt.id, quantity: 1 }, 400, /válaszd ki a változatot/],
      [
        { product: shop.mug, variant: shirt.variants['REST-POLO-KEK-M'], quantity: 1 },
        400,
        /nem változatokban/,
      ],
      [{ product: shop.mug + 10_000, variant: 1, quantity: 1 }, 404, /nem található/],
      [{ product: shirt.id, variant: 999_999, quantity: 1 }, 404, /változata nem található/],
      [{ product: shirt.id, variant: 'kék', quantity: 1 }, 400, /.+/],
      [{ product: shirt.id, variant: -1, quantity: 1 }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await api<ErrorBody>(server, 'POST', '/api/cart/add', { token: customerToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('prices a guest cart by product and variant', async () => {
    const priced = await api<Cart>(server, 'POST', '/api/cart/price', {
      body: {
        cart: [
          { product: shirt.id, variant: shirt.variants['REST-POLO-PIROS-M'], quantity: 1 },
          { product: shirt.id, quantity: 1 },
        ],
      },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.lines.map((line) => [line.variant, line.title, line.state])).toEqual([
      [shirt.variants['REST-POLO-PIROS-M'], 'Póló, piros, M', 'out_of_stock'],
      [null, 'Póló', 'unavailable'],
    ]);
  });
});

describe('POST /api/cart/order with a variant', () => {
  it('sells the variant: the line names it and only its stock and the product sum drop', async () => {
    const body = {
      ...guestOrder({ product: shirt.id, shippingMethod: shop.courier, paymentMethod: shop.cod }),
      cart: [{ product: shirt.id, variant: shirt.variants['REST-POLO-KEK-M'], quantity: 3 }],
    };
    const placed = await api<{ order: { lines: Omit<CartLine, 'state'>[] } }>(
      server,
      'POST',
      '/api/cart/order',
      { body },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['REST-POLO-KEK-M'],
        title: 'Póló, kék, M',
        kutiId: 'REST-POLO-KEK-M',
        quantity: 3,
      }),
    ]);
    expect(await storedStock(server.database.prisma, shirt.id)).toMatchObject({
      product: 1,
      variants: { 'REST-POLO-KEK-M': 1, 'REST-POLO-PIROS-M': 0 },
    });

    const short = await api<ErrorBody>(server, 'POST', '/api/cart/order', { body });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe('„Póló, kék, M” termékből csak 1 db van készleten.');
  });
});

describe('POST /api/product/stock with variant codes', () => {
  it('sets a variant by its code beside a product code, and answers variantId', async () => {
    const answer = await api<{
      results: { kutiId: string; productId: number; variantId: number | null; stock: number }[];
    }>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: {
        items: [
          { kutiId: 'REST-POLO-PIROS-M', stock: 6 },
          { kutiId: 'REST-POLO', price: 5290 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      {
        kutiId: 'REST-POLO-PIROS-M',
        status: 'updated',
        productId: shirt.id,
        variantId: shirt.variants['REST-POLO-PIROS-M'],
        stock: 6,
        price: 5290,
      },
      { kutiId: 'REST-POLO', status: 'updated', productId: shirt.id, variantId: null, stock: 7, price: 5290 },
    ]);
    const refused = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-POLO', stock: 3 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/változatok kódjával/);
  });
});

describe('POST /api/product/{id}/notify with variant', () => {
  it('takes a request for a sold-out variant and refuses one without a variant', async () => {
    await api(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-POLO-KEK-M', stock: 0 }] },
    });
    const asked = await api(server, 'POST', `/api/product/${shirt.id}/notify`, {
      body: { variant: shirt.variants['REST-POLO-KEK-M'], email: 'vevo@example.hu' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      productId: shirt.id,
      variantId: shirt.variants['REST-POLO-KEK-M'],
      email: 'vevo@example.hu',
    });
    const missing = await api<ErrorBody>(server, 'POST', `/api/product/${shirt.id}/notify`, {
      body: { email: 'vevo@example.hu' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/válaszd ki a változatot/);
  });
});
