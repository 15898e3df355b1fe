import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { MESSAGES } from '../src/errors';
import { MAX_CART_LINES } from '../src/schemas';
import { CART_FULL } from '../src/services/cart/server-cart';
import { bumpCatalogue, invalidateCatalogue } from '../src/services/catalogue/in-memory-index';
import { callerFor, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(() => db?.close());

async function setEnabled(product: number, enabled: boolean) {
  await db.prisma.$transaction(async (tx) => {
    await tx.product.update({ where: { id: product }, data: { enabled } });
    await bumpCatalogue(tx);
  });
  invalidateCatalogue(cacheFor(db.prisma));
}

describe('server cart (POST /api/cart/add, /api/cart/clear)', () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await createCustomer(db.prisma);
  });

  it('adds, sums the same product, removes with quantity 0 and lists with an empty body', async () => {
    const cart = customer.caller.cart;
    await cart.add({ product: shop.products.mug, quantity: 2 });
    await cart.add({ product: shop.products.plate, quantity: 1 });
    const summed = await cart.add({ product: shop.products.mug, quantity: 3 });
    expect(summed.lines.map((line) => [line.product, line.quantity])).toEqual([
      [shop.products.mug, 5],
      [shop.products.plate, 1],
    ]);
    expect(summed.itemCount).toBe(6);
    expect(summed.subtotal).toBe(5 * 3990 + 2490);

    const removed = await cart.add({ product: shop.products.plate, quantity: 0 });
    expect(removed.lines.map((line) => line.product)).toEqual([shop.products.mug]);

    const listed = await cart.add({});
    expect(listed).toEqual(removed);
    expect(await cart.get()).toEqual(removed);

    const replaced = await cart.add({ product: shop.products.mug, quantity: 1, replace: true });
    expect(replaced.lines[0]).toMatchObject({ quantity: 1, unitPrice: 3990, lineTotal: 3990 });

    const cleared = await cart.clear({});
    expect(cleared.lines).toEqual([]);
    expect((await cart.get()).lines).toEqual([]);
  });

  it('prices lines with the same rule as getPrice (quantity tiers)', async () => {
    const cart = await customer.caller.cart.add({
      product: shop.products.tiered,
      quantity: 12,
      replace: true,
    });
    const line = cart.lines.find((entry) => entry.product === shop.products.tiered);
    const price = await customer.caller.product.getPrice({ id: shop.products.tiered, quantity: 12 });
    expect(line).toMatchObject({ unitPrice: price.unitPrice, lineTotal: price.total });
    expect(line?.unitPrice).toBe(800);
    await customer.caller.cart.clear({});
  });

  it('keeps a line that ran short and says so, instead of dropping it', async () => {
    const cart = await customer.caller.cart.add({ product: shop.products.scarce, quantity: 50 });
    const line = cart.lines.find((entry) => entry.product === shop.products.scarce);
    expect(line).toMatchObject({ state: 'insufficient_stock', stock: 10 });
    expect(line?.message).toMatch(/csak 10 db van készleten/);
    expect(cart.orderable).toBe(false);
    expect(cart.subtotal).toBe(0);
    await customer.caller.cart.clear({});
  });

  it('refuses a product the shopper cannot buy with 404, and strangers with 401', async () => {
    await expectTrpcError(
      customer.caller.cart.add({ product: shop.products.hidden, quantity: 1 }),
      'NOT_FOUND',
    );
    await expectTrpcError(customer.caller.cart.add({ product: 999_999, quantity: 1 }), 'NOT_FOUND');
    const stranger = await callerFor(db.prisma);
    await expectTrpcError(
      stranger.cart.add({ product: shop.products.mug, quantity: 1 }),
      'UNAUTHORIZED',
      MESSAGES.sessionExpired,
    );
    await expectTrpcError(stranger.cart.get(), 'UNAUTHORIZED');
    await expectTrpcError(stranger.cart.clear({}), 'UNAUTHORIZED');
  });

  it('lets a line change after its product was hidden, but never adds a new line past the limit', async () => {
    const shopper = await createCustomer(db.prisma);
    await shopper.caller.cart.add({ product: shop.products.plate, quantity: 1 });
    await setEnabled(shop.products.plate, false);
    try {
      const changed = await shopper.caller.cart.add({ product: shop.products.plate, quantity: 2 });
      expect(changed.lines).toMatchObject([
        { product: shop.products.plate, quantity: 3, state: 'unavailable' },
      ]);
    } finally {
      await setEnabled(shop.products.plate, true);
    }

    // A full cart: MAX_CART_LINES lines, written directly to keep the test fast.
    const filler = await db.prisma.product.createManyAndReturn({
      data: Array.from({ length: MAX_CART_LINES - 1 }, (_, i) => ({
        slug: `filler-${i}`,
        grossPrice: 100,
        stock: 5,
      })),
      select: { id: true },
    });
    const cart = await db.prisma.cart.findUniqueOrThrow({ where: { userId: shopper.id } });
    await db.prisma.cartLine.createMany({
      data: filler.map((product) => ({ cartId: cart.id, productId: product.id, quantity: 1 })),
    });
    await expectTrpcError(
      shopper.caller.cart.add({ product: shop.products.mug, quantity: 1 }),
      'CONFLICT',
      CART_FULL,
    );
    const stillChanges = await shopper.caller.cart.add({ product: shop.products.plate, quantity: 1 });
    expect(stillChanges.lines).toHaveLength(MAX_CART_LINES);
    expect(stillChanges.lines.find((line) => line.product === shop.products.plate)?.quantity).toBe(4);
    await shopper.caller.cart.add({ product: shop.products.plate, quantity: 0 });
    const roomAgain = await shopper.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    expect(roomAgain.lines.at(-1)).toMatchObject({ product: shop.products.mug, quantity: 1 });
  });

  it('refuses negative and absurd quantities with a Hungarian 400', async () => {
    await expectTrpcError(
      customer.caller.cart.add({ product: shop.products.mug, quantity: -1 }),
      'BAD_REQUEST',
      /mennyiség/,
    );
    await expectTrpcError(
      customer.caller.cart.add({ product: shop.products.mug, quantity: 1_000_000 }),
      'BAD_REQUEST',
      /mennyiség/,
    );
  });

  it("keeps one shopper's cart away from another's", async () => {
    const other = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 2 });
    expect((await other.caller.cart.get()).lines).toEqual([]);
    await other.caller.cart.clear({});
    expect((await customer.caller.cart.get()).itemCount).toBe(2);
    await customer.caller.cart.clear({});
  });
});

