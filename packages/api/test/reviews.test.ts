import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_REVIEWS_PAGE_SIZE } from '../src/services/reviews/shopper-reviews';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/** The rules of services/reviews/shopper-reviews.ts, numbered as there, through the procedures. */

let db: Database;
let shop: Shop;
let guest: Caller;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  guest = await callerFor(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

/** A signed-in shopper's order of a mug and a plate, as the checkout places it. */
async function orderOf(customer: SignedIn) {
  await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
  await customer.caller.cart.add({ product: shop.products.plate, quantity: 2 });
  const placed = await customer.caller.cart.order(orderInput(shop));
  return placed.order.id;
}

/** Delivered: the admin moves the order through the status flow to completed, as the shop does. */
async function deliver(orderId: number) {
  await admin.caller.order.setStatus({ id: orderId, status: 'completed', notify: false });
}

const review = (order: number, product: number, rating = 5) => ({
  order,
  product,
  rating,
  title: 'Nagyon jó',
  body: 'Pont olyan, mint a képen, gyorsan megérkezett.',
});

describe('writing a review (rules 1–4)', () => {
  it('lets the buyer of a delivered order review its products, waiting for moderation', async () => {
    const anna = await createCustomer(db.prisma);
    await db.prisma.user.update({ where: { id: anna.id }, data: { firstName: 'anna', lastName: 'Kovács' } });
    const order = await orderOf(anna);
    await deliver(order);

    const written = await anna.caller.review.create(review(order, shop.products.mug, 4));
    expect(written).toMatchObject({
      rating: 4,
      status: 'pending',
      verified: true,
      authorName: 'Kovács A.',
      answer: null,
    });
    const offered = await anna.caller.review.forOrder({ order });
    expect(offered.reviewable).toBe(true);
    expect(offered.products.map((entry) => [entry.product, entry.review?.id ?? null])).toEqual([
      [shop.products.mug, written.id],
      [shop.products.plate, null],
    ]);
  });

  it('never before the order is delivered (rule 2)', async () => {
    const customer = await createCustomer(db.prisma);
    const order = await orderOf(customer);
    await admin.caller.order.setStatus({ id: order, status: 'shipped', notify: false });

    expect((await customer.caller.review.forOrder({ order })).reviewable).toBe(false);
    await expectTrpcError(
      customer.caller.review.create(review(order, shop.products.mug)),
      'CONFLICT',
      'A rendelés termékeit a rendelés teljesítése (kézbesítése) után értékelheted.',
    );
    expect(await db.prisma.review.count({ where: { orderId: order } })).toBe(0);
  });

  it('never from another shopper’s order, which it does not even reveal (rule 1)', async () => {
    const buyer = await createCustomer(db.prisma);
    const stranger = await createCustomer(db.prisma);
    const order = await orderOf(buyer);
    await deliver(order);

    await expectTrpcError(
      stranger.caller.review.create(review(order, shop.products.mug)),
      'NOT_FOUND',
      'A rendelés nem található a fiókodban.',
    );
    await expectTrpcError(stranger.caller.review.forOrder({ order }), 'NOT_FOUND');
    expect(await db.prisma.review.count({ where: { orderId: order } })).toBe(0);
  });

  it('never by a guest or an API key (rule 1)', async () => {
    const buyer = await createCustomer(db.prisma);
    const order = await orderOf(buyer);
    await deliver(order);

    await expectTrpcError(guest.review.create(review(order, shop.products.mug)), 'UNAUTHORIZED');
    const { key } = await admin.caller.apikey.create({ name: 'Értékelő kulcs', scopes: ['reviews:write'] });
    const program = await callerFor(db.prisma, { token: key });
    await expectTrpcError(program.review.create(review(order, shop.products.mug)), 'FORBIDDEN');
    expect(await db.prisma.review.count({ where: { orderId: order } })).toBe(0);
  });

  it('never a product the order does not hold (rule 3)', async () => {
    const buyer = await createCustomer(db.prisma);
    const order = await orderOf(buyer);
    await deliver(order);

    await expectTrpcError(
      buyer.caller.review.create(review(order, shop.products.scarce)),
      'BAD_REQUEST',
      'Ez a termék nem szerepel a rendelésben.',
    );
  });

  it('never twice for one product, not even from a second delivered order (rule 4)', async () => {
    const buyer = await createCustomer(db.prisma);
    const first = await orderOf(buyer);
    const second = await orderOf(buyer);
    await deliver(first);
    await deliver(second);

    await buyer.caller.review.create(review(first, shop.products.mug, 5));
    const again = 'Ezt a terméket már értékelted: vásárlónként egy értékelés írható egy termékről.';
    await expectTrpcError(buyer.caller.review.create(review(first, shop.products.mug, 1)), 'CONFLICT', again);
    await expectTrpcError(
      buyer.caller.review.create(review(second, shop.products.mug, 1)),
      'CONFLICT',
      again,
    );
    const stored = await db.prisma.review.findMany({ where: { userId: buyer.id }, select: { rating: true } });
    expect(stored).toEqual([{ rating: 5 }]);
  });

  it('goes with the account: a deleted account leaves no review signed with its name', async () => {
    const buyer = await createCustomer(db.prisma);
    const order = await orderOf(buyer);
    await deliver(order);
    const { id } = await buyer.caller.review.create(review(order, shop.products.mug));
    await admin.caller.review.moderate({ id, status: 'approved' });

    await buyer.caller.user.deleteAccount({ password: buyer.password });
    expect(await db.prisma.review.count({ where: { id } })).toBe(0);
  });

  it('refuses ratings outside 1–5 and a too short text in Hungarian', async () => {
    const buyer = await createCustomer(db.prisma);
    const order = await orderOf(buyer);
    await deliver(order);

    await expectTrpcError(
      buyer.caller.review.create({ ...review(order, shop.products.mug), rating: 6 }),
      'BAD_REQUEST',
      'Legfeljebb 5 csillagot adhatsz.',
    );
    await expectTrpcError(
      buyer.caller.review.create({ ...review(order, shop.products.mug), body: 'jó' }),
      'BAD_REQUEST',
      'A vélemény legalább 10 karakter legyen.',
    );
  });
});

describe('moderation and the product page (rule 5)', () => {
  it('shows only approved reviews, their average and count, with the shop’s answer', async () => {
    const product = shop.products.tiered;
    const written: number[] = [];
    for (const rating of [5, 4, 2]) {
      const buyer = await createCustomer(db.prisma);
      await buyer.caller.cart.add({ product, quantity: 1 });
      const placed = await buyer.caller.cart.order(orderInput(shop));
      await deliver(placed.order.id);
      written.push((await buyer.caller.review.create(review(placed.order.id, product, rating))).id);
    }
    const [five, four, two] = written as [number, number, number];

    expect(await guest.review.byProduct({ product })).toMatchObject({
      items: [],
      total: 0,
      summary: { average: null, count: 0 },
    });
    const queue = await admin.caller.review.list({ status: 'pending' });
    expect(queue.items.map((item) => item.id)).toEqual(expect.arrayContaining(written));

    await admin.caller.review.moderate({ id: five, status: 'approved', answer: 'Köszönjük!' });
    await admin.caller.review.moderate({ id: four, status: 'approved' });
    await admin.caller.review.moderate({ id: two, status: 'hidden' });

    const page = await guest.review.byProduct({ product });
    expect(page.summary).toEqual({ average: 4.5, count: 2 });
    expect(page.items.map((item) => [item.id, item.verified, item.answer])).toEqual([
      [four, true, null],
      [five, true, 'Köszönjük!'],
    ]);
    expect(page.items[0]).not.toHaveProperty('status');
    expect((await admin.caller.review.list({ status: 'hidden' })).items.map((item) => item.id)).toEqual([
      two,
    ]);
  });

  it('pages the product’s reviews', async () => {
    const product = shop.products.plate;
    const buyers = await Promise.all(
      Array.from({ length: PRODUCT_REVIEWS_PAGE_SIZE + 1 }, () => createCustomer(db.prisma)),
    );
    for (const buyer of buyers) {
      const order = await orderOf(buyer);
      await deliver(order);
      const { id } = await buyer.caller.review.create(review(order, product));
      await admin.caller.review.moderate({ id, status: 'approved' });
    }
    const first = await guest.review.byProduct({ product });
    const second = await guest.review.byProduct({ product, page: 2 });
    expect(first.items).toHaveLength(PRODUCT_REVIEWS_PAGE_SIZE);
    expect(second.items).toHaveLength(first.total - PRODUCT_REVIEWS_PAGE_SIZE);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(first.total);
  });

  it('lets only reviews:read keys list and only reviews:write keys moderate', async () => {
    const reader = await admin.caller.apikey.create({ name: 'Értékelés-olvasó', scopes: ['reviews:read'] });
    const keyCaller = await callerFor(db.prisma, { token: reader.key });
    await expect(keyCaller.review.list({})).resolves.toMatchObject({ page: 1 });
    await expectTrpcError(keyCaller.review.moderate({ id: 1, status: 'approved' }), 'FORBIDDEN');
  });

  it('answers 404 for an unknown review', async () => {
    await expectTrpcError(admin.caller.review.moderate({ id: 999_999, status: 'approved' }), 'NOT_FOUND');
  });
});
