import { Prisma } from '@shop/db';
import { queueDeliveriesSql, type WebhookDb, webhookEnvelope } from './events';

/**
 * Events whose `data` is read from the database in the very statement that queues them: one round
 * trip each, and when nobody subscribed the data is never even read.
 */

/**
 * `stock.changed`'s data for the rows of `source` (a table, CTE or subquery with "productId", "variantId",
 * "kutiId", stock): a product's own level has `variant` null (for a product sold in variants, the sum of
 * its variants'), a variant's names it with the variant's code.
 */
export function stockChangedDataSql(source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT json_build_object('items', json_agg(
      json_build_object('product', "productId", 'variant', "variantId", 'kutiId', "kutiId", 'stock', stock)
      ORDER BY "productId", "variantId" NULLS FIRST))::text
    FROM ${source})`;
}

/**
 * `stock.changed` with the current stock of these products and variants (after the caller's change, in
 * its transaction).
 */
export async function enqueueStockChanged(
  db: WebhookDb,
  productIds: readonly number[],
  variantIds: readonly number[] = [],
): Promise<number> {
  if (productIds.length === 0 && variantIds.length === 0) return 0;
  const envelope = webhookEnvelope('stock.changed');
  const data = stockChangedDataSql(
    Prisma.sql`(
      SELECT id AS "productId", NULL::int AS "variantId", "kutiId", stock FROM "Product"
      WHERE id = ANY(${[...productIds]}::int[])
      UNION ALL
      SELECT "productId", id, "kutiId", stock FROM "ProductVariant" WHERE id = ANY(${[...variantIds]}::int[])
    ) AS moved`,
  );
  return db.$executeRaw(
    queueDeliveriesSql(envelope, Prisma.sql`${envelope.head} || ${data} || ${envelope.tail}`),
  );
}

/** `order.paid` for a card payment that succeeded (or a recorded one). */
export async function enqueueOrderPaid(db: WebhookDb, paymentId: number, paidAt: Date): Promise<number> {
  const envelope = webhookEnvelope('order.paid', paidAt);
  const data = Prisma.sql`(
    SELECT json_build_object('order', json_build_object('id', o.id, 'number', o.number),
      'paymentProvider', p.provider, 'amount', p.amount, 'paidAt', ${paidAt.toISOString()}::text)::text
    FROM "Payment" p JOIN "Order" o ON o.id = p."orderId"
    WHERE p.id = ${paymentId})`;
  return db.$executeRaw(
    queueDeliveriesSql(envelope, Prisma.sql`${envelope.head} || ${data} || ${envelope.tail}`),
  );
}
