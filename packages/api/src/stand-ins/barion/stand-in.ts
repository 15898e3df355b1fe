import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeBasePath } from '../serve';
import { authenticationFailed, BarionApiError, errorBody, tooManyRequests } from './api-errors';
import { type CallbackAttempt, type CallbackMode, createCallbackSender } from './callbacks';
import {
  declineMessage,
  renderGatewayPage,
  renderMissingPaymentPage,
  renderNoticePage,
} from './gateway-page';
import { readBody, readJsonObject, redirect, requestOrigin, sendHtml, sendJson } from './http-io';
import { paymentStateResponse, refundResponse, startResponse } from './responses';
import { createPaymentStore, isFinal, newBarionId, type PaymentStatus, type StoredPayment } from './state';
import { normalizeCardNumber, type ProcessResult } from './test-cards';
import { createStateThrottle } from './throttle';
import { parseRefundRequest, parseStartRequest, refuseForeignAddresses } from './validation';

/** Barion's documented callback retry schedule: 2 s, 6 s, 18 s, 54 s and 2 min 42 s. */
export const BARION_RETRY_DELAYS_MS: readonly number[] = [2_000, 6_000, 18_000, 54_000, 162_000];

export type BarionStandInOptions = {
  /** The one POSKey accepted; any other gets `AuthenticationFailed`. */
  posKey: string;
  /** The path prefix served, e.g. `/_barion` inside the shop server; '' when standalone. */
  basePath?: string;
  retryDelaysMs?: readonly number[];
  callbackTimeoutMs?: number;
  now?: () => number;
};

export type PayResult = {
  status: PaymentStatus;
  /** The bank's answer to the latest card tried, null before any card. */
  processResult: ProcessResult | null;
  /** Where the payer's browser goes next: the shop's RedirectUrl once the payment is over, else null. */
  redirectUrl: string | null;
};

/** How the shop that mounts the stand-in limits it. */
export type BarionStandInScope = {
  /**
   * The shop's own origin (`https://bolt.example.hu`): Payment/Start refuses a CallbackUrl or RedirectUrl
   * elsewhere, so the stand-in never posts to an address a caller chose, nor sends a payer off-site.
   */
  shopOrigin: string;
};

export interface BarionStandIn {
  /**
   * Serves every route under basePath; answers false (and does nothing) for a path outside it. Without
   * a scope (a test's own stand-in on its own port) any callback and return address is taken.
   */
  handle(req: IncomingMessage, res: ServerResponse, scope?: BarionStandInScope): Promise<boolean>;
  /** How the next callbacks are sent: 'drop' never, 'duplicate' twice at once, 'hold' until releaseHeld. */
  setCallbackMode(mode: CallbackMode): void;
  /** Sends the held callbacks in arrival order, or reversed to reproduce reordering. */
  releaseHeld(order?: 'arrival' | 'reverse'): Promise<void>;
  /** What the payer's form does, without a browser. */
  payWithCard(paymentId: string, cardNumber: string): PayResult;
  cancel(paymentId: string): PayResult;
  /** As if the PaymentWindow ran out now. */
  expire(paymentId: string): void;
  /** Every callback attempt so far, oldest first. */
  readonly callbackLog: readonly CallbackAttempt[];
  /** Stops every timer (expiry, retries) and aborts callbacks in flight. */
  close(): void;
}

type RequestContext = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  match: RegExpExecArray;
  /** `http://host:port`, as the client addressed the stand-in. */
  origin: string;
  scope: BarionStandInScope | undefined;
};

type Route = {
  method: 'GET' | 'POST';
  /** Matched case-insensitively against the path below basePath, as Barion's .NET routing does. */
  path: RegExp;
  serve(context: RequestContext): Promise<void> | void;
};

