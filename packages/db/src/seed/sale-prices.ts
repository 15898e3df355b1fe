import type { Prisma } from '../generated/prisma/client';
import type { SeedContext } from './seed-context';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One product on a scheduled sale that is running when the demo starts (from yesterday for 7 more days),
 * so `npm start` shows a sale price struck through against the 30-day lowest price with its "-X %". It
 * is a product sold as itself whose price has not changed for over 30 days, so that history supports
 * the reduction; its price history gets the sale price from the start and the list price from the end,
 * as an admin's save writes them (packages/api/src/services/catalogue/lowest-price.ts).
 */
export async function seedSalePrices(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.product.count({ where: { salePrice: { not: null } } })) > 0) return;
  const monthAgo = new Date(ctx.now.getTime() - 31 * DAY_MS);
  const product = await tx.product.findFirst({
    where: {
      enabled: true,
      stock: { gt: 0 },
      variants: { none: {} },
      priceHistory: { every: { validFrom: { lt: monthAgo } }, some: {} },
    },
    orderBy: [{ featured: 'desc' }, { id: 'asc' }],
    select: { id: true, grossPrice: true, descriptions: { select: { title: true }, take: 1 } },
  });
  if (!product) return;
  // A fifth off, ending in 90 as the demo's prices do.
  const salePrice = Math.max(90, Math.floor((product.grossPrice * 0.8) / 100) * 100 - 10);
  const saleStartsAt = new Date(ctx.now.getTime() - DAY_MS);
  const saleEndsAt = new Date(ctx.now.getTime() + 7 * DAY_MS);
  await tx.product.update({
    where: { id: product.id },
    data: { salePrice, saleStartsAt, saleEndsAt, lowestPrice30d: salePrice },
  });
  await tx.productPriceHistory.createMany({
    data: [
      { productId: product.id, grossPrice: salePrice, validFrom: saleStartsAt },
      { productId: product.id, grossPrice: product.grossPrice, validFrom: saleEndsAt },
    ],
  });
  ctx.log(`akciós ár: ${product.descriptions[0]?.title ?? product.id} ${salePrice} Ft egy hétig`);
}
