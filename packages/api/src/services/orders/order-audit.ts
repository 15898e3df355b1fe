import type { Prisma } from '@shop/db';

/** What an admin did to an order, as the trail on the order page names it. */
export type OrderAuditAction =
  | 'status'
  | 'note'
  | 'refund'
  | 'payment'
  | 'address'
  | 'email_resent'
  | 'withdrawal_completed'
  | 'shipment';

/**
 * Records one admin change in the order's audit trail. Call it in the same transaction as the change,
 * so the trail never lists a change that rolled back, nor misses one that committed.
 * A change made with an integrator's API key has no user: the key's name goes into the detail as `apiKey`.
 */
export async function recordOrderAudit(
  tx: Prisma.TransactionClient,
  {
    apiKeyName,
    ...entry
  }: {
    orderId: number;
    actorId: number | null;
    apiKeyName?: string | null | undefined;
    action: OrderAuditAction;
    detail: Prisma.InputJsonObject;
  },
): Promise<void> {
  const detail = apiKeyName ? { ...entry.detail, apiKey: apiKeyName } : entry.detail;
  await tx.orderAuditEntry.create({ data: { ...entry, detail }, select: { id: true } });
}
