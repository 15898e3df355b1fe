import type { PrismaClient } from '@shop/db';

export const TERMS_PAGE_SLUG = 'altalanos-szerzodesi-feltetelek';

/**
 * The ÁSZF version a customer accepts: the terms page and the time it was last changed, so the
 * exact text in force can be told for every order.
 */
export async function termsVersion(prisma: PrismaClient): Promise<string> {
  const page = await prisma.page.findUnique({
    where: { slug: TERMS_PAGE_SLUG },
    select: { updatedAt: true },
  });
  return page ? `${TERMS_PAGE_SLUG}@${page.updatedAt.toISOString()}` : TERMS_PAGE_SLUG;
}
