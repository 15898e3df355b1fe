import type { PrismaClient } from '@shop/db';
import { type BarionConfig, BarionError, getBarionPaymentState, refundBarionPayment } from './barion-client';

type Deps = { prisma: PrismaClient; barion: BarionConfig };

/** The transaction types Barion lets a shop refund; any other is answered InvalidTransactionType. */
const REFUNDABLE_TYPES = new Set(['CardPayment', 'Shop', 'BankTransferPayment']);

export type CardRefundOutcome =
  | {
      ok: true;
      refundTransactionId: string;
      cardTransactionId: string;
      /** Barion's status of the refund transaction. */
      status: string;
    }
  | {
      ok: false;
      /** For the admin's message: Barion's error codes, or that it did not answer. */
      reason: string;
      errorCodes: string[];
      /** True when trying again later may work (no answer, rate limit, a server error). */
      retryable: boolean;
      cardTransactionId: string | null;
    };

type StoredTransaction = { transactionId?: unknown; posTransactionId?: unknown; type?: unknown };

/** The card transaction's id in one timeline entry: a refund's own note of it, or a state answer's list. */
function fromTimeline(detail: unknown, posTransactionId: string): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const { cardTransactionId, transactions } = detail as {
    cardTransactionId?: unknown;
    transactions?: unknown;
  };
  if (typeof cardTransactionId === 'string') return cardTransactionId;
  if (!Array.isArray(transactions)) return null;
  const own = (transactions as StoredTransaction[]).find(
    (transaction) =>
      typeof transaction.type === 'string' &&
      REFUNDABLE_TYPES.has(transaction.type) &&
      transaction.posTransactionId === posTransactionId,
  );
  return typeof own?.transactionId === 'string' ? own.transactionId : null;
}

/**
 * Barion's id of the payment's card transaction, which a refund names. The payment's timeline usually
 * has it (the state answers and earlier refunds); otherwise the payment's state is asked once. Barion
 * answers at most two state questions per payment in 5 s, so it is not asked for every refund.
 */
async function cardTransactionId(
  deps: Deps,
  payment: { id: number; providerPaymentId: string; posTransactionId: string },
): Promise<string | null> {
  const events = await deps.prisma.paymentEvent.findMany({
    where: { paymentId: payment.id, kind: { in: ['refund', 'state'] } },
    orderBy: { id: 'desc' },
    select: { detail: true },
    take: 50,
  });
  for (const event of events) {
    const known = fromTimeline(event.detail, payment.posTransactionId);
    if (known) return known;
  }
  const state = await getBarionPaymentState(deps.barion, payment.providerPaymentId);
  const own = (state.Transactions ?? []).find(
    (transaction) =>
      REFUNDABLE_TYPES.has(transaction.TransactionType) &&
      transaction.POSTransactionId === payment.posTransactionId,
  );
  return own?.TransactionId ?? null;
}

/** Asks Barion to refund part or all of a succeeded card payment. Never throws for Barion's failures. */
export async function refundCardPayment(
  deps: Deps,
  {
    payment,
    amount,
    comment,
  }: {
    payment: { id: number; providerPaymentId: string; posTransactionId: string };
    amount: number;
    comment: string;
  },
): Promise<CardRefundOutcome> {
  let transactionId: string | null = null;
  try {
    transactionId = await cardTransactionId(deps, payment);
    if (!transactionId) {
      return {
        ok: false,
        reason: 'a fizetésnek nincs visszatéríthető tranzakciója',
        errorCodes: ['NoRefundableTransaction'],
        retryable: false,
        cardTransactionId: null,
      };
    }
    const response = await refundBarionPayment(deps.barion, {
      PaymentId: payment.providerPaymentId,
      TransactionsToRefund: [
        {
          TransactionId: transactionId,
          POSTransactionId: payment.posTransactionId,
          AmountToRefund: amount,
          Comment: comment,
        },
      ],
    });
    const refunded = response.RefundedTransactions[0];
    if (!refunded) {
      return {
        ok: false,
        reason: 'a válaszban nincs visszatérítési tranzakció',
        errorCodes: ['NoRefundedTransaction'],
        retryable: false,
        cardTransactionId: transactionId,
      };
    }
    return {
      ok: true,
      refundTransactionId: refunded.TransactionId,
      cardTransactionId: transactionId,
      status: refunded.Status,
    };
  } catch (error) {
    if (!(error instanceof BarionError)) throw error;
    const unanswered = error.httpStatus === null;
    const retryable = unanswered || error.httpStatus === 429 || (error.httpStatus ?? 0) >= 500;
    return {
      ok: false,
      reason: unanswered
        ? 'nem érkezett válasz'
        : error.errorCodes.length > 0
          ? `hibakód: ${error.errorCodes.join(', ')}`
          : `HTTP ${error.httpStatus}`,
      errorCodes: error.errorCodes,
      retryable,
      cardTransactionId: transactionId,
    };
  }
}
