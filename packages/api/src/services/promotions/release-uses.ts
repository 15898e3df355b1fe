import type { Prisma } from '@shop/db';

/**
 * Gives back the uses an order took (write-order.ts) when it is cancelled before it was paid, once:
 * each discount row is marked when released. A paid order that is cancelled keeps them, as money
 * changed hands under the promotion. The promotion's own counter moves only under a limit, as only then it counts (write-order.ts).
 */
export async function releasePromotionUses(tx: Prisma.TransactionClient, orderId: number): Promise<void> {
  await tx.$executeRaw`
    WITH released AS (
      UPDATE "OrderDiscount" d SET "releasedAt" = now()
      FROM "Order" o
      WHERE d."orderId" = ${orderId} AND o.id = d."orderId" AND o."paidTotal" = 0 AND d."releasedAt" IS NULL
      RETURNING d."promotionId", d."couponCodeId", d.customer
    ), promotions AS (
      UPDATE "Promotion" p SET uses = GREATEST(p.uses - 1, 0)
      FROM released r WHERE p.id = r."promotionId" AND p."usageLimit" IS NOT NULL
    ), codes AS (
      UPDATE "CouponCode" c SET uses = GREATEST(c.uses - 1, 0)
      FROM released r WHERE c.id = r."couponCodeId"
    )
    UPDATE "PromotionCustomerUse" u SET uses = GREATEST(u.uses - 1, 0)
    FROM released r
    WHERE u."promotionId" = r."promotionId" AND u.customer = r.customer`;
}
