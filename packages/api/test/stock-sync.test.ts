import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import { getCatalogueIndex } from '../src/services/catalogue/in-memory-index';
import { syncRecentStock } from '../src/services/catalogue/stock-sync';
import { createShop, type Shop } from './order-fixtures';

/**
 * Another server's catalogue learns stock moves by polling (services/catalogue/stock-sync.ts): most polls
 * look a few seconds back, and one every few seconds half a minute, for a transaction that committed
 * long after it stamped its move.
 */
let db: Database;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(() => db?.close());

/** Sets a product's stock as a transaction that stamped it `secondsAgo` and committed only now would. */
const moveStock = (productId: number, stock: number, secondsAgo: number) =>
  db.prisma.$executeRaw`
    UPDATE "Product" SET stock = ${stock}, "stockChangedAt" = now() - make_interval(secs => ${secondsAgo})
    WHERE id = ${productId}`;

describe('stock moves reaching another server', () => {
  it('applies a fresh move at the next poll, and a long-stamped one at the next long look back', async () => {
    // Another server's catalogue: its polls count from when it was built, at the latest now.
    const other = await getCatalogueIndex({ prisma: db.prisma, cache: new VersionedCache(db.prisma) });
    const built = Date.now();
    const { mug, plate } = shop.products;
    const stockOf = (id: number) => other.byId.get(id)?.stock;

    await moveStock(mug, 7, 0);
    await moveStock(plate, 3, 20);
    await syncRecentStock(db.prisma, other, built + 1_000);
    expect(stockOf(mug)).toBe(7);
    expect(stockOf(plate), 'stamped 20 s ago: not in a short look back').not.toBe(3);

    await syncRecentStock(db.prisma, other, built + 6_000);
    expect(stockOf(plate)).toBe(3);
  });
});
