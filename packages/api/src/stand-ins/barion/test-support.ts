import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http-io';

/** Shared by the stand-in's tests: a shop-side callback receiver and a valid Start request. */

export const POS_KEY = '0f5b6c3e9a7d4e21b8c4a1d2e3f40516';

export type ReceivedCallback = {
  paymentIdInQuery: string | null;
  paymentIdInBody: string | null;
  contentType: string | undefined;
  /** The query string as received, to check the shop's own parameters survive. */
  search: string;
};

/**
 * The shop's callback endpoint. `answer` decides the status of each request (200 unless told);
 * 'never' leaves the request unanswered, as a hanging shop server would.
 */
export async function startCallbackReceiver() {
  const received: ReceivedCallback[] = [];
  let answer: (callback: ReceivedCallback) => number | 'never' = () => 200;

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const callback: ReceivedCallback = {
        paymentIdInQuery: url.searchParams.get('paymentId'),
        paymentIdInBody: new URLSearchParams(body).get('paymentId'),
        contentType: req.headers['content-type'],
        search: url.search,
      };
      received.push(callback);
      const status = answer(callback);
      if (status !== 'never') res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/barion/callback?shop=demo`,
    received,
    /** The callbacks that named this payment in the query string. */
    receivedFor: (paymentId: string) =>
      received.filter((callback) => callback.paymentIdInQuery === paymentId),
    answerWith(decide: (callback: ReceivedCallback) => number | 'never') {
      answer = decide;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A Start body Barion accepts: one 12 990 Ft transaction of two items. */
export function validStartRequest(callbackUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    POSKey: POS_KEY,
    PaymentType: 'Immediate',
    PaymentWindow: '0.00:30:00',
    GuestCheckOut: true,
    FundingSources: ['All'],
    PaymentRequestId: 'WEB-2025-000123',
    OrderNumber: 'WEB-2025-000123',
    RedirectUrl: 'https://bolt.example.hu/fizetes/vissza?order=123',
    CallbackUrl: callbackUrl,
    Locale: 'hu-HU',
    Currency: 'HUF',
    PayerPhoneNumber: '36301234567',
    Transactions: [
      {
        POSTransactionId: 'WEB-2025-000123-1',
        Payee: 'bolt@example.hu',
        Total: 12990,
        Items: [
          {
            Name: 'Kávédaráló',
            Description: 'Kézi kávédaráló',
            Quantity: 1,
            Unit: 'db',
            UnitPrice: 11500,
            ItemTotal: 11500,
          },
          {
            Name: 'Szállítás',
            Description: 'Házhoz szállítás',
            Quantity: 1,
            Unit: 'db',
            UnitPrice: 1490,
            ItemTotal: 1490,
          },
        ],
      },
    ],
    ...overrides,
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { Errors: unknown[] },
  };
}

export async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { Errors: unknown[] },
  };
}
