import type { PaymentStatus, Prisma, PrismaClient } from '@shop/db';
import { cacheFor, type VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TBarionStatusOutput, TOrderStatus } from '../../schemas';
import type { StockLevel } from '../catalogue/stock-sync';
import { paymentStateOf } from '../orders/order-dto';
import { changeOrderStatus, publishStockLevels } from '../orders/order-status';
import { enqueueOrderPaid } from '../webhooks/shop-events';
import {
  type BarionConfig,
  BarionError,
  type BarionPaymentState,
  type BarionPaymentStatus,
  getBarionPaymentState,
} from './barion-client';
import { creditOrderPayment } from './recorded-payment';

type Deps = { prisma: PrismaClient; barion: BarionConfig; cache?: VersionedCache };

export const PAYMENT_NOT_FOUND = 'A fizetés nem található.';

/** Barion allows two state queries per payment in 5 s; the result page asks us more often than that. */
export const STATE_QUERY_INTERVAL_MS = 5_000;

/** Only these Barion statuses end a payment; anything else is still pending. */
const FINAL_STATUS: Partial<Record<BarionPaymentStatus, PaymentStatus>> = {
  Succeeded: 'succeeded',
  Canceled: 'cancelled',
  Expired: 'expired',
  Failed: 'failed',
};

/** What the order's history says when a payment ends. */
const SETTLED_NOTE: Record<Exclude<PaymentStatus, 'pending' | 'refunded'>, string> = {
  succeeded: 'Sikeres bankkártyás fizetés (Barion).',
  failed: 'A bankkártyás fizetés nem sikerült (Barion).',
  cancelled: 'A bankkártyás fizetést megszakították (Barion).',
  expired: 'A bankkártyás fizetés ideje lejárt (Barion).',
};

/** Who asked Barion: kept on the payment timeline beside the answer. */
export type StateTrigger = 'callback' | 'result_page' | 'expiry_job';

/** In-process de-duplication: a burst of callbacks for one payment asks Barion once. */
const inFlight = new Map<string, Promise<void>>();

/**
 * The one place a Barion payment's state reaches an order, for callbacks, the result page and the
 * expiry job alike (reference §5.5). It asks Barion (never trusting who called), then applies the
 * answer under a row lock on the payment: a payment moves from pending to a final state once. Only the
 * order's latest attempt moves the order, and only while it awaits payment: success makes it received
 * (with the payment receipt), failure, cancellation or expiry makes it a failed payment and gives the
 * stock back (order-status.ts). Replayed, reordered or stale callbacks, and callbacks of an earlier
 * attempt of the same order, therefore change nothing.
 *
 * `force` (a callback) always asks Barion; the result page's repeated asks are spaced out. `callback`
 * records the callback's arrival on the payment's timeline, each one, before the asks are merged.
 */
export async function syncBarionPayment(
  deps: Deps,
  paymentId: string,
  { force, callback = false }: { force: boolean; callback?: boolean },
): Promise<void> {
  if (callback) await recordCallback(deps.prisma, paymentId);
  const running = inFlight.get(paymentId);
  if (running) return running;
  const sync = syncOnce(deps, paymentId, force, callback ? 'callback' : 'result_page').finally(() =>
    inFlight.delete(paymentId),
  );
  inFlight.set(paymentId, sync);
  return sync;
}

async function recordCallback(prisma: PrismaClient, paymentId: string): Promise<void> {
  const payment = await prisma.payment.findUnique({
    where: { providerPaymentId: paymentId },
    select: { id: true },
  });
  if (!payment) return;
  await prisma.paymentEvent.create({
    data: { paymentId: payment.id, kind: 'callback' },
    select: { id: true },
  });
}

async function syncOnce(deps: Deps, paymentId: string, force: boolean, trigger: StateTrigger): Promise<void> {
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
  await askBarionAndSettle(deps, { id: payment.id, providerPaymentId: paymentId }, trigger);
}

/** What applying Barion's answer did to the payment. */
export type SettleOutcome = { settled: PaymentStatus | null; orderStatus: TOrderStatus | null };

