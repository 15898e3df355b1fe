import type { PrismaClient } from '@shop/db';
import { cacheFor, type VersionedCache } from '../../cache';
import { changeOrderStatus, publishStockLevels } from '../orders/order-status';
import { type PeriodicWorker, startPeriodicWorker } from '../periodic-worker';
import { type BarionConfig, BarionError, PAYMENT_WINDOW_MS } from './barion-client';
import { askBarionAndSettle, STATE_QUERY_INTERVAL_MS } from './barion-sync';

/**
 * Card payments nobody told us the end of: the shopper closed the gateway, or every callback failed
 * (a server error or a maintenance page on the callback address, which Barion shops know well). Once a
 * payment's window has passed, Barion has ended it one way or another, so the job asks Barion and settles it
 * like a callback would: Succeeded as paid, Expired, Canceled or Failed as a failed payment with the stock
 * back (barion-sync.ts).
 *
 * Several servers may run the job against one database. A run claims its payments with one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that also stamps `stateCheckedAt`: two
 * servers never claim one payment in the same 5 s, and no payment is asked about more often than
 * Barion's rate limit allows (two questions in 5 s; a callback may be the other one). Settling itself
 * happens under the payment's row lock and only from pending, so it happens once however runs overlap.
 *
 * A card order whose payment never started (Barion could not be reached, or the shopper left before
 * paying again) has no payment to ask about, yet it holds its stock (issue #21, finding 9). Once it has
 * awaited payment for as long as a payment would have lasted, the job fails it the way an expired
 * payment does: `payment_failed` through changeOrderStatus, under the order's row lock and only from
 * awaiting payment, so the stock comes back once (`stockReturnedAt`) and the e-mail goes out once
 * (`OrderStatusEmail`); the shopper can still pay it, which takes the stock anew.
 */

/** Barion ends a payment on its own clock; asking a little after the window avoids asking too early. */
export const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_INTERVAL_MS = 60_000;

export type PaymentExpiryLogger = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

const silentLogger: PaymentExpiryLogger = { info() {}, warn() {}, error() {} };

export type PaymentExpiryDeps = {
  prisma: PrismaClient;
  /** The account in use now (an admin may change it while the server runs). */
  barion: () => BarionConfig | Promise<BarionConfig>;
  /** This server's cache, whose catalogue shows the stock given back. */
  cache?: VersionedCache;
  logger?: PaymentExpiryLogger;
};

export type PaymentExpiryRunOptions = {
  now?: () => Date;
  /** How long after its start a payment counts as overdue (default: the payment window plus a margin). */
  overdueAfterMs?: number;
  batchSize?: number;
};

export type PaymentExpiryRunResult = {
  /** Payments Barion was asked about. */
  asked: number;
  /** Of those, the ones that ended (paid or failed). */
  settled: number;
  /** Barion could not be asked; they are asked again on a later run. */
  unreachable: number;
  /** Card orders whose payment never started, failed to give their stock back. */
  released: number;
};

export const UNSTARTED_PAYMENT_NOTE =
  'A bankkártyás fizetés nem indult el a fizetési határidőn belül, ezért a rendelés lefoglalt termékei visszakerültek a készletbe.';

