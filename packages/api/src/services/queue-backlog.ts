import type { PrismaClient } from '@shop/db';

export type QueueName = 'email' | 'webhook' | 'invoice' | 'stock_notification';

export type QueueBacklog = {
  queue: QueueName;
  /** Items waiting to be sent, retries included. */
  length: number;
  /** Seconds since the oldest waiting item was queued; 0 when none waits. */
  oldestAgeSeconds: number;
};

/**
 * How much the background workers have left, read from the shared tables in one statement, so every
 * server reports the same numbers whichever of them drains the queues. A stock notification waits once
 * its product is back on sale (the worker's own condition, notify-worker.ts); its age counts from the
 * shopper's request, the only time stored.
 */
export async function readQueueBacklog(prisma: PrismaClient): Promise<QueueBacklog[]> {
  const rows = await prisma.$queryRaw<{ queue: QueueName; length: bigint | number; oldest: Date | null }[]>`
    SELECT 'email' AS "queue", count(*) AS "length", min("createdAt") AS "oldest"
      FROM "EmailOutbox" WHERE "status" = 'pending'
    UNION ALL
    SELECT 'webhook', count(*), min("createdAt") FROM "WebhookDelivery" WHERE "status" = 'pending'
    UNION ALL
    SELECT 'invoice', count(*), min("createdAt") FROM "Invoice" WHERE "status" = 'pending'
    UNION ALL
    SELECT 'stock_notification', count(*), min(n."createdAt")
      FROM "StockNotification" n JOIN "Product" p ON p.id = n."productId"
      WHERE n."notifiedAt" IS NULL AND p.stock > 0 AND p.enabled`;
  const now = Date.now();
  return rows.map((row) => ({
    queue: row.queue,
    length: Number(row.length),
    oldestAgeSeconds: row.oldest ? Math.max(0, (now - new Date(row.oldest).getTime()) / 1000) : 0,
  }));
}
