import type { Database, PrismaClient } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import {
  recomputeLowestPrices,
  refreshLowestPrices,
  startLowestPriceRefresher,
} from '../src/services/catalogue/lowest-price';
import { saveProduct } from '../src/services/catalogue/product-admin';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

/** A product whose price history is given, with the 30-day lowest price as it was last stored. */
async function productWithHistory(
  grossPrice: number,
  storedLowest: number | null,
  history: Array<[at: Date | number, price: number]>,
): Promise<number> {
  const product = await db.prisma.product.create({
    data: {
      slug: 'arvaltozasos-bogre',
      grossPrice,
      stock: 3,
      lowestPrice30d: storedLowest,
      descriptions: { create: { language: 'hu', title: 'Árváltozásos bögre' } },
      priceHistory: {
        create: history.map(([at, price]) => ({
          grossPrice: price,
          validFrom: typeof at === 'number' ? daysAgo(at) : at,
        })),
      },
    },
    select: { id: true },
  });
  return product.id;
}

const lowestOf = async (id: number) =>
  (await db.prisma.product.findUniqueOrThrow({ where: { id } })).lowestPrice30d;

describe('the 30-day lowest price rule', () => {
  const windowStart = daysAgo(30);
  const cases: Array<{
    rule: string;
    price: number;
    history: Array<[Date | number, number]>;
    lowest: number | null;
  }> = [
    {
      rule: 'nothing lower in the window: the current price',
      price: 1000,
      history: [[60, 1000]],
      lowest: 1000,
    },
    {
      rule: 'a reduction inside the window: the reduced price',
      price: 1200,
      history: [
        [45, 1500],
        [10, 1200],
      ],
      lowest: 1200,
    },
    {
      rule: 'a raise inside the window: the price in force when the window opened',
      price: 1500,
      history: [
        [45, 1000],
        [10, 1500],
      ],
      lowest: 1000,
    },
    {
      rule: 'a price that took effect exactly 30 days ago is inside the window',
      price: 1500,
      history: [
        [40, 2000],
        [windowStart, 900],
        [5, 1500],
      ],
      lowest: 900,
    },
    {
      rule: 'of the prices before the window only the last one counts',
      price: 1500,
      history: [
        [31, 700],
        [new Date(windowStart.getTime() - 1), 900],
        [29, 1500],
      ],
      lowest: 900,
    },
    {
      rule: 'a price dated after now does not count yet',
      price: 1500,
      history: [
        [10, 1500],
        [-1, 500],
      ],
      lowest: 1500,
    },
    { rule: 'no price history: none', price: 1500, history: [], lowest: null },
  ];

  for (const { rule, price, history, lowest } of cases) {
    it(rule, async () => {
      const id = await productWithHistory(price, 123, history);
      await recomputeLowestPrices(db.prisma, now, [id]);
      expect(await lowestOf(id)).toBe(lowest);
    });
  }

  it('writes only the products asked for, and only where the value changes', async () => {
    const asked = await productWithHistory(1000, 5, [[60, 1000]]);
    const other = await productWithHistory(1000, 5, [[60, 1000]]);
    expect(await recomputeLowestPrices(db.prisma, now, [asked])).toBe(1);
    expect(await recomputeLowestPrices(db.prisma, now, [asked])).toBe(0);
    expect(await lowestOf(asked)).toBe(1000);
    expect(await lowestOf(other)).toBe(5);
  });

  it('is the rule an admin price edit applies to its product', async () => {
    const deps = { prisma: db.prisma, cache: cacheFor(db.prisma) };
    const created = await saveProduct(
      deps,
      { price: 1000, descriptions: [{ language: 'hu', title: 'Akciós bögre' }] },
      daysAgo(40),
    );
    await saveProduct(deps, { id: created.id, price: 1500 }, daysAgo(20));
    expect(await lowestOf(created.id)).toBe(1000);
    await saveProduct(deps, { id: created.id, price: 1300 }, now);
    // In the window: 1 500 (20 days ago) and 1 300 (now); in force when it opened: 1 000.
    expect(await lowestOf(created.id)).toBe(1000);
  });
});

describe('refreshing every product as the window moves', () => {
  it('drops an old lower price once the window has moved past it, and tells every server', async () => {
    // Raised from 1 000 to 1 500 Ft 31 days ago: at the raise the 1 000 Ft price was in the window.
    const id = await productWithHistory(1500, 1000, [
      [60, 1000],
      [31, 1500],
    ]);
    const catalogueVersion = () =>
      db.prisma.cacheVersion.findUnique({ where: { key: 'catalogue' } }).then((row) => row?.version ?? 0);
    const before = await catalogueVersion();

    expect(await refreshLowestPrices(db.prisma, now)).toBeGreaterThanOrEqual(1);

    expect(await lowestOf(id)).toBe(1500);
    expect(await catalogueVersion()).toBe(before + 1);
  });

  it('keeps a reduction inside the window and writes nothing when every value is current', async () => {
    const id = await productWithHistory(1200, 1200, [
      [45, 1500],
      [10, 1200],
    ]);
    expect(await refreshLowestPrices(db.prisma, now)).toBe(0);
    expect(await lowestOf(id)).toBe(1200);
  });
});

describe('the lowest-price refresher on shutdown', () => {
  it('stops only after the refresh in progress has finished, so the database is not closed under it', async () => {
    let finish = () => {};
    const inProgress = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // A refresh that lasts until the test lets it end.
    const prisma = { $transaction: () => inProgress.then(() => 0) } as unknown as PrismaClient;
    const refresher = startLowestPriceRefresher({ prisma, intervalMs: 60_000, onError: () => {} });
    let stopped = false;
    const stopping = refresher.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
