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
const inFlight = new Map<string, Promise<SyncOutcome>>();

/**
 * What a look at Barion came to: `asked` Barion was asked and its answer applied; `settled` the payment
 * had already ended and no refund is under way, so nothing can change and Barion was not asked; `busy`
 * Barion was asked about it less than STATE_QUERY_INTERVAL_MS ago (a callback then answers 503, and
 * Barion delivers it again on its retry schedule); `unknown` no such payment.
 */
export type SyncOutcome = 'asked' | 'settled' | 'busy' | 'unknown';

/**
 * The one place a Barion payment's state reaches an order, for callbacks, the result page and the
 * expiry job alike, which would otherwise race one another. It asks Barion (never trusting who called), then
 * applies the answer under a row lock on the payment: a payment moves from pending to a final state once.
 * Only the order's latest attempt moves the order, and only while it awaits payment: success makes it
 * received (with the payment receipt), failure, cancellation or expiry makes it a failed payment and gives
 * the stock back (order-status.ts). Replayed, reordered or stale callbacks, and callbacks of an earlier
 * attempt of the same order, therefore change nothing.
 *
 * What a callback may cost (issue #21, finding 6): anyone can post one, so
 * 1. a payment that has ended is not asked about again, unless a refund of it is under way (Barion
 *    calls back for refunds too);
 * 2. one state question per payment per STATE_QUERY_INTERVAL_MS, claimed with a conditional UPDATE of
 *    `stateCheckedAt`, so every server and the result page share it (Barion refuses a third in 5 s);
 *    `force` lifts only this spacing, for the shop's own calls;
 * 3. a callback adds a timeline row only when something else happened since the last one; repeats are
 *    counted on that row (`detail.repeats`, `detail.lastAt`).
 */
export async function syncBarionPayment(
  deps: Deps,
  paymentId: string,
  { force = false, callback = false }: { force?: boolean; callback?: boolean } = {},
): Promise<SyncOutcome> {
  const payment = await deps.prisma.payment.findUnique({
    where: { providerPaymentId: paymentId },
    select: { id: true, status: true },
  });
  if (!payment) return 'unknown';
  if (callback) await recordCallback(deps.prisma, payment.id);
  const running = inFlight.get(paymentId);
  if (running) return running;
  const sync = syncOnce(
    deps,
    { ...payment, providerPaymentId: paymentId },
    force,
    callback ? 'callback' : 'result_page',
  ).finally(() => inFlight.delete(paymentId));
  inFlight.set(paymentId, sync);
  return sync;
}

/**
 * Rule 3: a repeat is counted on the payment's latest timeline entry when that is a callback, in one
 * statement. Only when it is not does the callback add a row, under the payment's row lock and after
 * looking again, so a burst of callbacks adds one row between them, not one each.
 */
async function recordCallback(prisma: PrismaClient, paymentId: number): Promise<void> {
  if (await countRepeat(prisma, paymentId)) return;
  await prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Payment" WHERE id = ${paymentId} FOR UPDATE`;
      if (await countRepeat(tx, paymentId)) return;
      await tx.paymentEvent.create({ data: { paymentId, kind: 'callback' }, select: { id: true } });
    },
    // A flood of callbacks queues here behind the lock; Prisma's 2 s wait for a connection is too short.
    { maxWait: 15_000, timeout: 15_000 },
  );
}

async function countRepeat(db: PrismaClient | Prisma.TransactionClient, paymentId: number): Promise<boolean> {
  const counted = await db.$executeRaw`
    UPDATE "PaymentEvent"
    SET detail = detail || jsonb_build_object(
      'repeats', COALESCE((detail->>'repeats')::int, 0) + 1, 'lastAt', ${new Date().toISOString()}::text)
    WHERE id = (SELECT id FROM "PaymentEvent" WHERE "paymentId" = ${paymentId} ORDER BY id DESC LIMIT 1)
      AND kind = 'callback'`;
  return counted > 0;
}

async function syncOnce(
  deps: Deps,
  payment: { id: number; status: PaymentStatus; providerPaymentId: string },
  force: boolean,
  trigger: StateTrigger,
): Promise<SyncOutcome> {
  if (payment.status !== 'pending') {
    const refundUnderWay = await deps.prisma.refund.count({
      where: { paymentId: payment.id, status: 'pending' },
    });
    if (refundUnderWay === 0) return 'settled';
  }
  const now = new Date();
  const askedBefore = new Date(now.getTime() - (force ? 0 : STATE_QUERY_INTERVAL_MS));
  const claimed = await deps.prisma.$executeRaw`
    UPDATE "Payment" SET "stateCheckedAt" = ${now.toISOString()}::timestamp
    WHERE id = ${payment.id}
      AND ("stateCheckedAt" IS NULL OR "stateCheckedAt" <= ${askedBefore.toISOString()}::timestamp)`;
  if (claimed === 0) return 'busy';
  await askBarionAndSettle(deps, payment, trigger);
  return 'asked';
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
