import type { Prisma } from '../generated/prisma/client';
import type { SeedContext } from './seed-context';

/** Older than the reminder's default delay (4 hours), so the first run of the reminder job finds it. */
const LEFT_HOURS_AGO = 5;

/**
 * A left cart for the abandoned-cart reminder: a demo customer who confirmed the newsletter put two
 * products into the cart some hours ago and did not order. On the first start the reminder job queues
 * its e-mail (the admin's Levelek screen shows it), and the Hírlevél screen counts it as reminded.
 */
export async function seedDemoAbandonedCart(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.cartLine.count()) > 0 || (await tx.abandonedCartReminder.count()) > 0) {
    ctx.log('kosáremlékeztető: már vannak kosarak, változatlan');
    return;
  }
  const subscriber = await tx.newsletterSubscription.findFirst({
    where: { status: 'confirmed', user: { role: 'customer', anonymizedAt: null } },
    orderBy: { id: 'asc' },
    select: { userId: true },
  });
  const products = await tx.product.findMany({
    where: { enabled: true, variants: { none: {} } },
    orderBy: { id: 'asc' },
    take: 2,
    select: { id: true },
  });
  if (!subscriber?.userId || products.length === 0) {
    ctx.log('kosáremlékeztető: nincs feliratkozott vásárló vagy termék, nincs elhagyott kosár');
    return;
  }
  const leftAt = new Date(ctx.now.getTime() - LEFT_HOURS_AGO * 60 * 60_000);
  await tx.cart.create({
    data: {
      userId: subscriber.userId,
      updatedAt: leftAt,
      lines: {
        create: products.map((product, index) => ({
          productId: product.id,
          quantity: index + 1,
          addedAt: leftAt,
        })),
      },
    },
    select: { id: true },
  });
  ctx.log(`kosáremlékeztető: 1 elhagyott kosár (${products.length} tétel)`);
}
