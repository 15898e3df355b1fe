import type { RefundedTransaction, StoredPayment, StoredTransaction } from './state';
import { toMinorUnits } from './validation';

/**
 * The success answers of the API, field for field as Barion documents them (Payment/Start, PaymentState,
 * Refund). Success is always `Errors: []`. Fields the stand-in has nothing to say about are
 * null, as Barion leaves them for a payment that does not use them.
 */

/** What `FundingSources: ["All"]` stands for: everything but bank transfer. */
const ALL_FUNDING_SOURCES = ['Balance', 'BankCard', 'GooglePay', 'ApplePay'];

function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function allowedFundingSources(payment: StoredPayment): string[] {
  const requested = payment.request.FundingSources.flatMap((source) =>
    source === 'All' ? ALL_FUNDING_SOURCES : [source],
  );
  // Barion always offers the wallet balance; a shop cannot exclude it.
  return [...new Set(['Balance', ...requested])];
}

function transactionView(payment: StoredPayment, posId: string, transaction: StoredTransaction) {
  return {
    TransactionId: transaction.transactionId,
    POSTransactionId: transaction.posTransactionId,
    TransactionTime: isoTime(transaction.time),
    Total: transaction.total,
    Currency: payment.request.Currency,
    Payer: null,
    Payee: { Name: { LoginName: transaction.payee }, Email: transaction.payee },
    Comment: transaction.comment,
    Status: transaction.status,
    TransactionType: transaction.type,
    Items: transaction.items,
    RelatedId: transaction.relatedId,
    POSId: posId,
    PaymentId: payment.id,
  };
}

export function startResponse(payment: StoredPayment, gatewayUrl: string) {
  return {
    PaymentId: payment.id,
    PaymentRequestId: payment.request.PaymentRequestId,
    Status: payment.status,
    // No QR image is drawn; the address a QR code would carry is the gateway page itself.
    QRUrl: gatewayUrl,
    RecurrenceResult: 'None',
    Transactions: payment.transactions.map((transaction) => ({
      POSTransactionId: transaction.posTransactionId,
      TransactionId: transaction.transactionId,
      Status: transaction.status,
      Currency: payment.request.Currency,
      TransactionTime: isoTime(transaction.time),
    })),
    GatewayUrl: gatewayUrl,
    CallbackUrl: payment.callbackUrl,
    RedirectUrl: payment.redirectUrl,
    ThreeDSAuthClientData: null,
    TraceId: payment.request.TraceId ?? null,
    Errors: [],
  };
}

/** `GET /v4/Payment/{id}/PaymentState` and the deprecated v2 GetPaymentState alike. */
export function paymentStateResponse(payment: StoredPayment, posId: string) {
  const card = payment.card;
  const cardPayments = payment.transactions.filter((transaction) => transaction.type === 'CardPayment');
  return {
    PaymentId: payment.id,
    PaymentRequestId: payment.request.PaymentRequestId,
    OrderNumber: payment.request.OrderNumber ?? null,
    POSId: posId,
    POSName: 'Barion stand-in',
    POSOwnerEmail: cardPayments[0]?.payee ?? null,
    POSOwnerCountry: 'HU',
    Status: payment.status,
    PaymentType: payment.request.PaymentType,
    FundingSource: card ? 'BankCard' : null,
    FundingInformation: card
      ? {
          BankCard: {
            MaskedPan: card.maskedPan,
            BankCardType: card.cardType,
            // The gateway asks no expiry date: any future date passes in Barion's sandbox too.
            ValidThruYear: null,
            ValidThruMonth: null,
          },
          AuthorizationCode: card.authorizationCode,
          ProcessResult: card.processResult,
        }
      : null,
    AllowedFundingSources: allowedFundingSources(payment),
    GuestCheckout: payment.request.GuestCheckOut,
    CreatedAt: isoTime(payment.createdAt),
    StartedAt: isoTime(payment.startedAt),
    CompletedAt: isoTime(payment.completedAt),
    ValidUntil: isoTime(payment.validUntil),
    ReservedUntil: null,
    DelayedCaptureUntil: null,
    Total: cardPayments.reduce((sum, transaction) => sum + toMinorUnits(transaction.total), 0) / 100,
    Currency: payment.request.Currency,
    Transactions: payment.transactions.map((transaction) => transactionView(payment, posId, transaction)),
    SuggestedLocale: payment.request.Locale,
    FraudRiskScore: null,
    RedirectUrl: payment.redirectUrl,
    CallbackUrl: payment.callbackUrl,
    RecurrenceType: null,
    TraceId: payment.request.TraceId ?? null,
    PaymentMethod: card ? 'BankCard' : 'Unknown',
    Errors: [],
  };
}

export function refundResponse(payment: StoredPayment, refunds: readonly RefundedTransaction[]) {
  return {
    PaymentId: payment.id,
    RefundedTransactions: refunds.map((refund) => ({
      TransactionId: refund.transactionId,
      Total: refund.total,
      POSTransactionId: refund.posTransactionId,
      Comment: refund.comment,
      Status: refund.status,
    })),
    Errors: [],
  };
}
