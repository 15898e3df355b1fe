import type { Prisma } from '../generated/prisma/client';
import type { SeedContext } from './seed-context';

/** The demo's coupon codes, as the README and the shop's first-visit journey name them. */
export const DEMO_COUPONS = { tenPercent: 'DEMO10', freeShipping: 'INGYENSZALLITAS' } as const;

const TEXTILE_CATEGORY = 'konyharuhak-es-kotenyek';

/**
 * One of each kind a shop owner starts with: a code for 10 % off everything, a code for free shipping
 * above 5 000 Ft, and an automatic rule on one category that shows its hint ("Még …") in the cart.
 * They go together, so the demo shows a rule and a code on one order. Seeded while there are none.
 */
export async function seedPromotions(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.promotion.count()) > 0) return;
  const textiles = await tx.category.findFirst({ where: { slug: TEXTILE_CATEGORY }, select: { id: true } });
  await tx.promotion.create({
    data: {
      name: 'Tíz százalék mindenre',
      kind: 'percent',
      value: 10,
      combines: true,
      codes: { create: { code: DEMO_COUPONS.tenPercent } },
    },
  });
  await tx.promotion.create({
    data: {
      name: 'Ingyenes szállítás',
      kind: 'free_shipping',
      minCartValue: 5000,
      combines: true,
      codes: { create: { code: DEMO_COUPONS.freeShipping } },
    },
  });
  if (textiles) {
    await tx.promotion.create({
      data: {
        name: 'Konyhatextil 15 % 8 000 Ft felett',
        automatic: true,
        kind: 'percent',
        value: 15,
        minCartValue: 8000,
        categoryIds: [textiles.id],
        combines: true,
      },
    });
  }
  ctx.log('akciók: DEMO10, INGYENSZALLITAS és egy automatikus kategóriaakció');
}
