import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChangeFeedInput } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let admin: SignedIn;
let guest: Caller;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(() => db?.close());

type Feed = 'order' | 'product' | 'customer';
type Page = { items: { id: number }[]; deleted: number[]; nextCursor: string; hasMore: boolean };

function readFeed(feed: Feed, input: Partial<TChangeFeedInput> = {}): Promise<Page> {
  const request = { limit: 100, ...input };
  if (feed === 'order') return admin.caller.order.changes(request);
  if (feed === 'product') return admin.caller.product.changes(request);
  return admin.caller.customer.changes(request);
}

/** Every page from `cursor` to the end of the feed as it is now, and the cursor to go on from. */
async function drain(feed: Feed, cursor?: string, limit = 100) {
  const items: { id: number }[] = [];
  const deleted: number[] = [];
  let page = await readFeed(feed, { cursor, limit });
  for (;;) {
    items.push(...page.items);
    deleted.push(...page.deleted);
    if (!page.hasMore) return { items, deleted, cursor: page.nextCursor };
    page = await readFeed(feed, { cursor: page.nextCursor, limit });
  }
}

let serial = 0;
async function newProduct(stock = 10) {
  serial += 1;
  return admin.caller.product.update({
    kutiId: `VF-${serial}`,
    price: 1000 + serial,
    stock,
    enabled: true,
    descriptions: [{ language: 'hu', title: `Folyam bögre ${serial}` }],
  });
}

describe('the product change feed', () => {
  it('starts with every product there is, then answers only what changed since the cursor', async () => {
    const first = await newProduct();
    const start = await drain('product', undefined, 2);
    expect(start.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([first.id, ...Object.values(shop.products)]),
    );
    expect(new Set(start.items.map((item) => item.id)).size).toBe(start.items.length);

    expect(await readFeed('product', { cursor: start.cursor })).toMatchObject({ items: [], hasMore: false });

    await admin.caller.product.stock({ items: [{ kutiId: first.kutiId ?? '', adjust: 5 }] });
    const second = await newProduct();
    const after = await readFeed('product', { cursor: start.cursor });
    expect(after.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(after.items[0]).toMatchObject({
      id: first.id,
      stock: 15,
      kutiId: first.kutiId,
      price: first.price,
    });
  });

  it('shows a stock move made by an order, and a change to its variants, as a change of the product', async () => {
    const { cursor } = await drain('product');
    const product = await newProduct(8);
    await guest.cart.order(orderInput(shop, { cart: [{ product: product.id, quantity: 3 }] }));
    const page = await readFeed('product', { cursor });
    expect(page.items).toEqual([expect.objectContaining({ id: product.id, stock: 5 })]);

    await admin.caller.product.variants({
      product: product.id,
      options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
      variants: [
        { values: ['S'], kutiId: `${product.kutiId}-S`, stock: 2 },
        { values: ['M'], kutiId: `${product.kutiId}-M`, stock: 4, grossPrice: 1500 },
      ],
    });
    const withVariants = await readFeed('product', { cursor: page.nextCursor });
    expect(withVariants.items).toHaveLength(1);
    expect(withVariants.items[0]).toMatchObject({
      id: product.id,
      variants: [
        expect.objectContaining({ kutiId: `${product.kutiId}-S`, stock: 2, grossPrice: null }),
        expect.objectContaining({ kutiId: `${product.kutiId}-M`, stock: 4, grossPrice: 1500 }),
      ],
    });

    const variant = await db.prisma.productVariant.findFirstOrThrow({
      where: { kutiId: `${product.kutiId}-M` },
    });
    await db.prisma.productVariant.update({ where: { id: variant.id }, data: { stock: 9 } });
    const moved = await readFeed('product', { cursor: withVariants.nextCursor });
    expect(moved.items.map((item) => item.id)).toEqual([product.id]);
  });

  it('names a deleted product once in `deleted`, and never brings it back', async () => {
    const { cursor } = await drain('product');
    const product = await newProduct();
    await db.prisma.product.delete({ where: { id: product.id } });
    const page = await readFeed('product', { cursor });
    expect(page).toMatchObject({ items: [], deleted: [product.id] });
    expect(await readFeed('product', { cursor: page.nextCursor })).toMatchObject({ items: [], deleted: [] });
  });

  it('starts from a time with updatedSince, leaving out what changed before it', async () => {
    const before = await newProduct();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await newProduct();
    const page = await readFeed('product', { updatedSince: since });
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
    // The cursor of an answer that was not full stands at the end: it does not rewind to older changes.
    expect(await readFeed('product', { cursor: page.nextCursor })).toMatchObject({ items: [] });
  });
});

describe('the order change feed', () => {
  it('answers a new order, then the same order again after each change, with its updatedAt', async () => {
    const { cursor } = await drain('order');
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const created = await readFeed('order', { cursor });
    expect(created.items).toEqual([expect.objectContaining({ id: placed.order.id, status: 'received' })]);
    const createdAt = (created.items[0] as { updatedAt: string }).updatedAt;

    await admin.caller.order.setStatus({ id: placed.order.id, status: 'processing' });
    const changed = await readFeed('order', { cursor: created.nextCursor });
    expect(changed.items).toEqual([expect.objectContaining({ id: placed.order.id, status: 'processing' })]);
    expect(Date.parse((changed.items[0] as { updatedAt: string }).updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(createdAt),
    );
    expect(await readFeed('order', { cursor: changed.nextCursor })).toMatchObject({
      items: [],
      hasMore: false,
    });
  });

  it('counts a payment recorded on the order as its change', async () => {
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 1 }] }),
    );
    const { cursor } = await drain('order');
    await admin.caller.order.recordPayment({ id: placed.order.id, amount: placed.order.total });
    const page = await readFeed('order', { cursor });
    expect(page.items).toEqual([
      expect.objectContaining({ id: placed.order.id, paidTotal: placed.order.total }),
    ]);
  });
});

