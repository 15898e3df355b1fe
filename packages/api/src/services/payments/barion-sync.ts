import type { PaymentStatus, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TBarionStatusOutput } from '../../schemas';
import { formatForint } from '../email/format';
import { enqueueTemplatedEmail } from '../email/outbox';
import { paymentStateOf } from '../orders/order-dto';
import {
  type BarionConfig,
  BarionError,
  type BarionPaymentStatus,
  getBarionPaymentState,
} from './barion-client';

type Deps = { prisma: PrismaClient; barion: BarionConfig };

export const PAYMENT_NOT_FOUND = 'A fizetés nem található.';

/** Barion allows two state queries per payment in 5 s; the result page asks us more often than that. */
const STATE_QUERY_INTERVAL_MS = 5_000;

/** Only these Barion statuses end a payment; anything else is still pending. */
const FINAL_STATUS: Partial<Record<BarionPaymentStatus, PaymentStatus>> = {
  Succeeded: 'succeeded',
  Canceled: 'cancelled',
  Expired: 'expired',
  Failed: 'failed',
};

/** In-process de-duplication: a burst of callbacks for one payment asks Barion once. */
const inFlight = new Map<string, Promise<void>>();

/**
 * The one place a Barion payment's state reaches an order, for callbacks and for the result page alike
 * (reference §5.5). It asks Barion (never trusting who called), then applies the answer under a row lock
 * on the payment: a payment moves from pending to a final state once, and only a success moves its order
 * forward (awaiting payment → received) and sends the receipt. Replayed, reordered or stale callbacks, and
 * callbacks of an earlier attempt of the same order, therefore change nothing.
 *
 * `force` (a callback) always asks Barion; the result page's repeated asks are spaced out.
 */
export async function syncBarionPayment(
  deps: Deps,
  paymentId: string,
  { force }: { force: boolean },
): Promise<void> {
  const running = inFlight.get(paymentId);
  if (running) return running;
  const sync = syncOnce(deps, paymentId, force).finally(() => inFlight.delete(paymentId));
  inFlight.set(paymentId, sync);
  return sync;
}

async function syncOnce(deps: Deps, paymentId: string, force: boolean): Promise<void> {
  const payment = await deps.prisma.payment.findUnique({
    where: { providerPaymentId: paymentId },
    select: { id: true, status: true, stateCheckedAt: true },
  });
  if (payment?.status !== 'pending') return;
  if (
    !force &&
    payment.stateCheckedAt &&
    Date.now() - payment.stateCheckedAt.getTime() < STATE_QUERY_INTERVAL_MS
  )
    return;
  await deps.prisma.payment.update({
    where: { id: payment.id },
    data: { stateCheckedAt: new Date() },
    select: { id: true },
  });

  const state = await getBarionPaymentState(deps.barion, paymentId);
  const next = FINAL_STATUS[state.Status];
  await deps.prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ status: PaymentStatus; orderId: number }[]>`
      SELECT status, "orderId" FROM "Payment" WHERE id = ${payment.id} FOR UPDATE`;
    if (locked[0]?.status !== 'pending') return;
    await tx.payment.update({
      where: { id: payment.id },
      data: { providerStatus: state.Status, ...(next ? { status: next, completedAt: new Date() } : {}) },
      select: { id: true },
    });
    if (next !== 'succeeded') return;
    const orderId = locked[0].orderId;
    const moved = await tx.order.updateMany({
      where: { id: orderId, status: 'awaiting_payment' },
      data: { status: 'received' },
    });
    if (moved.count === 0) return;
    await tx.orderStatusChange.create({
      data: {
        orderId,
        fromStatus: 'awaiting_payment',
        toStatus: 'received',
        note: 'Sikeres bankkártyás fizetés (Barion).',
      },
      select: { id: true },
    });
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { email: true, firstName: true, number: true, grandTotal: true },
    });
    await enqueueTemplatedEmail(tx, {
      templateKey: 'payment_succeeded',
      to: order.email,
      variables: {
        firstName: order.firstName,
        orderNumber: order.number,
        orderTotal: formatForint(order.grandTotal),
      },
    });
  });
}

/**
 * POST /api/cart/barionstatus: what the result page shows. Barion is asked at most every few seconds;
 * when it cannot be asked (busy, 429), the answer is what the shop knows, still `pending`.
 */
export async function barionStatus(deps: Deps, paymentId: string): Promise<TBarionStatusOutput> {
  try {
    await syncBarionPayment(deps, paymentId, { force: false });
  } catch (error) {
    if (!(error instanceof BarionError)) throw error;
  }
  const payment = await deps.prisma.payment.findUnique({
    where: { providerPaymentId: paymentId },
    select: {
      status: true,
      order: { select: { id: true, number: true, status: true, grandTotal: true } },
    },
  });
  if (!payment) throw new DomainError('not_found', PAYMENT_NOT_FOUND);
  return {
    orderId: payment.order.id,
    orderNumber: payment.order.number,
    status: payment.order.status,
    paymentState: paymentStateOf([payment]),
    total: payment.order.grandTotal,
  };
}
