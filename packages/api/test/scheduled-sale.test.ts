import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TProduct } from '../src/schemas';
import { refreshLowestPrices } from '../src/services/catalogue/lowest-price';
import { type Caller, callerFor, createAdmin, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// A scheduled sale starts and ends on time with no write and no restart: only the clock moves (Date is
// faked, timers are not). The card, the product page, getPrice, the cart, the price filter and the
// price order all follow it, and the price history gets the sale price from its start.
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const T0 = new Date('2026-11-20T10:00:00Z').getTime();
const START = T0 + HOUR_MS;
const END = T0 + DAY_MS;

let db: Database;
let admin: SignedIn;
let guest: Caller;
let saleId = 0;
let categoryId = 0;

const at = (ms: number) => vi.setSystemTime(new Date(ms));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  categoryId = (await db.prisma.category.create({ data: { slug: 'akciok' } })).id;
  // Sold at 2 000 Ft for 40 days before the sale; a rival costs 1 800 Ft.
  at(T0 - 40 * DAY_MS);
  const create = (title: string, price: number) =>
    admin.caller.product.update({
      price,
      stock: 10,
      categoryIds: [categoryId],
      descriptions: [{ language: 'hu', title }],
    });
  saleId = (await create('Akciós bögre', 2000)).id;
  await create('Olcsó bögre', 1800);
  at(T0);
  await admin.caller.product.update({
    id: saleId,
    salePrice: 1500,
    saleStartsAt: new Date(START).toISOString(),
    saleEndsAt: new Date(END).toISOString(),
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await db?.close();
});

/** What a guest sees and pays for the sale product at the faked now. */
async function seen() {
  const card = (await guest.product.filters({ category: categoryId, sort: 'price-asc' })).items;
  const cheap = (await guest.product.filters({ category: categoryId, priceMax: 1600 })).items;
  const page = await guest.product.byId({ id: saleId });
  const price = await guest.product.getPrice({ id: saleId, quantity: 2 });
  const cart = await guest.cart.price({ cart: [{ product: saleId, quantity: 2 }] });
  const mine = card.find((item) => item.id === saleId);
  return {
    card: { price: mine?.price, originalPrice: mine?.originalPrice, lowestPrice30d: mine?.lowestPrice30d },
    page: { price: page.price, originalPrice: page.originalPrice, lowestPrice30d: page.lowestPrice30d },
    getPrice: {
      unitPrice: price.unitPrice,
      listPrice: price.listPrice,
      lowestPrice30d: price.lowestPrice30d,
    },
    cart: cart.lines.map((line) => line.unitPrice),
    cheapestFirst: card[0]?.title,
    underPriceMax: cheap.map((item) => item.id),
  };
}

describe('a scheduled sale price', () => {
  it('is not paid before its start, though it is saved', async () => {
    at(START - 1000);
    const before = await seen();
    expect(before.card).toEqual({ price: 2000, originalPrice: null, lowestPrice30d: null });
    expect(before.getPrice.unitPrice).toBe(2000);
    expect(before.cart).toEqual([2000]);
    expect(before.cheapestFirst).toBe('Olcsó bögre');
    expect(before.underPriceMax).toEqual([]);
    const product = await admin.caller.product.byId({ id: saleId });
    expect(product.admin).toMatchObject({
      salePrice: 1500,
      saleStartsAt: new Date(START).toISOString(),
      saleEndsAt: new Date(END).toISOString(),
    });
  });

  it('starts on time everywhere with nothing written, shown against the price of the 30 days before', async () => {
    at(START);
    const during = await seen();
    const reduced = { price: 1500, originalPrice: 2000, lowestPrice30d: 2000 };
    expect(during.card).toEqual(reduced);
    expect(during.page).toEqual(reduced);
    expect(during.getPrice).toEqual({ unitPrice: 1500, listPrice: 2000, lowestPrice30d: 2000 });
    expect(during.cart).toEqual([1500]);
    expect(during.cheapestFirst).toBe('Akciós bögre');
    expect(during.underPriceMax).toEqual([saleId]);
  });

  it('enters the price history at its start and leaves it at its end', async () => {
    at(START);
    const history = await db.prisma.productPriceHistory.findMany({
      where: { productId: saleId },
      orderBy: { validFrom: 'asc' },
      select: { grossPrice: true, validFrom: true },
    });
    expect(history.map((entry) => [entry.grossPrice, entry.validFrom.getTime()])).toEqual([
      [2000, T0 - 40 * DAY_MS],
      [1500, START],
      [2000, END],
    ]);
    await refreshLowestPrices(db.prisma);
    const stored = await db.prisma.product.findUniqueOrThrow({ where: { id: saleId } });
    // The sale price is now the lowest of the last 30 days (what a later reduction is measured against),
    expect(stored.lowestPrice30d).toBe(1500);
    // while the running sale is still shown against the price before it.
    expect((await seen()).card.lowestPrice30d).toBe(2000);
  });

  it('ends on time everywhere with nothing written', async () => {
    at(END);
    const after = await seen();
    expect(after.card).toEqual({ price: 2000, originalPrice: null, lowestPrice30d: null });
    expect(after.getPrice.unitPrice).toBe(2000);
    expect(after.cart).toEqual([2000]);
    expect(after.cheapestFirst).toBe('Olcsó bögre');
    expect(after.underPriceMax).toEqual([]);
  });
});

describe('the admin’s sale fields', () => {
  it('refuse a sale price not below the list price and an end not after the start, in Hungarian', async () => {
    await expectTrpcError(
      admin.caller.product.update({ id: saleId, salePrice: 2000 }),
      'BAD_REQUEST',
      /^Hibás adat: salePrice – Az akciós ár legyen alacsonyabb a listaárnál \(2\s000\sFt\)\.$/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: saleId, price: 1400 }),
      'BAD_REQUEST',
      /akciós ár legyen alacsonyabb/,
    );
    await expectTrpcError(
      admin.caller.product.update({
        id: saleId,
        saleStartsAt: new Date(END).toISOString(),
        saleEndsAt: new Date(START).toISOString(),
      }),
      'BAD_REQUEST',
      /saleEndsAt – Az akció vége legyen későbbi a kezdeténél\.$/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: saleId, salePrice: 0 }),
      'BAD_REQUEST',
      /nagyobb 0 Ft-nál/,
    );
  });
});

