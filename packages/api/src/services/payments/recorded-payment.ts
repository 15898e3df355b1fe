import { Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TOrder, TOrderRecordPaymentInput } from '../../schemas';
import { queueMetaPurchase } from '../analytics/meta-capi';
import { formatForint } from '../email/format';
import { queueInvoiceForPayment } from '../invoicing/invoice-queue';
import { recordOrderAudit } from '../orders/order-audit';
import { getOrderFor, ORDER_NOT_FOUND } from '../orders/order-read';
import type { OrderActor } from '../orders/order-status-admin';
import { enqueueOrderPaid } from '../webhooks/shop-events';

/**
 * Money an order received (rules in schemas/order-payment.ts). Every payment is a `Payment` row and
 * `Order.paidTotal` their sum, kept under the order's row lock like `refundedTotal`, so refunds can be
 * checked against it without adding up rows.
 */

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export const CARD_PAYMENT_NOT_RECORDABLE =
  'Bankkártyás rendelés fizetését a Barion jelzi, kézzel nem rögzíthető.';
export const PAID_AT_IN_FUTURE = 'A fizetés időpontja nem lehet a jövőben.';
const CLOCK_SKEW_MS = 5 * 60_000;
export const PAYMENT_KEY_USED =
  'Ezt az Idempotency-Key értéket egy másik rendelés befizetésének rögzítése már használta.';

type Db = Prisma.TransactionClient;

/**
 * Adds a received payment to its order (the order row must be locked by the caller). When it makes
 * the order fully paid, `paidAt` is set and an offline order due for its invoice on payment is queued.
 */
export async function creditOrderPayment(
  tx: Db,
  { orderId, amount, at }: { orderId: number; amount: number; at: Date },
): Promise<{ paidTotal: number; grandTotal: number }> {
  const order = await tx.order.update({
    where: { id: orderId },
    data: { paidTotal: { increment: amount } },
    select: { paidTotal: true, grandTotal: true, paidAt: true },
  });
  if (order.paidTotal >= order.grandTotal && !order.paidAt) {
    await tx.order.update({ where: { id: orderId }, data: { paidAt: at }, select: { id: true } });
    await queueInvoiceForPayment(tx, orderId);
    // The buyer's purchase for Meta's Conversions API, only with their marketing consent (analytics/meta-capi.ts).
    await queueMetaPurchase(tx, orderId);
  }
  return { paidTotal: order.paidTotal, grandTotal: order.grandTotal };
}

type OfflinePayment = {
  orderId: number;
  provider: 'cash_on_delivery' | 'bank_transfer';
  amount: number;
  at: Date;
  idempotencyKey?: string | null;
  /** The payment's timeline entry: who recorded it and why. */
  detail: Prisma.InputJsonObject;
};

async function createOfflinePayment(tx: Db, payment: OfflinePayment): Promise<number> {
  const created = await tx.payment.create({
    data: {
      orderId: payment.orderId,
      provider: payment.provider,
      status: 'succeeded',
      amount: payment.amount,
      completedAt: payment.at,
      idempotencyKey: payment.idempotencyKey ?? null,
      events: { create: { kind: 'recorded', providerStatus: 'Succeeded', detail: payment.detail } },
    },
    select: { id: true },
  });
  await creditOrderPayment(tx, { orderId: payment.orderId, amount: payment.amount, at: payment.at });
  await enqueueOrderPaid(tx, created.id, payment.at);
  return created.id;
}

/**
 * Completing a cash-on-delivery order (changeOrderStatus, under the order's lock): "completed" means
 * delivered or picked up, and the courier or the counter takes the money at the handover, so whatever
 * was still unpaid is recorded as collected. A transfer order's money comes only from the bank, so
 * completing it records nothing.
 */
export async function collectCashOnDelivery(tx: Db, orderId: number, at: Date): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { paymentProvider: true, paidTotal: true, grandTotal: true },
  });
  const unpaid = order.grandTotal - order.paidTotal;
  if (order.paymentProvider !== 'cash_on_delivery' || unpaid <= 0) return;
  await createOfflinePayment(tx, {
    orderId,
    provider: 'cash_on_delivery',
    amount: unpaid,
    at,
    detail: { reason: 'completed' },
  });
}