/**
 * Asks Barion for one payment's state and applies it. The caller has already counted this ask against
 * Barion's rate limit (`stateCheckedAt`). Throws BarionError when Barion cannot be asked.
 */
export async function askBarionAndSettle(
  deps: Deps,
  payment: { id: number; providerPaymentId: string },
  trigger: StateTrigger,
): Promise<SettleOutcome> {
  const state = await getBarionPaymentState(deps.barion, payment.providerPaymentId);
  const { outcome, stock } = await deps.prisma.$transaction((tx) =>
    applyBarionState(tx, payment.id, state, trigger),
  );
  publishStockLevels(deps.cache ?? cacheFor(deps.prisma), stock);
  return outcome;
}

async function applyBarionState(
  tx: Prisma.TransactionClient,
  paymentId: number,
  state: BarionPaymentState,
  trigger: StateTrigger,
): Promise<{ outcome: SettleOutcome; stock: StockLevel[] }> {
  const none = { outcome: { settled: null, orderStatus: null }, stock: [] };
  const [locked] = await tx.$queryRaw<{ status: PaymentStatus; orderId: number; amount: number }[]>`
    SELECT status, "orderId", amount FROM "Payment" WHERE id = ${paymentId} FOR UPDATE`;
  if (!locked) return none;
  await tx.paymentEvent.create({
    data: { paymentId, kind: 'state', providerStatus: state.Status, detail: stateDetail(state, trigger) },
    select: { id: true },
  });
  if (locked.status !== 'pending') return none;
  const next = FINAL_STATUS[state.Status];
  await tx.payment.update({
    where: { id: paymentId },
    data: { providerStatus: state.Status, ...(next ? { status: next, completedAt: new Date() } : {}) },
    select: { id: true },
  });
  if (!next || next === 'pending' || next === 'refunded') return none;
  // The money arrived, whatever became of the order meanwhile: its paid total (which refunds may give
  // back) and an integrator's books need it.
  if (next === 'succeeded') {
    const at = new Date();
    await creditOrderPayment(tx, { orderId: locked.orderId, amount: locked.amount, at });
    await enqueueOrderPaid(tx, paymentId, at);
  }
  if (next === 'expired') {
    await tx.paymentEvent.create({
      data: {
        paymentId,
        kind: 'expired',
        providerStatus: state.Status,
        detail: { trigger, ...(state.ValidUntil ? { validUntil: state.ValidUntil } : {}) },
      },
      select: { id: true },
    });
  }
  const settledOnly = { outcome: { settled: next, orderStatus: null }, stock: [] };
  const orderId = locked.orderId;
  // The order row before the latest-attempt check: an admin's change of the order waits for this one.
  const [order] = await tx.$queryRaw<{ status: TOrderStatus }[]>`
    SELECT status FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  if (order?.status !== 'awaiting_payment') return settledOnly;
  const latest = await tx.payment.findFirst({
    where: { orderId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  if (latest?.id !== paymentId) return settledOnly;
  const to: TOrderStatus = next === 'succeeded' ? 'received' : 'payment_failed';
  const change = await changeOrderStatus(tx, {
    orderId,
    to,
    actorId: null,
    system: true,
    note: SETTLED_NOTE[next],
  });
  return { outcome: { settled: next, orderStatus: to }, stock: change.stock };
}

/** Barion's answer as the payment timeline keeps it: status, amounts, transactions; never the POS key. */
function stateDetail(state: BarionPaymentState, trigger: StateTrigger): Prisma.InputJsonObject {
  return {
    trigger,
    total: state.Total,
    currency: state.Currency,
    ...(state.CompletedAt ? { completedAt: state.CompletedAt } : {}),
    ...(state.FundingInformation?.ProcessResult
      ? { processResult: state.FundingInformation.ProcessResult }
      : {}),
    transactions: (state.Transactions ?? []).map((transaction) => ({
      transactionId: transaction.TransactionId,
      posTransactionId: transaction.POSTransactionId ?? null,
      type: transaction.TransactionType,
      status: transaction.Status,
      total: transaction.Total,
      time: transaction.TransactionTime ?? null,
    })),
  };
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