describe('a variant’s sale', () => {
  const T1 = END + DAY_MS;
  const VARIANT_END = T1 + 2 * HOUR_MS;
  let product: TProduct;
  const id = (code: string) => product.variants.find((variant) => variant.kutiId === code)?.id ?? 0;
  const pay = async (code: string, quantity = 1) =>
    (await guest.product.getPrice({ id: product.id, variant: id(code), quantity })).unitPrice;

  beforeAll(async () => {
    at(T1 - DAY_MS);
    const created = await admin.caller.product.update({
      price: 3000,
      tiers: [{ minQuantity: 10, price: 2400 }],
      salePrice: 2500,
      descriptions: [{ language: 'hu', title: 'Akciós póló' }],
    });
    product = await admin.caller.product.variants({
      product: created.id,
      options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }, { title: 'L' }] }],
      variants: [
        // The product's price, so the product's sale.
        { values: ['S'], kutiId: 'SALE-S', stock: 20 },
        // A price of its own and no sale of its own: no sale.
        { values: ['M'], kutiId: 'SALE-M', stock: 20, grossPrice: 3500 },
        // Its own sale, ending before the product's.
        {
          values: ['L'],
          kutiId: 'SALE-L',
          stock: 20,
          grossPrice: 3500,
          salePrice: 2900,
          saleEndsAt: new Date(VARIANT_END).toISOString(),
        },
      ],
    });
  });

  it('follows the rule: the product’s sale without a price of its own, its own sale on time, the lowest price paid', async () => {
    at(T1);
    expect([await pay('SALE-S'), await pay('SALE-M'), await pay('SALE-L')]).toEqual([2500, 3500, 2900]);
    // A quantity tier below the sale price wins: the shopper pays the lowest applicable price.
    expect(await pay('SALE-S', 10)).toBe(2400);
    const cart = await guest.cart.price({
      cart: [
        { product: product.id, variant: id('SALE-S'), quantity: 1 },
        { product: product.id, variant: id('SALE-L'), quantity: 1 },
      ],
    });
    expect(cart.lines.map((line) => line.unitPrice)).toEqual([2500, 2900]);
    const page = await guest.product.byId({ id: product.id });
    expect(page.variants.find((variant) => variant.kutiId === 'SALE-L')).toMatchObject({
      price: 2900,
      originalPrice: 3500,
    });

    at(VARIANT_END);
    expect([await pay('SALE-S'), await pay('SALE-M'), await pay('SALE-L')]).toEqual([2500, 3500, 3500]);
  });

  it('refuses a variant’s sale price not below its own list price, under the row’s field', async () => {
    const refused = await expectTrpcError(
      admin.caller.product.variants({
        product: product.id,
        options: [{ title: 'Méret', values: [{ title: 'S' }] }],
        variants: [{ id: id('SALE-S'), values: ['S'], grossPrice: 3500, salePrice: 3500 }],
      }),
      'BAD_REQUEST',
      /variants\.0\.salePrice – Az akciós ár legyen alacsonyabb a listaárnál \(3\s500\sFt\)\./,
    );
    expect(refused).toBeTruthy();
  });
});

