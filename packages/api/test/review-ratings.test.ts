import type { Database, Prisma } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/**
 * The listing by rating (#29): "Legjobbra értékelt" and "legalább N csillag" on POST /api/product/filters,
 * from the rating the database keeps with each product. Only approved reviews count, and the listing
 * follows moderation at once.
 */

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

/** A delivered order of the mug and the plate by a new customer, who then reviews them. */
async function buyerReviews(ratings: { mug?: number; plate?: number }): Promise<number[]> {
  const customer = await createCustomer(db.prisma);
  await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
  await customer.caller.cart.add({ product: shop.products.plate, quantity: 1 });
  const { order } = await customer.caller.cart.order(orderInput(shop));
  await admin.caller.order.setStatus({ id: order.id, status: 'completed', notify: false });
  const ids: number[] = [];
  for (const [key, rating] of Object.entries(ratings)) {
    const product = shop.products[key as 'mug' | 'plate'];
    const body = 'Pont olyan, mint a képen, gyorsan megérkezett.';
    ids.push((await customer.caller.review.create({ order: order.id, product, rating, body })).id);
  }
  return ids;
}

const approve = (id: number) => admin.caller.review.moderate({ id, status: 'approved' });

async function listed(input: { sort?: 'rating'; minRating?: number }): Promise<number[]> {
  const page = await guest.product.filters({ ...input, pageSize: 100 });
  return page.items.map((item) => item.id);
}

async function cardRating(id: number) {
  const page = await guest.product.filters({ pageSize: 100 });
  return page.items.find((item) => item.id === id)?.rating;
}

describe('the product listing by rating', () => {
  it('counts approved reviews only, best average first, then more reviews, unrated last', async () => {
    const [mugFive = 0, plateFour = 0] = await buyerReviews({ mug: 5, plate: 4 });
    const [mugThree = 0, plateFive = 0] = await buyerReviews({ mug: 3, plate: 5 });
    const [pendingMug = 0] = await buyerReviews({ mug: 1 });

    // Nothing approved yet: no product has a rating to filter by, and no card shows stars.
    expect(await listed({ minRating: 1 })).toEqual([]);
    expect(await cardRating(shop.products.mug)).toBeNull();

    for (const id of [mugFive, plateFour, mugThree]) await approve(id);
    // Mug 4.0 of two reviews, plate 4.0 of one: the same average, more reviews first. The pending 1 counts for nothing.
    const sorted = await listed({ sort: 'rating' });
    expect(sorted.slice(0, 2)).toEqual([shop.products.mug, shop.products.plate]);
    expect(sorted).toContain(shop.products.tiered);
    // The cards carry the stars the listing shows: the mug's two approved reviews, not the pending one.
    expect(await cardRating(shop.products.mug)).toEqual({ average: 4, count: 2 });
    expect(await cardRating(shop.products.plate)).toEqual({ average: 4, count: 1 });
    expect(await cardRating(shop.products.tiered)).toBeNull();
    expect(await listed({ minRating: 4 })).toEqual(
      expect.arrayContaining([shop.products.mug, shop.products.plate]),
    );
    expect(await listed({ minRating: 5 })).toEqual([]);

    await approve(plateFive);
    expect((await listed({ sort: 'rating' })).slice(0, 2)).toEqual([shop.products.plate, shop.products.mug]);
    expect(await listed({ minRating: 5 })).toEqual([]);
    expect(await listed({ minRating: 4, sort: 'rating' })).toEqual([shop.products.plate, shop.products.mug]);

    // Hiding the mug's five stars leaves it at 3: below four, still above the unrated products.
    await admin.caller.review.moderate({ id: mugFive, status: 'hidden' });
    expect(await listed({ minRating: 4 })).toEqual([shop.products.plate]);
    expect((await listed({ sort: 'rating' })).slice(0, 2)).toEqual([shop.products.plate, shop.products.mug]);
    expect(await listed({ minRating: 3 })).toEqual(
      expect.arrayContaining([shop.products.plate, shop.products.mug]),
    );
    expect(pendingMug).toBeGreaterThan(0);
  });

  it('keeps the stored rating right when a review is deleted with its account', async () => {
    const ratingOf = () =>
      db.prisma.product.findUniqueOrThrow({
        where: { id: shop.products.scarce },
        select: { ratingAverage: true, ratingCount: true },
      });
    const customer = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.scarce, quantity: 1 });
    const { order } = await customer.caller.cart.order(orderInput(shop));
    await admin.caller.order.setStatus({ id: order.id, status: 'completed', notify: false });
    const written = await customer.caller.review.create({
      order: order.id,
      product: shop.products.scarce,
      rating: 2,
      body: 'Nem egészen olyan, mint vártam.',
    });
    expect(await ratingOf()).toEqual({ ratingAverage: null, ratingCount: 0 });
    await approve(written.id);
    expect(await ratingOf()).toEqual({ ratingAverage: 2, ratingCount: 1 });

    const version = async () =>
      (await db.prisma.cacheVersion.findUnique({ where: { key: 'catalogue' } }))?.version ?? 0;
    const before = await version();
    // The account's deletion cascades to its reviews without the review service knowing.
    await db.prisma.review.deleteMany({ where: { userId: customer.id } });
    expect(await ratingOf()).toEqual({ ratingAverage: null, ratingCount: 0 });
    // …and marks the catalogue changed, so every server's listing drops the old rating.
    expect(await version()).toBeGreaterThan(before);
  });

  it('refuses a minimum outside 1–5 in Hungarian', async () => {
    await expectTrpcError(guest.product.filters({ minRating: 6 }), 'BAD_REQUEST', /legfeljebb 5 csillag/);
  });
});

// Two transactions open at once need two connections: the embedded database has one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two approvals of one product at the same moment', () => {
  it('both count: the second waits for the first before it recounts', async () => {
    const [first = 0] = await buyerReviews({ plate: 5 });
    const [second = 0] = await buyerReviews({ plate: 1 });
    const setApproved = (tx: Prisma.TransactionClient, id: number) =>
      tx.review.update({ where: { id }, data: { status: 'approved' } });

    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const firstWrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const firstCommit = db.prisma.$transaction(async (tx) => {
      await setApproved(tx, first);
      written();
      await released;
    });
    await firstWrote;
    const secondCommit = db.prisma.$transaction((tx) => setApproved(tx, second));
    // Commit the first only once the second is waiting inside its trigger, so the two really overlap.
    for (let waited = 0; ; waited += 20) {
      const [row] = await db.prisma.$queryRaw<{ waiting: bigint }[]>`
        SELECT count(*) AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (Number(row?.waiting) > 0) break;
      if (waited > 10_000) throw new Error('the second approval never waited for the first');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await Promise.all([firstCommit, secondCommit]);

    const approved = await db.prisma.review.aggregate({
      where: { productId: shop.products.plate, status: 'approved' },
      _avg: { rating: true },
      _count: true,
    });
    expect(
      await db.prisma.product.findUniqueOrThrow({
        where: { id: shop.products.plate },
        select: { ratingAverage: true, ratingCount: true },
      }),
    ).toEqual({ ratingAverage: approved._avg.rating, ratingCount: approved._count });
  });
});
