import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import { DomainError } from '../errors';
import type { TBookmarkOutput } from '../schemas';
import { getCatalogueIndex, isVisible, toCard } from './catalogue/in-memory-index';
import type { Shopper } from './catalogue/pricing';
import { PRODUCT_NOT_FOUND } from './catalogue/product-page';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/**
 * POST /api/bookmarks: without a product it lists; with one it toggles (adds it, or
 * removes it when it is already bookmarked). Products the customer may no longer see
 * (disabled, hidden for the group) stay stored but are not listed.
 */
export async function bookmarks(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  productId: number | undefined,
): Promise<TBookmarkOutput> {
  const index = await getCatalogueIndex(deps);
  let bookmarked: boolean | null = null;
  if (productId !== undefined) {
    const product = index.byId.get(productId);
    const key = { userId_productId: { userId, productId } };
    const existing = await deps.prisma.bookmark.findUnique({ where: key, select: { productId: true } });
    if (existing) {
      await deps.prisma.bookmark.deleteMany({ where: { userId, productId } });
      bookmarked = false;
    } else {
      if (!product || !isVisible(product, shopper, false))
        throw new DomainError('not_found', PRODUCT_NOT_FOUND);
      await deps.prisma.bookmark.upsert({
        where: key,
        create: { userId, productId },
        update: {},
        select: { userId: true },
      });
      bookmarked = true;
    }
  }
  const rows = await deps.prisma.bookmark.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { productId: 'desc' }],
    select: { productId: true, createdAt: true },
  });
  const items = rows.flatMap((row) => {
    const product = index.byId.get(row.productId);
    if (!product || !isVisible(product, shopper, false)) return [];
    return [{ ...toCard(product, shopper), bookmarkedAt: row.createdAt.toISOString() }];
  });
  return { items, bookmarked };
}