describe('a new list price by code during a scheduled sale', () => {
  it('moves the price the history returns to at the sale’s end', async () => {
    const T2 = END + 10 * DAY_MS;
    at(T2);
    const created = await admin.caller.product.update({
      kutiId: 'SALE-SYNC',
      price: 4000,
      salePrice: 3000,
      saleStartsAt: new Date(T2 + HOUR_MS).toISOString(),
      saleEndsAt: new Date(T2 + DAY_MS).toISOString(),
      descriptions: [{ language: 'hu', title: 'Szinkronizált akciós tál' }],
    });
    at(T2 + 60_000);
    await admin.caller.product.stock({ items: [{ kutiId: 'SALE-SYNC', price: 4500 }] });
    const history = await db.prisma.productPriceHistory.findMany({
      where: { productId: created.id },
      orderBy: { validFrom: 'asc' },
      select: { grossPrice: true, validFrom: true },
    });
    expect(history.map((entry) => [entry.grossPrice, entry.validFrom.getTime()])).toEqual([
      [4000, T2],
      [4500, T2 + 60_000],
      [3000, T2 + HOUR_MS],
      [4500, T2 + DAY_MS],
    ]);
  });
});

describe('a variant with a list price of its own', () => {
  it('has its own price history and 30-day lowest price, apart from its product’s', async () => {
    const T3 = END + 100 * DAY_MS;
    const SALE_START = T3 + HOUR_MS;
    const SALE_END = T3 + 2 * DAY_MS;
    at(T3 - 40 * DAY_MS);
    const created = await admin.caller.product.update({
      price: 3000,
      descriptions: [{ language: 'hu', title: 'Saját árú pulóver' }],
    });
    const options = [{ title: 'Méret', values: [{ title: 'M' }, { title: 'XXL' }] }];
    const made = await admin.caller.product.variants({
      product: created.id,
      options,
      variants: [
        { values: ['M'], kutiId: 'PULO-M', stock: 5 },
        { values: ['XXL'], kutiId: 'PULO-XXL', stock: 5, grossPrice: 4000 },
      ],
    });
    const xxl = made.variants.find((variant) => variant.kutiId === 'PULO-XXL')?.id ?? 0;
    const m = made.variants.find((variant) => variant.kutiId === 'PULO-M')?.id ?? 0;
    const save = (sale: { salePrice: number; saleStartsAt: string; saleEndsAt: string }) =>
      admin.caller.product.variants({
        product: created.id,
        options,
        variants: [
          { id: m, values: ['M'] },
          { id: xxl, values: ['XXL'], ...sale },
        ],
      });
    const shown = async () => {
      const page = await guest.product.byId({ id: created.id });
      const variant = page.variants.find((row) => row.id === xxl);
      return {
        price: variant?.price,
        originalPrice: variant?.originalPrice,
        lowestPrice30d: variant?.lowestPrice30d,
      };
    };

    at(T3);
    await save({
      salePrice: 3200,
      saleStartsAt: new Date(SALE_START).toISOString(),
      saleEndsAt: new Date(SALE_END).toISOString(),
    });
    const own = await db.prisma.productPriceHistory.findMany({
      where: { variantId: xxl },
      orderBy: { validFrom: 'asc' },
      select: { grossPrice: true, validFrom: true },
    });
    expect(own.map((entry) => [entry.grossPrice, entry.validFrom.getTime()])).toEqual([
      [4000, T3 - 40 * DAY_MS],
      [3200, SALE_START],
      [4000, SALE_END],
    ]);

    // During its sale: shown against its own price of the 30 days before, not the product's 3 000 Ft.
    at(SALE_START);
    expect(await shown()).toEqual({ price: 3200, originalPrice: 4000, lowestPrice30d: 4000 });

    // After it, its own lowest is the sale price, and the product's stays its own.
    at(SALE_END + HOUR_MS);
    await refreshLowestPrices(db.prisma);
    const stored = await db.prisma.productVariant.findUniqueOrThrow({ where: { id: xxl } });
    expect(stored.lowestPrice30d).toBe(3200);
    const product = await db.prisma.product.findUniqueOrThrow({ where: { id: created.id } });
    expect(product.lowestPrice30d).toBe(3000);
    const adminView = await admin.caller.product.byId({ id: created.id });
    expect(adminView.admin?.priceHistory.map((entry) => entry.price)).toEqual([3000]);

    // A new sale a week later is measured against the 3 200 Ft of the last 30 days.
    at(SALE_END + 7 * DAY_MS);
    await save({
      salePrice: 3500,
      saleStartsAt: new Date(SALE_END + 7 * DAY_MS).toISOString(),
      saleEndsAt: new Date(SALE_END + 14 * DAY_MS).toISOString(),
    });
    expect(await shown()).toEqual({ price: 3500, originalPrice: 4000, lowestPrice30d: 3200 });
  });
});