/** A query parameter by name regardless of case: the docs spell the same one `POSKey` and `PosKey`. */
function queryParameter(url: URL, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createBarionStandIn(options: BarionStandInOptions): BarionStandIn {
  const now = options.now ?? Date.now;
  const basePath = normalizeBasePath(options.basePath);
  const posId = newBarionId();
  const callbacks = createCallbackSender({
    retryDelaysMs: options.retryDelaysMs ?? BARION_RETRY_DELAYS_MS,
    timeoutMs: options.callbackTimeoutMs ?? 15_000,
    now,
  });
  const store = createPaymentStore({
    now,
    onPaymentEvent: (payment) => callbacks.notify(payment.id, payment.callbackUrl),
  });
  const throttle = createStateThrottle({ now });

  function authenticate(key: unknown) {
    if (key !== options.posKey) throw authenticationFailed();
  }

  function payResult(payment: StoredPayment): PayResult {
    return {
      status: payment.status,
      processResult: payment.card?.processResult ?? null,
      redirectUrl: isFinal(payment.status) ? payment.redirectUrl : null,
    };
  }

  function answerPaymentState(res: ServerResponse, paymentId: string) {
    if (!throttle.tryAcquire(paymentId)) throw tooManyRequests();
    sendJson(res, 200, paymentStateResponse(store.get(paymentId), posId));
  }

  const gatewayPath = `${basePath}/Pay`;

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v2\/payment\/start$/i,
      async serve({ req, res, origin, scope }) {
        const body = await readJsonObject(req);
        authenticate(headerValue(req, 'x-pos-key') ?? body.POSKey);
        const request = parseStartRequest(body);
        if (scope) refuseForeignAddresses(request, scope.shopOrigin);
        const payment = store.start(request);
        sendJson(res, 200, startResponse(payment, `${origin}${gatewayPath}?id=${payment.id}`));
      },
    },
    {
      method: 'GET',
      path: /^\/v4\/payment\/([^/]+)\/paymentstate$/i,
      serve({ req, res, match }) {
        authenticate(headerValue(req, 'x-pos-key'));
        answerPaymentState(res, match[1] ?? '');
      },
    },
    {
      method: 'GET',
      path: /^\/v2\/payment\/getpaymentstate$/i,
      serve({ req, res, url }) {
        authenticate(headerValue(req, 'x-pos-key') ?? queryParameter(url, 'POSKey'));
        answerPaymentState(res, queryParameter(url, 'PaymentId') ?? '');
      },
    },
    {
      method: 'POST',
      path: /^\/v2\/payment\/refund$/i,
      async serve({ req, res }) {
        const body = await readJsonObject(req);
        authenticate(headerValue(req, 'x-pos-key') ?? body.POSKey);
        const request = parseRefundRequest(body);
        const refunds = store.refund(request);
        sendJson(res, 200, refundResponse(store.get(request.PaymentId), refunds));
      },
    },
    {
      method: 'GET',
      path: /^\/pay$/i,
      serve({ res, url }) {
        const payment = store.find(url.searchParams.get('id') ?? '');
        if (!payment) return sendHtml(res, 404, renderMissingPaymentPage());
        if (isFinal(payment.status)) return sendHtml(res, 200, renderNoticePage(payment, payment.status));
        sendHtml(res, 200, renderGatewayPage(payment, gatewayPath));
      },
    },
    {
      method: 'POST',
      path: /^\/pay$/i,
      async serve({ req, res }) {
        const form = new URLSearchParams(await readBody(req));
        const payment = store.find(form.get('id') ?? '');
        if (!payment) return sendHtml(res, 404, renderMissingPaymentPage());
        // Submitted after the end (a second click, a window that ran out): tell the payer, change nothing.
        if (isFinal(payment.status)) return sendHtml(res, 200, renderNoticePage(payment, payment.status));

        const button = form.get('button');
        const cardNumber = form.get('cardNumber') ?? '';
        if (button === 'cancel') store.cancel(payment.id);
        else if (button === 'expire') store.expire(payment.id);
        else if (normalizeCardNumber(cardNumber) === '') {
          return sendHtml(res, 400, renderGatewayPage(payment, gatewayPath, 'Adja meg a kártyaszámot.'));
        } else store.payWithCard(payment.id, cardNumber);

        if (isFinal(payment.status)) return redirect(res, payment.redirectUrl);
        const declined = payment.card?.processResult ?? 'Declined';
        sendHtml(res, 200, renderGatewayPage(payment, gatewayPath, declineMessage(declined)));
      },
    },
  ];

  /** The path below basePath, or null when the request is not for the stand-in. */
  function pathBelowBase(pathname: string): string | null {
    if (basePath === '') return pathname;
    if (pathname === basePath) return '/';
    return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
  }

  function findRoute(method: string | undefined, path: string) {
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (match) return { route, match };
    }
    return null;
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    scope?: BarionStandInScope,
  ): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = pathBelowBase(url.pathname);
    if (path === null) return false;

    const found = findRoute(req.method, path);
    if (!found) {
      sendJson(res, 404, { Message: `No Barion stand-in route for ${req.method} ${url.pathname}.` });
      return true;
    }

    const origin = requestOrigin(req);
    try {
      await found.route.serve({ req, res, url, match: found.match, origin, scope });
    } catch (error) {
      if (error instanceof BarionApiError) {
        sendJson(
          res,
          error.httpStatus,
          errorBody(error, `${origin}${url.pathname}`, new Date(now()).toISOString()),
        );
      } else {
        // A bug of the stand-in: answer like Barion's own 500 and keep the cause visible.
        console.error('Barion stand-in failed', error);
        sendJson(res, 500, { Message: 'An error has occurred.' });
      }
    }
    return true;
  }

  return {
    handle,
    setCallbackMode: callbacks.setMode,
    releaseHeld: callbacks.releaseHeld,
    payWithCard: (paymentId, cardNumber) => payResult(store.payWithCard(paymentId, cardNumber)),
    cancel: (paymentId) => payResult(store.cancel(paymentId)),
    expire: (paymentId) => {
      store.expire(paymentId);
    },
    callbackLog: callbacks.log,
    close() {
      store.close();
      callbacks.close();
    },
  };
}
