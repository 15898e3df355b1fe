import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TProductCard } from '../../schemas';
import { cachedAnswer, getCatalogueIndex, type IndexedProduct, isVisible, toCard } from './in-memory-index';
import { type Shopper, shopperSegment } from './pricing';
import { PRODUCT_NOT_FOUND } from './product-page';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const RELATED_LIMIT = 8;

/** Sold-out ones last, then the best sellers, then the newest. */
function relatedOrder(a: IndexedProduct, b: IndexedProduct): number {
  return (
    Number(b.stock > 0) - Number(a.stock > 0) ||
    b.unitsSold - a.unitsSold ||
    b.createdAt - a.createdAt ||
    a.id - b.id
  );
}

/**
 * GET /api/product/{id}/related: other products of the product's categories (the primary one first,
 * the others fill up), those the shopper may buy, from the in-memory catalogue. Answers are cached per
 * pricing segment until the catalogue changes or a product goes in or out of stock (stock-sync.ts).
 */
export async function relatedProducts(
  deps: Deps,
  viewer: { shopper: Shopper; isAdmin: boolean },
  id: number,
): Promise<{ items: TProductCard[] }> {
  const index = await getCatalogueIndex(deps);
  const product = index.byId.get(id);
  if (!product || !isVisible(product, viewer.shopper, viewer.isAdmin)) {
    throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  }
  const segment = shopperSegment(viewer.shopper);
  return cachedAnswer(index, segment === null ? null : `related:${id}:${segment}`, () => {
    const chosen: IndexedProduct[] = [];
    const taken = new Set<number>([id]);
    for (const categoryId of product.categoryIds) {
      if (chosen.length >= RELATED_LIMIT) break;
      const candidates: IndexedProduct[] = [];
      for (const position of index.byCategory.get(categoryId) ?? []) {
        const candidate = index.products[position]!;
        if (!taken.has(candidate.id) && isVisible(candidate, viewer.shopper, false))
          candidates.push(candidate);
      }
      for (const candidate of candidates.sort(relatedOrder).slice(0, RELATED_LIMIT - chosen.length)) {
        chosen.push(candidate);
        taken.add(candidate.id);
      }
    }
    return { items: chosen.map((candidate) => toCard(candidate, viewer.shopper)) };
  });
}
