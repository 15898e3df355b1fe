import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshLowestPrices } from '../src/services/catalogue/lowest-price';

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
  history: Array<[daysAgo: number, price: number]>,
): Promise<number> {
  const product = await db.prisma.product.create({
    data: {
      slug: 'arvaltozasos-bogre',
      grossPrice,
      stock: 3,
      lowestPrice30d: storedLowest,
      descriptions: { create: { language: 'hu', title: 'Árváltozásos bögre' } },
      priceHistory: {
        create: history.map(([days, price]) => ({ grossPrice: price, validFrom: daysAgo(days) })),
      },
    },
    select: { id: true },
  });
  return product.id;
}

describe('lowest price of the last 30 days', () => {
  it('drops an old lower price once the window has moved past it, and tells every server', async () => {
    // Raised from 1 000 to 1 500 Ft 31 days ago: at the raise the 1 000 Ft price was in the window.
    const id = await productWithHistory(1500, 1000, [
      [60, 1000],
      [31, 1500],
    ]);
    const catalogueVersion = () =>
      db.prisma.cacheVersion.findUnique({ where: { key: 'catalogue' } }).then((row) => row?.version ?? 0);
    const before = await catalogueVersion();

    expect(await refreshLowestPrices(db.prisma, now)).toBe(1);

    expect((await db.prisma.product.findUniqueOrThrow({ where: { id } })).lowestPrice30d).toBe(1500);
    expect(await catalogueVersion()).toBe(before + 1);
  });

  it('keeps a reduction inside the window and writes nothing when every value is current', async () => {
    const id = await productWithHistory(1200, 1200, [
      [45, 1500],
      [10, 1200],
    ]);
    expect(await refreshLowestPrices(db.prisma, now)).toBe(0);
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id } })).lowestPrice30d).toBe(1200);
  });
});
