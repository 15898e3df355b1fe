import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../../cache';
import { getCatalogueIndex, type IndexedProduct } from './in-memory-index';
import { searchProducts } from './search';
import { topRanked } from './search-scoring';

/**
 * Quick search takes its eight products from `scoreTop`, which stops walking early; the listing
 * scores every hit. Both must agree on which eight come first, in the same order, for every kind
 * of query: title starts, later words, prefixes, compounds, typos, codes, and disabled products.
 */

let db: Database;
const deps = () => ({ prisma: db.prisma, cache: new VersionedCache(db.prisma) });

const COLOURS = ['kék', 'piros', 'zöld', 'fehér'];
const MATERIALS = ['kerámia', 'üveg', 'porcelán'];
const THINGS = ['bögre', 'utazóbögre', 'tányér', 'tál', 'tálca', 'pohár'];

beforeAll(async () => {
  db = await createTestDatabase();
  let n = 0;
  for (const colour of COLOURS) {
    for (const material of MATERIALS) {
      for (const thing of THINGS) {
        n++;
        // Titles start with different words, and ties in units sold are common, so the order
        // leans on every part of the ranking: score, units sold and id.
        const title = n % 3 === 0 ? `${material} ${thing}, ${colour}` : `${colour} ${material} ${thing}`;
        await db.prisma.product.create({
          data: {
            slug: `termek-${n}`,
            kutiId: `KB-${String(n).padStart(4, '0')}`,
            grossPrice: 1000 + n,
            stock: 3,
            unitsSold: (n * 7) % 5,
            enabled: n % 11 !== 0,
            descriptions: { create: { language: 'hu', title } },
          },
        });
      }
    }
  }
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('the best products of a quick search', () => {
  it('are the same as ranking every hit, for every kind of query', async () => {
    const index = await getCatalogueIndex(deps());
    const wanted = { limit: 8, accept: (product: IndexedProduct) => product.enabled };
    const queries = [
      'k',
      'kék',
      'kek b',
      'kék bög',
      'kerámia',
      'keramia bogre',
      'bogre kek',
      'bögre',
      'tál',
      'tálca fehér',
      'porcelán t',
      'pohar zold',
      'bogrr',
      'kerámai bögre',
      'KB-0007',
      'kb 0012',
      'zöld üveg',
      'fehér porcelán tál',
      'nincs ilyen',
    ];
    for (const query of queries) {
      const everyHit = await searchProducts(db.prisma, index, query, 32);
      const quick = await searchProducts(db.prisma, index, query, 32, wanted);
      const ids = (products: IndexedProduct[]) => products.map((product) => product.id);
      expect(ids(topRanked(index, quick, 8, wanted.accept)), query).toEqual(
        ids(topRanked(index, everyHit, 8, wanted.accept)),
      );
    }
  });
});
