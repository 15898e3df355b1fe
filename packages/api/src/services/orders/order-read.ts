import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { missingPermissionMessage, type TOrder } from '../../schemas';
import { inFeedOrder } from '../change-feed/read-changes';
import { type AuthSession, sessionAllows } from '../session';
import { accessKeyMatches } from './order-access';
import { orderSelect, toOrderDto } from './order-dto';

export const ORDER_NOT_FOUND = 'A rendelés nem található.';

/**
 * Who asks for an order: its owner, an admin, or whoever holds its private link's key; `staff`: the
 * caller already passed an admin check (a signed-in admin or an API key with an orders scope);
 * `withoutCustomerData`: the caller may not read customer data (no `customers:read`).
 */
export type OrderViewer = {
  session: AuthSession | null;
  key?: string | undefined;
  staff?: boolean;
  withoutCustomerData?: boolean;
};

/**
 * The order if this viewer may see it. Anyone else gets the same 404 as for an order that does not
 * exist, so order ids cannot be probed. This answer is the buyer's whole order, so staff who may not
 * read customer data (customer-data.ts) are refused with 403 and read it, without that data, from
 * GET /api/order/{id}/admin; the buyer and the link's holder always see it whole.
 */
export async function getOrderFor(prisma: PrismaClient, id: number, viewer: OrderViewer): Promise<TOrder> {
  const row = await prisma.order.findUnique({
    where: { id },
    select: { ...orderSelect, accessKeyHash: true },
  });
  const access = row ? viewedAs(row, viewer) : null;
  if (!row || !access) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (access === 'staff' && viewer.withoutCustomerData) {
    throw new DomainError('forbidden', missingPermissionMessage('customers:read'));
  }
  return toOrderDto(row);
}

function viewedAs(
  row: { userId: number | null; accessKeyHash: string },
  { session, key, staff }: OrderViewer,
): 'buyer' | 'staff' | null {
  if (session && row.userId === session.user.id) return 'buyer';
  if (key !== undefined && accessKeyMatches(key, row.accessKeyHash)) return 'buyer';
  if (staff || sessionAllows(session, 'orders:read')) return 'staff';
  return null;
}

/** GET /api/order/myorders: the customer's orders, newest first. */
export async function myOrders(prisma: PrismaClient, userId: number): Promise<{ items: TOrder[] }> {
  const rows = await prisma.order.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 200,
    select: orderSelect,
  });
  return { items: rows.map(toOrderDto) };
}

export async function findOrderByIdempotencyKey(prisma: PrismaClient, key: string) {
  const row = await prisma.order.findUnique({
    where: { idempotencyKey: key },
    select: {
      ...orderSelect,
      idempotencyFingerprint: true,
      payments: {
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 1,
        select: { status: true, providerPaymentId: true, gatewayUrl: true },
      },
    },
  });
  if (!row) return null;
  const latest = row.payments[0];
  const openPayment =
    latest?.status === 'pending' && latest.providerPaymentId && latest.gatewayUrl
      ? { paymentId: latest.providerPaymentId, gatewayUrl: latest.gatewayUrl }
      : null;
  return {
    userId: row.userId,
    idempotencyFingerprint: row.idempotencyFingerprint,
    order: toOrderDto(row),
    openPayment,
  };
}

/** The orders of `ids` as GET /api/order/{id} answers staff, in the order of `ids` (the order change feed's items). */
export async function ordersByIds(db: Prisma.TransactionClient, ids: number[]): Promise<TOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db.order.findMany({ where: { id: { in: ids } }, select: orderSelect });
  return inFeedOrder(ids, rows).map(toOrderDto);
}
