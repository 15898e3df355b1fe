import type { PrismaClient } from '@shop/db';
import { CACHE_KEYS, type VersionedCache } from '../../cache';

export const TERMS_PAGE_SLUG = 'altalanos-szerzodesi-feltetelek';

/**
 * The ÁSZF version a customer accepts: the terms page and the time it was last changed, so the
 * exact text in force can be told for every order. Kept in memory under the pages' cache version,
 * which every page and page-text write bumps (and which moves the page's `updatedAt`).
 */
export async function termsVersion(deps: { prisma: PrismaClient; cache: VersionedCache }): Promise<string> {
  return deps.cache.get(CACHE_KEYS.pages, async () => {
    const page = await deps.prisma.page.findUnique({
      where: { slug: TERMS_PAGE_SLUG },
      select: { updatedAt: true },
    });
    return page ? `${TERMS_PAGE_SLUG}@${page.updatedAt.toISOString()}` : TERMS_PAGE_SLUG;
  });
}