type Deps = { prisma: PrismaClient; actor: OrderActor; idempotencyKey: string | null };

/**
 * POST /api/order/{id}/payment: the shop records money received for a cash-on-delivery or transfer order.
 * A double click or a retry records it once: the same Idempotency-Key, or the same amount with the same
 * `paidAt`, answers the payment already recorded. More than the unpaid rest is refused (409).
 */
export async function recordOrderPayment(deps: Deps, input: TOrderRecordPaymentInput): Promise<TOrder> {
  const key = deps.idempotencyKey;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `Az Idempotency-Key legfeljebb ${MAX_IDEMPOTENCY_KEY_LENGTH} karakter lehet.`;
    throw new DomainError('invalid_input', message, [{ path: 'Idempotency-Key', message }]);
  }
  try {
    await deps.prisma.$transaction((tx) => recordLocked(tx, deps, input));
  } catch (error) {
    // Two requests with one key raced past the lock's check on different orders: the key is taken.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    throw new DomainError('conflict', PAYMENT_KEY_USED);
  }
  return getOrderFor(deps.prisma, input.id, { session: null, staff: true });
}

async function recordLocked(tx: Db, deps: Deps, input: TOrderRecordPaymentInput): Promise<void> {
  const [order] = await tx.$queryRaw<
    { paymentProvider: string; grandTotal: number; paidTotal: number; refundedTotal: number }[]
  >`SELECT "paymentProvider", "grandTotal", "paidTotal", "refundedTotal" FROM "Order"
    WHERE id = ${input.id} FOR UPDATE`;
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const provider = order.paymentProvider;
  if (provider !== 'cash_on_delivery' && provider !== 'bank_transfer') {
    throw new DomainError('conflict', CARD_PAYMENT_NOT_RECORDABLE);
  }
  const paidAt = input.paidAt ? new Date(input.paidAt) : new Date();
  // A few minutes of grace: the admin's clock may be ahead of the server's.
  if (paidAt.getTime() > Date.now() + CLOCK_SKEW_MS) {
    throw new DomainError('invalid_input', PAID_AT_IN_FUTURE, [
      { path: 'paidAt', message: PAID_AT_IN_FUTURE },
    ]);
  }
  if (deps.idempotencyKey !== null) {
    const earlier = await tx.payment.findUnique({
      where: { idempotencyKey: deps.idempotencyKey },
      select: { orderId: true },
    });
    if (earlier && earlier.orderId !== input.id) throw new DomainError('conflict', PAYMENT_KEY_USED);
    if (earlier) return;
  }
  if (input.paidAt) {
    const same = await tx.payment.findFirst({
      where: { orderId: input.id, provider, status: 'succeeded', amount: input.amount, completedAt: paidAt },
      select: { id: true },
    });
    if (same) return;
  }
  const unpaid = order.grandTotal - order.paidTotal;
  if (input.amount > unpaid) {
    const message =
      unpaid <= 0
        ? 'A rendelés már teljesen ki van fizetve, nincs mit rögzíteni.'
        : `Legfeljebb ${formatForint(unpaid)} rögzíthető (végösszeg ${formatForint(order.grandTotal)}, ` +
          `eddig fizetve ${formatForint(order.paidTotal)}).`;
    throw new DomainError('conflict', message, [{ path: 'amount', message }]);
  }
  const paymentId = await createOfflinePayment(tx, {
    orderId: input.id,
    provider,
    amount: input.amount,
    at: paidAt,
    idempotencyKey: deps.idempotencyKey,
    detail: {
      reason: 'recorded',
      ...(input.note ? { note: input.note } : {}),
      ...(deps.actor.apiKeyName ? { apiKey: deps.actor.apiKeyName } : {}),
    },
  });
  await recordOrderAudit(tx, {
    orderId: input.id,
    actorId: deps.actor.userId,
    apiKeyName: deps.actor.apiKeyName,
    action: 'payment',
    detail: {
      paymentId,
      amount: input.amount,
      paidAt: paidAt.toISOString(),
      paidTotal: order.paidTotal + input.amount,
      ...(input.note ? { note: input.note } : {}),
    },
  });
}
