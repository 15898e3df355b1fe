import { randomInt, randomUUID } from 'node:crypto';
import { BarionApiError, modelValidationError, notExistingPaymentId } from './api-errors';
import { cardTypeOf, maskCardNumber, type ProcessResult, processResultOf } from './test-cards';
import {
  CURRENCY_DECIMALS,
  hasAtMostDecimals,
  type RefundRequest,
  type StartItem,
  type StartRequest,
  toMinorUnits,
} from './validation';

/**
 * The life of a payment, kept in memory (the statuses Barion's PaymentState answers):
 *
 * 1. Start creates it `Prepared`; its PaymentWindow starts running.
 * 2. The first card attempt makes it `Started`. A declined card keeps it `Started`, so the payer
 *    may try another card; the test card ending 5559 makes it `Succeeded`.
 * 3. The payer's cancel makes it `Canceled`; the window running out before success makes it
 *    `Expired`. Succeeded, Canceled and Expired are final: nothing changes them any more.
 * 4. A Succeeded payment may be refunded in parts up to what was paid; each refund adds a
 *    `Refund` transaction and the status stays `Succeeded`.
 *
 * Every change in 3 and 4 is an event the shop hears of by callback; a decline is not.
 */

export type PaymentStatus = 'Prepared' | 'Started' | 'Succeeded' | 'Canceled' | 'Expired';
export type FinalStatus = Extract<PaymentStatus, 'Succeeded' | 'Canceled' | 'Expired'>;
export type TransactionStatus = 'Prepared' | 'Started' | 'Succeeded' | 'Rejected' | 'Expired';

const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set<FinalStatus>(['Succeeded', 'Canceled', 'Expired']);

export function isFinal(status: PaymentStatus): status is FinalStatus {
  return FINAL_STATUSES.has(status);
}

export type StoredTransaction = {
  transactionId: string;
  posTransactionId: string;
  type: 'CardPayment' | 'Refund';
  status: TransactionStatus;
  time: number;
  total: number;
  payee: string;
  comment: string | null;
  items: StartItem[];
  /** A refund points back to the card payment it returns money from. */
  relatedId: string | null;
};

export type CardAttempt = {
  maskedPan: string;
  cardType: 'Visa' | 'Unknown';
  processResult: ProcessResult;
  authorizationCode: string | null;
};

export type StoredPayment = {
  id: string;
  request: StartRequest;
  status: PaymentStatus;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  validUntil: number;
  /** The latest card the payer tried, null before the first attempt. */
  card: CardAttempt | null;
  transactions: StoredTransaction[];
  /** The shop's URLs with `paymentId` appended, as Barion hands them back. */
  redirectUrl: string;
  callbackUrl: string;
};

export type RefundedTransaction = StoredTransaction & { type: 'Refund' };

export type PaymentStoreOptions = {
  now: () => number;
  /** Called after every change the shop must hear about (success, cancel, expiry, refund). */
  onPaymentEvent: (payment: StoredPayment) => void;
};

/** A GUID without dashes, the form of Barion's PaymentId and TransactionId. */
export function newBarionId(): string {
  return randomUUID().replaceAll('-', '');
}

/** Appends to the query string as written, so the shop's own parameters come back byte for byte. */
export function withPaymentId(url: string, paymentId: string): string {
  const parsed = new URL(url);
  const parameter = `paymentId=${encodeURIComponent(paymentId)}`;
  parsed.search = parsed.search ? `${parsed.search}&${parameter}` : `?${parameter}`;
  return parsed.toString();
}