describe('guest cart pricing (POST /api/cart/price)', () => {
  it('prices a browser cart like the server cart, merging repeated products', async () => {
    const guest = await callerFor(db.prisma);
    const cart = await guest.cart.price({
      cart: [
        { product: shop.products.tiered, quantity: 6 },
        { product: shop.products.tiered, quantity: 4 },
        { product: shop.products.hidden, quantity: 1 },
      ],
    });
    expect(cart.lines).toHaveLength(2);
    expect(cart.lines[0]).toMatchObject({
      product: shop.products.tiered,
      quantity: 10,
      unitPrice: 800,
      state: 'available',
    });
    expect(cart.lines[1]).toMatchObject({ product: shop.products.hidden, state: 'unavailable', slug: null });
    expect(cart.orderable).toBe(false);
    expect(cart.subtotal).toBe(8000);
  });

  it('estimates shipping and tells how much more ships free', async () => {
    const guest = await callerFor(db.prisma);
    const cart = await guest.cart.price({ cart: [{ product: shop.products.mug, quantity: 4 }] });
    // 4 × 3 990 = 15 960 Ft; the courier ships free from 20 000 Ft, the locker is the cheapest now.
    expect(cart.shipping).toEqual({
      methodId: shop.shipping.locker,
      name: 'Csomagautomata',
      // The fixtures' locker is priced as one but set up without a pickup carrier.
      pickupCarrier: null,
      fee: 1290,
      freeAbove: 20_000,
      remainingForFree: 4040,
    });
    const free = await guest.cart.price({ cart: [{ product: shop.products.mug, quantity: 6 }] });
    expect(free.shipping).toMatchObject({ name: 'GLS futár', fee: 0, remainingForFree: 0 });
  });
});
