/**
 * Barion Smart Gateway's REST API, as far as the shop uses it: Payment/Start (v2) and the payment's
 * state (v4). The same code talks to Barion's live and sandbox hosts and to the project's stand-in;
 * only `apiUrl` differs. Wire facts: Barion's API documentation (docs.barion.com).
 */

import { endpointOf, reportProviderCallFailed } from '../../observability';

export type BarionConfig = {
  /** e.g. https://api.barion.com, https://api.test.barion.com, or the stand-in's base URL. */
  apiUrl: string;
  posKey: string;
  /** The e-mail address of the shop's Barion wallet that receives the money. */
  payee: string;
};

export type BarionItem = {
  Name: string;
  Description: string;
  Quantity: number;
  Unit: string;
  UnitPrice: number;
  ItemTotal: number;
  SKU?: string;
};

export type BarionStartRequest = {
  PaymentRequestId: string;
  OrderNumber: string;
  PayerHint: string;
  RedirectUrl: string;
  CallbackUrl: string;
  PaymentWindow: string;
  Transactions: { POSTransactionId: string; Payee: string; Total: number; Items: BarionItem[] }[];
  PayerPhoneNumber?: string;
};

export type BarionStartResponse = { PaymentId: string; GatewayUrl: string; Status: string };

/** Barion's payment statuses, as PaymentState answers them. */
export type BarionPaymentStatus =
  | 'Prepared'
  | 'Started'
  | 'InProgress'
  | 'Waiting'
  | 'Reserved'
  | 'Authorized'
  | 'Canceled'
  | 'Succeeded'
  | 'Failed'
  | 'PartiallySucceeded'
  | 'Expired';

export type BarionTransaction = {
  TransactionId: string;
  POSTransactionId: string | null;
  TransactionType: string;
  Status: string;
  Total: number;
  TransactionTime?: string | null;
};

export type BarionPaymentState = {
  PaymentId: string;
  PaymentRequestId: string;
  Status: BarionPaymentStatus;
  Total: number;
  Currency: string;
  Transactions?: BarionTransaction[];
  CompletedAt?: string | null;
  ValidUntil?: string | null;
  FundingInformation?: { ProcessResult?: string | null } | null;
};

type BarionApiError = { ErrorCode?: string; Title?: string; Description?: string };

/** A call Barion answered with errors, or did not answer. The message is for the log, never for a shopper. */
export class BarionError extends Error {
  override readonly name = 'BarionError';
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly errorCodes: string[] = [],
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;
/** Barion's payment window for a card payment: 30 minutes (a .NET TimeSpan, not ISO-8601). */
export const PAYMENT_WINDOW = '0.00:30:00';
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

async function call<T>(config: BarionConfig, path: string, init: RequestInit): Promise<T> {
  // BARION_NOT_SET_UP (barion-config.ts): nothing to ask; callers treat it as Barion not answering.
  if (config.apiUrl === '') throw new BarionError(`Nincs beállított Barion-fiók (${path})`, null);
  try {
    return await ask<T>(config, path, init);
  } catch (error) {
    reportProviderCallFailed('barion', endpointOf(path));
    throw error;
  }
}

async function ask<T>(config: BarionConfig, path: string, init: RequestInit): Promise<T> {
  const url = `${config.apiUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-pos-key': config.posKey, ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new BarionError(`Barion nem válaszolt (${path}): ${String(cause)}`, null);
  }
  const text = await response.text();
  let body: { Errors?: BarionApiError[] } & Record<string, unknown>;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new BarionError(
      `Barion nem JSON választ adott (${path}, HTTP ${response.status})`,
      response.status,
    );
  }
  // Success is an empty Errors list; a missing or non-empty one is a failure (Barion's convention).
  const errors = Array.isArray(body.Errors) ? body.Errors : null;
  if (!response.ok || errors === null || errors.length > 0) {
    const codes = (errors ?? []).map((error) => error.ErrorCode ?? 'Unknown');
    const detail = (errors ?? []).map((error) => `${error.ErrorCode}: ${error.Title ?? ''}`).join('; ');
    throw new BarionError(
      `Barion hibát jelzett (${path}, HTTP ${response.status}): ${detail}`,
      response.status,
      codes,
    );
  }
  return body as T;
}

export function startBarionPayment(
  config: BarionConfig,
  request: BarionStartRequest,
): Promise<BarionStartResponse> {
  return call<BarionStartResponse>(config, '/v2/Payment/Start', {
    method: 'POST',
    body: JSON.stringify({
      POSKey: config.posKey,
      PaymentType: 'Immediate',
      GuestCheckOut: true,
      FundingSources: ['All'],
      Locale: 'hu-HU',
      Currency: 'HUF',
      ...request,
    }),
  });
}

/** v4 PaymentState. Barion accepts two such calls per payment in 5 s: call it on a callback or a redirect, never in a loop. */
export function getBarionPaymentState(config: BarionConfig, paymentId: string): Promise<BarionPaymentState> {
  return call<BarionPaymentState>(config, `/v4/Payment/${encodeURIComponent(paymentId)}/PaymentState`, {
    method: 'GET',
  });
}

export type BarionRefundRequest = {
  PaymentId: string;
  TransactionsToRefund: {
    TransactionId: string;
    POSTransactionId: string;
    AmountToRefund: number;
    Comment?: string;
  }[];
};

export type BarionRefundResponse = {
  PaymentId: string;
  RefundedTransactions: {
    TransactionId: string;
    Total: number;
    POSTransactionId: string | null;
    Comment: string | null;
    Status: string;
  }[];
};

/** v2 Payment/Refund: partial and repeated refunds of a Succeeded payment; it stays Succeeded. */
export function refundBarionPayment(
  config: BarionConfig,
  request: BarionRefundRequest,
): Promise<BarionRefundResponse> {
  return call<BarionRefundResponse>(config, '/v2/Payment/Refund', {
    method: 'POST',
    body: JSON.stringify({ POSKey: config.posKey, ...request }),
  });
}
