import type { Prisma, PrismaClient } from '@shop/db';
import type { TStaffActivity } from '../../schemas';

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

/** A stored entry's detail as an object, whatever JSON an older entry holds. */
export function auditDetailOf(value: Prisma.JsonValue): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value };
}

/** How many of a person's changes the owner's view of them lists. */
export const ACTIVITY_LIMIT = 200;

/**
 * One person's changes across orders, newest first, for the owner's view of what each staff member did
 * (index OrderAuditEntry(actorId, createdAt)).
 */
export async function auditEntriesBy(
  db: Prisma.TransactionClient | PrismaClient,
  actorId: number,
): Promise<TStaffActivity['items']> {
  const rows = await db.orderAuditEntry.findMany({
    where: { actorId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: ACTIVITY_LIMIT,
    select: {
      id: true,
      action: true,
      detail: true,
      createdAt: true,
      order: { select: { id: true, number: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    detail: auditDetailOf(row.detail),
    at: row.createdAt.toISOString(),
    order: row.order,
  }));
}
