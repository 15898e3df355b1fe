import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../../cache';
import { getCatalogueIndex } from './in-memory-index';
import { GUEST } from './pricing';
import { quickSearch } from './product-list';
import { searchProducts } from './search';
import { withinOneEdit } from './search-lexicon';
import { editDistance } from './search-suggestions';

let db: Database;
const ids = { blueMug: 0, mugHolder: 0, travelMug: 0, coded: 0, glass: 0, plate: 0, disabledMug: 0 };
const deps = () => ({ prisma: db.prisma, cache: new VersionedCache(db.prisma) });
const viewer = { shopper: GUEST, isAdmin: false };

beforeAll(async () => {
  db = await createTestDatabase();
  const product = async (
    title: string,
    options: { kutiId?: string; unitsSold?: number; enabled?: boolean } = {},
  ) =>
    (
      await db.prisma.product.create({
        data: {
          slug: `termek-${title.length}-${Math.random().toString(36).slice(2, 8)}`,
          grossPrice: 1990,
          stock: 5,
          kutiId: options.kutiId ?? null,
          unitsSold: options.unitsSold ?? 0,
          enabled: options.enabled ?? true,
          descriptions: { create: { language: 'hu', title } },
        },
        select: { id: true },
      })
    ).id;
  ids.blueMug = await product('Kék kerámia bögre', { unitsSold: 5 });
  ids.mugHolder = await product('Fali tartó bögrékhez', { unitsSold: 50 });
  ids.travelMug = await product('Utazóbögre, rozsdamentes', { unitsSold: 2 });
  ids.coded = await product('Díszdoboz ajándékhoz', { kutiId: 'BOGRE-7' });
  ids.glass = await product('Üveg pohár', { unitsSold: 100 });
  ids.plate = await product('Porcelán tányér', { kutiId: 'TP-100' });
  ids.disabledMug = await product('Zöld bögre', { enabled: false, unitsSold: 1000 });
  // The search rows are kept by triggers; a few of the fixture's databases run them per statement.
  await db.prisma.$executeRaw`SELECT shop_refresh_product_search(array(SELECT id FROM "Product"))`;
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('quick search', () => {
  it('finds "bögre" typed without accents, the title starting with it first', async () => {
    const result = await quickSearch(deps(), viewer, 'bogre');
    const found = result.products.map((card) => card.id);
    expect(found).toContain(ids.blueMug);
    expect(found).not.toContain(ids.disabledMug);
    expect(found).not.toContain(ids.glass);
  });

  it('finds a compound word that ends in the word searched for, below the word itself', async () => {
    const result = await quickSearch(deps(), viewer, 'bogre');
    const found = result.products.map((card) => card.id);
    expect(found).toContain(ids.travelMug);
    expect(found.indexOf(ids.blueMug)).toBeLessThan(found.indexOf(ids.travelMug));
  });

  it('puts an exact product code first', async () => {
    const result = await quickSearch(deps(), viewer, 'bogre-7');
    expect(result.products[0]?.id).toBe(ids.coded);
    const plate = await quickSearch(deps(), viewer, 'tp-100');
    expect(plate.products[0]?.id).toBe(ids.plate);
  });

  it('forgives one typo and ranks a title that starts with the query above a later word', async () => {
    const typo = await quickSearch(deps(), viewer, 'tányir');
    expect(typo.products.map((card) => card.id)).toEqual([ids.plate]);
    const prefix = await quickSearch(deps(), viewer, 'kék bö');
    expect(prefix.products.map((card) => card.id)).toEqual([ids.blueMug]);
  });

  it('needs every word: a common word beside a rare one narrows to the rare one', async () => {
    const result = await quickSearch(deps(), viewer, 'kerámia bögre');
    expect(result.products.map((card) => card.id)).toEqual([ids.blueMug]);
  });

  it('finds Hungarian word forms from PostgreSQL stems, even ones too long to pass for a typo', async () => {
    const index = await getCatalogueIndex(deps());
    const found = async (query: string) =>
      (await searchProducts(db.prisma, index, query, 10)).positions.map(
        (position) => index.products[position]!.id,
      );
    // Both are too far from "bögre" and "pohár" for pg_trgm (word similarity 0.42 and 0.38):
    // only their stems find them.
    expect(await found('bögréinkben')).toContain(ids.blueMug);
    expect(await found('kék bögréinkben')).toEqual([ids.blueMug]);
    expect(await found('poharainkban')).toEqual([ids.glass]);
  });

  it('answers a query of punctuation only with nothing', async () => {
    expect((await quickSearch(deps(), viewer, '--')).products).toEqual([]);
  });
});

describe('withinOneEdit', () => {
  it('accepts one insertion, deletion, substitution or swap and nothing more', () => {
    expect(withinOneEdit('bogre', 'bogrw')).toBe(true);
    expect(withinOneEdit('bogre', 'bgore')).toBe(true);
    expect(withinOneEdit('bogre', 'bogr')).toBe(true);
    expect(withinOneEdit('bogre', 'bogree')).toBe(true);
    expect(withinOneEdit('bogre', 'bagrw')).toBe(false);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, and stops past the bound', () => {
    expect(editDistance('vogte', 'bogre', 2)).toBe(2);
    expect(editDistance('bgore', 'bogre', 2)).toBe(1);
    expect(editDistance('bogre', 'bogre', 2)).toBe(0);
    expect(editDistance('porcelanxyz', 'porcelan', 2)).toBe(3);
    expect(editDistance('xyzqwv', 'bogre', 2)).toBe(3);
  });
});
