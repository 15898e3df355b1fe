import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { ORDER_TRANSITIONS, type TOrderRefunds, type TRefund, type TWithdrawal } from '../../schemas';
import { ORDER_NOT_FOUND } from './order-read';
import { refundDeadline } from './withdrawal-rules';

type Db = PrismaClient | Prisma.TransactionClient;

export const REFUND_NOTHING_PAID =
  'Ennél a rendelésnél nincs mit visszatéríteni: még semmit nem fizettek. Utánvétes és átutalásos rendelésnél előbb rögzítsd a befizetést.';

export const refundSelect = {
  id: true,
  status: true,
  provider: true,
  amount: true,
  note: true,
  bankAccount: true,
  providerTransactionId: true,
  withdrawalId: true,
  createdAt: true,
  createdBy: { select: { firstName: true, lastName: true } },
  lines: {
    orderBy: { id: 'asc' },
    select: {
      orderLineId: true,
      quantity: true,
      amount: true,
      orderLine: { select: { productTitle: true } },
    },
  },
} as const satisfies Prisma.RefundSelect;

type RefundRow = Prisma.RefundGetPayload<{ select: typeof refundSelect }>;

export function toRefundDto(row: RefundRow): TRefund {
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    amount: row.amount,
    note: row.note,
    bankAccount: row.bankAccount,
    providerTransactionId: row.providerTransactionId,
    withdrawal: row.withdrawalId,
    createdBy: row.createdBy ? `${row.createdBy.lastName} ${row.createdBy.firstName}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
    lines: row.lines.map((line) => ({
      line: line.orderLineId,
      title: line.orderLine.productTitle,
      quantity: line.quantity,
      amount: line.amount,
    })),
  };
}

/** Pieces of each line refunded or being refunded (failed refunds gave nothing back). */
export async function refundedQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db.refundLine.groupBy({
    by: ['orderLineId'],
    where: { refund: { orderId, status: { in: ['pending', 'succeeded'] } } },
    _sum: { quantity: true },
  });
  return new Map(rows.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
}

/** A withdrawal's stored lines (`[{orderLineId, quantity}]`) with their titles. */
export function withdrawalLines(
  stored: Prisma.JsonValue,
  titles: ReadonlyMap<number, string>,
): TWithdrawal['lines'] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [];
    const { orderLineId, quantity } = entry as { orderLineId?: unknown; quantity?: unknown };
    if (typeof orderLineId !== 'number' || typeof quantity !== 'number') return [];
    return [{ line: orderLineId, title: titles.get(orderLineId) ?? `#${orderLineId}`, quantity }];
  });
}

export const withdrawalSelect = {
  id: true,
  status: true,
  name: true,
  email: true,
  reason: true,
  lines: true,
  createdAt: true,
  completedAt: true,
} as const satisfies Prisma.WithdrawalSelect;

export function toWithdrawalDto(
  row: Prisma.WithdrawalGetPayload<{ select: typeof withdrawalSelect }>,
  titles: ReadonlyMap<number, string>,
): TWithdrawal {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    email: row.email,
    reason: row.reason,
    lines: withdrawalLines(row.lines, titles),
    createdAt: row.createdAt.toISOString(),
    refundDeadline: refundDeadline(row.createdAt).toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** GET /api/order/{id}/refunds (admin): paid, refunded, what is left, per line, every refund and withdrawal. */
export async function getOrderRefunds(db: Db, orderId: number): Promise<TOrderRefunds> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      status: true,
      paymentProvider: true,
      paymentMethodName: true,
      grandTotal: true,
      refundedTotal: true,
      paidTotal: true,
      shippingFee: true,
      lines: {
        orderBy: { id: 'asc' },
        select: { id: true, productTitle: true, quantity: true, unitPrice: true, lineTotal: true },
      },
      refunds: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: refundSelect },
      withdrawals: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: withdrawalSelect },
    },
  });
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const refunded = await refundedQuantities(db, orderId);
  const titles = new Map(order.lines.map((line) => [line.id, line.productTitle]));
  const card = order.paymentProvider === 'barion';
  const paid = order.paidTotal;
  const pendingTotal = order.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amount, 0);
  const refundable = Math.max(0, paid - order.refundedTotal - pendingTotal);
  const statusAllows = ORDER_TRANSITIONS[order.status].some(
    (to) => to === 'refunded' || to === 'partially_refunded',
  );
  const blockedReason =
    order.status === 'refunded'
      ? 'A rendelés teljes összegét már visszatérítettük.'
      : !statusAllows
        ? 'Ennél a rendelésnél nincs mit visszatéríteni: nincs kifizetve, vagy törölték.'
        : paid === 0
          ? REFUND_NOTHING_PAID
          : refundable === 0
            ? 'Nincs több visszatéríthető összeg (egy visszatérítés még folyamatban lehet).'
            : null;
  return {
    orderId: order.id,
    number: order.number,
    provider: order.paymentProvider,
    paymentMethod: order.paymentMethodName,
    paid,
    refundedTotal: order.refundedTotal,
    pendingTotal,
    refundable: blockedReason ? 0 : refundable,
    needsBankAccount: !card,
    canRefund: blockedReason === null,
    blockedReason,
    shippingFee: order.shippingFee,
    lines: order.lines.map((line) => ({
      id: line.id,
      title: line.productTitle,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      refundedQuantity: refunded.get(line.id) ?? 0,
    })),
    refunds: order.refunds.map(toRefundDto),
    withdrawals: order.withdrawals.map((row) => toWithdrawalDto(row, titles)),
  };
}