describe('the customer change feed', () => {
  it('answers customers, not admins, with their addresses, when they or their addresses change', async () => {
    const { cursor } = await drain('customer');
    const customer = await createCustomer(db.prisma);
    await createAdmin(db.prisma);
    const created = await readFeed('customer', { cursor });
    expect(created.items.map((item) => item.id)).toEqual([customer.id]);

    await customer.caller.user.addressCreate({
      type: 'shipping',
      name: 'Kovács Anna',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    const changed = await readFeed('customer', { cursor: created.nextCursor });
    expect(changed.items).toEqual([
      expect.objectContaining({
        id: customer.id,
        addresses: [expect.objectContaining({ city: 'Budapest' })],
      }),
    ]);
  });
});

describe('reading a change feed', () => {
  it('refuses a cursor it did not hand out, and a limit out of range, in Hungarian', async () => {
    await expectTrpcError(
      readFeed('order', { cursor: 'valami' }),
      'BAD_REQUEST',
      'A cursor érvénytelen: a változásfolyam egy korábbi válaszának nextCursor értékét kell küldeni.',
    );
    await expectTrpcError(readFeed('order', { limit: 201 }), 'BAD_REQUEST', 'A limit legfeljebb 200.');
    await expectTrpcError(
      readFeed('product', { updatedSince: 'tegnap' }),
      'BAD_REQUEST',
      'Az updatedSince ISO 8601 időpont (pl. 2026-11-29T08:00:00Z).',
    );
  });

  it('is for staff: a stranger gets 401, a shopper 403', async () => {
    const shopper = await createCustomer(db.prisma);
    await expectTrpcError(guest.order.changes({ limit: 10 }), 'UNAUTHORIZED');
    await expectTrpcError(shopper.caller.product.changes({ limit: 10 }), 'FORBIDDEN');
    await expectTrpcError(shopper.caller.customer.changes({ limit: 10 }), 'FORBIDDEN');
  });
});