export function createPaymentStore({ now, onPaymentEvent }: PaymentStoreOptions) {
  const payments = new Map<string, StoredPayment>();
  const expiryTimers = new Map<string, NodeJS.Timeout>();

  function finish(payment: StoredPayment, status: FinalStatus, transactionStatus: TransactionStatus) {
    payment.status = status;
    payment.completedAt = now();
    for (const transaction of payment.transactions) transaction.status = transactionStatus;
    clearTimeout(expiryTimers.get(payment.id));
    expiryTimers.delete(payment.id);
    onPaymentEvent(payment);
  }

  // Besides the timer, every read checks the window, so an injected clock that jumps ahead
  // expires payments just as the passing of real time does.
  function expireIfDue(payment: StoredPayment) {
    if (!isFinal(payment.status) && now() >= payment.validUntil) finish(payment, 'Expired', 'Expired');
  }

  function find(paymentId: string): StoredPayment | undefined {
    const payment = payments.get(paymentId);
    if (payment) expireIfDue(payment);
    return payment;
  }

  function get(paymentId: string): StoredPayment {
    const payment = find(paymentId);
    if (!payment) throw notExistingPaymentId(paymentId);
    return payment;
  }

  function start(request: StartRequest): StoredPayment {
    const id = newBarionId();
    const createdAt = now();
    const payment: StoredPayment = {
      id,
      request,
      status: 'Prepared',
      createdAt,
      startedAt: null,
      completedAt: null,
      validUntil: createdAt + request.PaymentWindow,
      card: null,
      transactions: request.Transactions.map((transaction) => ({
        transactionId: newBarionId(),
        posTransactionId: transaction.POSTransactionId,
        type: 'CardPayment',
        status: 'Prepared',
        time: createdAt,
        total: transaction.Total,
        payee: transaction.Payee,
        comment: transaction.Comment ?? null,
        items: transaction.Items,
        relatedId: null,
      })),
      redirectUrl: withPaymentId(request.RedirectUrl, id),
      callbackUrl: withPaymentId(request.CallbackUrl, id),
    };
    payments.set(id, payment);
    const timer = setTimeout(() => expireIfDue(payment), request.PaymentWindow);
    timer.unref();
    expiryTimers.set(id, timer);
    return payment;
  }

  /** One card attempt; a final payment is left as it is. */
  function payWithCard(paymentId: string, cardNumber: string): StoredPayment {
    const payment = get(paymentId);
    if (isFinal(payment.status)) return payment;
    const processResult = processResultOf(cardNumber);
    const succeeded = processResult === 'Successful';
    payment.card = {
      maskedPan: maskCardNumber(cardNumber),
      cardType: cardTypeOf(cardNumber),
      processResult,
      authorizationCode: succeeded ? String(randomInt(100_000, 1_000_000)) : null,
    };
    if (payment.status === 'Prepared') {
      payment.status = 'Started';
      payment.startedAt = now();
      for (const transaction of payment.transactions) transaction.status = 'Started';
    }
    if (succeeded) finish(payment, 'Succeeded', 'Succeeded');
    return payment;
  }

  function cancel(paymentId: string): StoredPayment {
    const payment = get(paymentId);
    // "Rejected" for the transactions of a cancelled payment is a guess; Barion does not document it.
    if (!isFinal(payment.status)) finish(payment, 'Canceled', 'Rejected');
    return payment;
  }

  function expire(paymentId: string): StoredPayment {
    const payment = get(paymentId);
    if (!isFinal(payment.status)) finish(payment, 'Expired', 'Expired');
    return payment;
  }

  function refundedSoFar(payment: StoredPayment, transactionId: string): number {
    return payment.transactions
      .filter((transaction) => transaction.type === 'Refund' && transaction.relatedId === transactionId)
      .reduce((sum, transaction) => sum + toMinorUnits(transaction.total), 0);
  }

  /** Checks every requested refund before it records any, so a refused request changes nothing. */
  function refund(request: RefundRequest): RefundedTransaction[] {
    const payment = get(request.PaymentId);
    if (payment.status !== 'Succeeded') {
      throw new BarionApiError(400, [
        {
          ErrorCode: 'PaymentStatusNotValid',
          Title: 'Payment status is not valid.',
          Description: `Only payments in Succeeded status can be refunded; this one is ${payment.status}.`,
        },
      ]);
    }
    const decimals = CURRENCY_DECIMALS[payment.request.Currency];
    const requestedSoFar = new Map<string, number>();
    const refunds = request.TransactionsToRefund.map((wanted, index) => {
      const field = `TransactionsToRefund[${index}]`;
      const original = payment.transactions.find(
        (transaction) => transaction.transactionId === wanted.TransactionId,
      );
      if (!original || original.posTransactionId !== wanted.POSTransactionId) {
        throw new BarionApiError(400, [
          {
            ErrorCode: 'TransactionDoesNotBelongToPayment',
            Title: 'The transaction does not belong to the payment.',
            Description: `${field} names no transaction of payment ${payment.id} with this TransactionId and POSTransactionId.`,
          },
        ]);
      }
      if (original.type !== 'CardPayment') {
        throw new BarionApiError(400, [
          {
            ErrorCode: 'InvalidTransactionType',
            Title: 'The transaction type cannot be refunded.',
            Description: `${field} is a ${original.type} transaction; only card payments can be refunded.`,
          },
        ]);
      }
      if (!hasAtMostDecimals(wanted.AmountToRefund, decimals)) {
        throw modelValidationError([
          {
            title: `The ${field}.AmountToRefund field is invalid.`,
            description: `${field}.AmountToRefund must have at most ${decimals} decimals in ${payment.request.Currency}.`,
          },
        ]);
      }
      // Barion documents no error code of its own for refunding more than was paid.
      const alreadyRefunded =
        refundedSoFar(payment, original.transactionId) + (requestedSoFar.get(original.transactionId) ?? 0);
      const remaining = toMinorUnits(original.total) - alreadyRefunded;
      if (toMinorUnits(wanted.AmountToRefund) > remaining) {
        throw modelValidationError([
          {
            title: `The ${field}.AmountToRefund field is invalid.`,
            description: `${field}.AmountToRefund must be at most ${remaining / 100}, what is left of the payment after earlier refunds.`,
          },
        ]);
      }
      requestedSoFar.set(
        original.transactionId,
        (requestedSoFar.get(original.transactionId) ?? 0) + toMinorUnits(wanted.AmountToRefund),
      );
      return { wanted, original };
    });

    const recorded = refunds.map(
      ({ wanted, original }): RefundedTransaction => ({
        transactionId: newBarionId(),
        posTransactionId: wanted.POSTransactionId,
        type: 'Refund',
        status: 'Succeeded',
        time: now(),
        total: wanted.AmountToRefund,
        payee: original.payee,
        comment: wanted.Comment ?? null,
        items: [],
        relatedId: original.transactionId,
      }),
    );
    payment.transactions.push(...recorded);
    onPaymentEvent(payment);
    return recorded;
  }

  function close() {
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
  }

  return { start, find, get, payWithCard, cancel, expire, refund, close };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