/** Card orders awaiting payment since before `startedBefore` with no payment under way or started since. */
async function findUnstartedOrders(
  prisma: PrismaClient,
  startedBefore: Date,
  batchSize: number,
): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT o.id FROM "Order" o
    WHERE o.status = 'awaiting_payment' AND o."paymentProvider" = 'barion'
      AND (SELECT max(c."createdAt") FROM "OrderStatusChange" c WHERE c."orderId" = o.id)
          < ${startedBefore.toISOString()}::timestamp
      AND NOT EXISTS (
        SELECT 1 FROM "Payment" p
        WHERE p."orderId" = o.id
          AND (p.status = 'pending' OR p."createdAt" >= ${startedBefore.toISOString()}::timestamp)
      )
    ORDER BY o."createdAt", o.id
    LIMIT ${batchSize}::int`;
  return rows.map((row) => Number(row.id));
}

/** Fails one unstarted order if, under its row lock, it still awaits payment with none under way. */
async function releaseUnstartedOrder(deps: PaymentExpiryDeps, orderId: number, startedBefore: Date) {
  const change = await deps.prisma.$transaction(async (tx) => {
    const [order] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    if (order?.status !== 'awaiting_payment') return null;
    const started = await tx.payment.count({
      where: { orderId, OR: [{ status: 'pending' }, { createdAt: { gte: startedBefore } }] },
    });
    if (started > 0) return null;
    return changeOrderStatus(tx, {
      orderId,
      to: 'payment_failed',
      actorId: null,
      system: true,
      note: UNSTARTED_PAYMENT_NOTE,
    });
  });
  if (change) publishStockLevels(deps.cache ?? cacheFor(deps.prisma), change.stock);
  return change?.changed ?? false;
}

async function claimOverduePayments(
  prisma: PrismaClient,
  now: Date,
  overdueAfterMs: number,
  batchSize: number,
): Promise<{ id: number; providerPaymentId: string }[]> {
  const startedBefore = new Date(now.getTime() - overdueAfterMs);
  const askedBefore = new Date(now.getTime() - STATE_QUERY_INTERVAL_MS);
  const rows = await prisma.$queryRaw<{ id: number; providerPaymentId: string }[]>`
    UPDATE "Payment"
    SET "stateCheckedAt" = ${now.toISOString()}::timestamp
    WHERE id IN (
      SELECT id FROM "Payment"
      WHERE status = 'pending' AND provider = 'barion' AND "providerPaymentId" IS NOT NULL
        AND "createdAt" < ${startedBefore.toISOString()}::timestamp
        AND ("stateCheckedAt" IS NULL OR "stateCheckedAt" < ${askedBefore.toISOString()}::timestamp)
      ORDER BY "createdAt", id
      LIMIT ${batchSize}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, "providerPaymentId"`;
  return rows.map((row) => ({ id: Number(row.id), providerPaymentId: row.providerPaymentId }));
}

/** One run: claims the overdue pending card payments, asks Barion about each, settles what has ended. */
export async function settleOverduePayments(
  deps: PaymentExpiryDeps,
  {
    now = () => new Date(),
    overdueAfterMs = PAYMENT_WINDOW_MS + EXPIRY_MARGIN_MS,
    batchSize = DEFAULT_BATCH_SIZE,
  }: PaymentExpiryRunOptions = {},
): Promise<PaymentExpiryRunResult> {
  const logger = deps.logger ?? silentLogger;
  const result: PaymentExpiryRunResult = { asked: 0, settled: 0, unreachable: 0, released: 0 };
  const startedBefore = new Date(now().getTime() - overdueAfterMs);
  for (const orderId of await findUnstartedOrders(deps.prisma, startedBefore, batchSize)) {
    if (await releaseUnstartedOrder(deps, orderId, startedBefore)) {
      result.released++;
      logger.info({ orderId }, 'card order whose payment never started released');
    }
  }
  const claimed = await claimOverduePayments(deps.prisma, now(), overdueAfterMs, batchSize);
  if (claimed.length === 0) return result;
  const barion = await deps.barion();
  for (const payment of claimed) {
    result.asked++;
    try {
      const outcome = await askBarionAndSettle(
        { prisma: deps.prisma, barion, ...(deps.cache ? { cache: deps.cache } : {}) },
        payment,
        'expiry_job',
      );
      if (outcome.settled) {
        result.settled++;
        logger.info(
          { paymentId: payment.providerPaymentId, status: outcome.settled, orderStatus: outcome.orderStatus },
          'overdue card payment settled',
        );
      }
    } catch (error) {
      if (!(error instanceof BarionError)) throw error;
      result.unreachable++;
      logger.warn(
        { err: error, paymentId: payment.providerPaymentId },
        'overdue card payment: Barion not reachable',
      );
    }
  }
  return result;
}

export type PaymentExpiryWorkerOptions = PaymentExpiryDeps & {
  /** Pause between runs (default 60 s). The first run starts at once. */
  intervalMs?: number;
  /** Passed to every run (tests shorten the overdue time). */
  run?: PaymentExpiryRunOptions;
};

export type PaymentExpiryWorker = PeriodicWorker<PaymentExpiryRunResult>;

/** Settles overdue card payments in the background; safe to start on every server of a shop. */
export function startPaymentExpiryWorker({
  intervalMs = DEFAULT_INTERVAL_MS,
  run,
  ...deps
}: PaymentExpiryWorkerOptions): PaymentExpiryWorker {
  return startPeriodicWorker({
    run: () => settleOverduePayments(deps, run),
    idle: { asked: 0, settled: 0, unreachable: 0, released: 0 },
    intervalMs,
    logger: deps.logger,
    failureMessage: 'overdue card payment run failed',
  });
}
