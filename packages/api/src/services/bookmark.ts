import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import { DomainError } from '../errors';
import type { TBookmarkOutput } from '../schemas';
import { getCatalogueIndex, isVisible, toCard, toVariantCard } from './catalogue/in-memory-index';
import type { Shopper } from './catalogue/pricing';
import { PRODUCT_NOT_FOUND } from './catalogue/product-page';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/** What to toggle: a product, and for a product sold in variants perhaps the variant chosen on its page. */
export type BookmarkTarget = { product: number; variant: number | null };

/**
 * POST /api/bookmarks: without a product it lists; with one it toggles (adds it, or removes it when it is
 * already bookmarked). A variant chosen on the page ("Póló, kék, M") is bookmarked as that variant, a
 * product as a whole without one. Products the customer may no longer see (disabled, hidden for the
 * group, a variant switched off) stay stored but are not listed.
 */
export async function bookmarks(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  target: BookmarkTarget | undefined,
): Promise<TBookmarkOutput> {
  const index = await getCatalogueIndex(deps);
  let bookmarked: boolean | null = null;
  if (target !== undefined) {
    const { product: productId, variant: variantId } = target;
    const removed = await deps.prisma.bookmark.deleteMany({ where: { userId, productId, variantId } });
    if (removed.count > 0) bookmarked = false;
    else {
      const product = index.byId.get(productId);
      const variant = variantId === null ? null : index.variantsById.get(variantId);
      const buyable =
        product !== undefined &&
        isVisible(product, shopper, false) &&
        (variantId === null || (variant?.productId === productId && variant.enabled));
      if (!buyable) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
      // Two taps at once: the unique index (NULLS NOT DISTINCT) keeps one.
      await deps.prisma.$executeRaw`
        INSERT INTO "Bookmark" ("userId", "productId", "variantId") VALUES (${userId}, ${productId}, ${variantId})
        ON CONFLICT ("userId", "productId", "variantId") DO NOTHING`;
      bookmarked = true;
    }
  }
  const rows = await deps.prisma.bookmark.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { productId: true, variantId: true, createdAt: true },
  });
  const items = rows.flatMap((row): TBookmarkOutput['items'] => {
    const product = index.byId.get(row.productId);
    if (!product || !isVisible(product, shopper, false)) return [];
    const bookmarkedAt = row.createdAt.toISOString();
    if (row.variantId === null) return [{ ...toCard(product, shopper), variant: null, bookmarkedAt }];
    const variant = index.variantsById.get(row.variantId);
    if (!variant?.enabled) return [];
    return [{ ...toVariantCard(product, variant, shopper), variant: variant.id, bookmarkedAt }];
  });
  return { items, bookmarked };
}
