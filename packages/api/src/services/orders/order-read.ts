import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TOrder, TOrderListInput, TOrderSummary } from '../../schemas';
import type { AuthSession } from '../session';
import { accessKeyMatches } from './order-access';
import { orderSelect, paymentStateOf, toOrderDto } from './order-dto';

export const ORDER_NOT_FOUND = 'A rendelés nem található.';

/** Who asks for an order: its owner, an admin, or whoever holds its private link's key. */
export type OrderViewer = { session: AuthSession | null; key?: string | undefined };

/**
 * The order if this viewer may see it. Anyone else gets the same 404 as for an order that does not
 * exist, so order ids cannot be probed.
 */
export async function getOrderFor(prisma: PrismaClient, id: number, viewer: OrderViewer): Promise<TOrder> {
  const row = await prisma.order.findUnique({
    where: { id },
    select: { ...orderSelect, accessKeyHash: true },
  });
  if (!row || !mayView(row, viewer)) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return toOrderDto(row);
}

function mayView(
  row: { userId: number | null; accessKeyHash: string },
  { session, key }: OrderViewer,
): boolean {
  if (session?.user.role === 'admin') return true;
  if (session && row.userId === session.user.id) return true;
  return key !== undefined && accessKeyMatches(key, row.accessKeyHash);
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
  return { userId: row.userId, order: toOrderDto(row), openPayment };
}

const ORDER_SORTS: Record<TOrderListInput['sort'], Prisma.OrderOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  oldest: [{ createdAt: 'asc' }, { id: 'asc' }],
  total_desc: [{ grandTotal: 'desc' }, { id: 'desc' }],
  total_asc: [{ grandTotal: 'asc' }, { id: 'asc' }],
};

/** Midnight in Budapest of an ISO date, as a UTC instant. */
function budapestMidnight(date: string): Date {
  const utcNoon = new Date(`${date}T12:00:00Z`);
  const budapestNoon = new Date(utcNoon.toLocaleString('en-US', { timeZone: 'Europe/Budapest' }));
  const offsetMs =
    budapestNoon.getTime() - new Date(utcNoon.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return new Date(new Date(`${date}T00:00:00Z`).getTime() - offsetMs);
}

/** POST /api/order (admin): filtered, sorted and paged in the database. */
export async function listOrders(prisma: PrismaClient, input: TOrderListInput) {
  const search = input.search?.trim();
  const nextDay = (date: string) => new Date(budapestMidnight(date).getTime() + 24 * 3600 * 1000);
  const where: Prisma.OrderWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.from || input.to
      ? {
          createdAt: {
            ...(input.from ? { gte: budapestMidnight(input.from) } : {}),
            ...(input.to ? { lt: nextDay(input.to) } : {}),
          },
        }
      : {}),
    ...(search
      ? {
          OR: [
            { number: { contains: search, mode: 'insensitive' } },
            { email: { contains: search, mode: 'insensitive' } },
            { lastName: { contains: search, mode: 'insensitive' } },
            { firstName: { contains: search, mode: 'insensitive' } },
            { billingName: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.order.findMany({
      where,
      orderBy: ORDER_SORTS[input.sort],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        number: true,
        status: true,
        createdAt: true,
        firstName: true,
        lastName: true,
        email: true,
        grandTotal: true,
        shippingMethodName: true,
        paymentMethodName: true,
        lines: { select: { quantity: true } },
        payments: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { status: true } },
      },
    }),
    prisma.order.count({ where }),
  ]);
  const items: TOrderSummary[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    name: `${row.lastName} ${row.firstName}`,
    email: row.email,
    total: row.grandTotal,
    itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    shippingMethod: row.shippingMethodName,
    paymentMethod: row.paymentMethodName,
    paymentState: paymentStateOf(row.payments),
  }));
  return { items, total, page: input.page, pageSize: input.pageSize };
}
