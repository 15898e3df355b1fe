import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './testing';

// The search document of a product follows its title and product code through database triggers,
// so every writer (admin, import, seed) keeps search current without knowing about it.
describe('product search triggers', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.close());

  async function documentOf(productId: number): Promise<string | undefined> {
    const row = await db.prisma.productSearch.findUnique({
      where: { productId },
      select: { document: true },
    });
    return row?.document;
  }

  it('rewrites the document when the product code changes, and not on stock or price moves', async () => {
    const product = await db.prisma.product.create({
      data: {
        slug: 'bogre',
        grossPrice: 2990,
        stock: 10,
        kutiId: 'BG-1',
        descriptions: { create: { language: 'hu', title: 'Kerámia bögre' } },
      },
      select: { id: true },
    });
    expect(await documentOf(product.id)).toBe('keramia bogre bg-1');

    await db.prisma.product.update({ where: { id: product.id }, data: { kutiId: 'BG-2' } });
    expect(await documentOf(product.id)).toBe('keramia bogre bg-2');

    // A stock move leaves the document alone: if a trigger rewrote it, the marker would be gone.
    await db.prisma.productSearch.update({ where: { productId: product.id }, data: { document: 'marker' } });
    await db.prisma.product.update({
      where: { id: product.id },
      data: { stock: { decrement: 1 }, grossPrice: 2490, unitsSold: { increment: 1 } },
    });
    expect(await documentOf(product.id)).toBe('marker');
  });
});
