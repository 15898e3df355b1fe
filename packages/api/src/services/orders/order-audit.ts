import type { Prisma } from '@shop/db';

/** What an admin did to an order, as the trail on the order page names it. */
export type OrderAuditAction =
  | 'status'
  | 'note'
  | 'refund'
  | 'address'
  | 'email_resent'
  | 'withdrawal_completed';

/**
 * Records one admin change in the order's audit trail. Call it in the same transaction as the change,
 * so the trail never lists a change that rolled back, nor misses one that committed.
 */
export async function recordOrderAudit(
  tx: Prisma.TransactionClient,
  entry: {
    orderId: number;
    actorId: number | null;
    action: OrderAuditAction;
    detail: Prisma.InputJsonObject;
  },
): Promise<void> {
  await tx.orderAuditEntry.create({ data: entry, select: { id: true } });
}
