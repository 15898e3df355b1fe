import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBarionStandIn, type StartedBarionStandIn, startBarionStandIn } from './index';
import { getJson, POS_KEY, postJson, startCallbackReceiver, validStartRequest } from './test-support';

const SUCCESS_CARD = '4444 8888 8888 5559';

// The stand-in's clock: tests move it instead of waiting.
let clock = Date.parse('2025-03-01T10:00:00.000Z');
let barion: StartedBarionStandIn;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  barion = await startBarionStandIn({ posKey: POS_KEY, now: () => clock });
});

afterAll(async () => {
  await barion.close();
  await receiver.close();
});

async function startPayment(overrides: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await postJson(
    `${barion.url}/v2/Payment/Start`,
    validStartRequest(receiver.url, overrides),
  );
  expect(status).toBe(200);
  return body.PaymentId as string;
}

/** One v4 state read; each test reads at most twice per payment within 5 s, under the throttle. */
async function paymentState(paymentId: string) {
  return getJson(`${barion.url}/v4/Payment/${paymentId}/PaymentState`, { 'x-pos-key': POS_KEY });
}

async function submitGatewayForm(fields: Record<string, string>) {
  return fetch(`${barion.url}/Pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('paying with a test card', () => {
  it('succeeds with 4444 8888 8888 5559, redirects the browser and calls the shop back', async () => {
    const paymentId = await startPayment();
    const response = await submitGatewayForm({ id: paymentId, cardNumber: SUCCESS_CARD, button: 'pay' });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `https://bolt.example.hu/fizetes/vissza?order=123&paymentId=${paymentId}`,
    );
    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(1));
    expect(receiver.receivedFor(paymentId)[0]).toEqual({
      paymentIdInQuery: paymentId,
      paymentIdInBody: paymentId,
      contentType: 'application/x-www-form-urlencoded',
      search: `?shop=demo&paymentId=${paymentId}`,
    });

    const { body } = await paymentState(paymentId);
    expect(body).toMatchObject({
      PaymentId: paymentId,
      Status: 'Succeeded',
      FundingSource: 'BankCard',
      PaymentMethod: 'BankCard',
      FundingInformation: { BankCard: { MaskedPan: '444488******5559' }, ProcessResult: 'Successful' },
      Total: 12990,
      Currency: 'HUF',
      GuestCheckout: true,
      AllowedFundingSources: ['Balance', 'BankCard', 'GooglePay', 'ApplePay'],
      CompletedAt: new Date(clock).toISOString(),
      Transactions: [
        {
          POSTransactionId: 'WEB-2025-000123-1',
          TransactionType: 'CardPayment',
          Status: 'Succeeded',
          Total: 12990,
          RelatedId: null,
        },
      ],
      Errors: [],
    });
  });

  it('keeps a declined payment Started and lets the payer retry with the success card', async () => {
    const paymentId = await startPayment();
    const declined = [
      ['4444888888884446', 'ProblemWithCard'],
      ['4444 8888 8888 9999', 'LowFunds'],
      ['4444888888881111', 'LostOrStolenCard'],
      ['4111111111111111', 'Declined'],
    ] as const;
    for (const [cardNumber, processResult] of declined) {
      expect(barion.standIn.payWithCard(paymentId, cardNumber)).toEqual({
        status: 'Started',
        processResult,
        redirectUrl: null,
      });
    }
    const { body: afterDeclines } = await paymentState(paymentId);
    expect(afterDeclines).toMatchObject({
      Status: 'Started',
      FundingInformation: { ProcessResult: 'Declined' },
    });
    expect(receiver.receivedFor(paymentId)).toEqual([]);

    expect(barion.standIn.payWithCard(paymentId, SUCCESS_CARD)).toEqual({
      status: 'Succeeded',
      processResult: 'Successful',
      redirectUrl: `https://bolt.example.hu/fizetes/vissza?order=123&paymentId=${paymentId}`,
    });
    const { body: afterRetry } = await paymentState(paymentId);
    expect(afterRetry).toMatchObject({
      Status: 'Succeeded',
      FundingInformation: { ProcessResult: 'Successful' },
    });
  });

  it('re-shows the form with the reason in Hungarian after a declined card on the page', async () => {
    const paymentId = await startPayment();
    const response = await submitGatewayForm({
      id: paymentId,
      cardNumber: '4444888888889999',
      button: 'pay',
    });

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('A kártyát a bank elutasította (nincs elég fedezet)');
    expect(html).toContain('<label for="card-number">Kártyaszám</label>');
  });

  it('leaves a payment that is over as it is', async () => {
    const paymentId = await startPayment();
    barion.standIn.cancel(paymentId);

    expect(barion.standIn.payWithCard(paymentId, SUCCESS_CARD).status).toBe('Canceled');
    const page = await submitGatewayForm({ id: paymentId, cardNumber: SUCCESS_CARD, button: 'pay' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('A fizetés megszakítva');
  });
});

describe('cancel and expiry', () => {
  it('"Mégse" cancels the payment, redirects the browser and calls the shop back', async () => {
    const paymentId = await startPayment();
    const response = await submitGatewayForm({ id: paymentId, cardNumber: '', button: 'cancel' });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain(`paymentId=${paymentId}`);
    const { body } = await paymentState(paymentId);
    expect(body).toMatchObject({ Status: 'Canceled', PaymentMethod: 'Unknown', FundingInformation: null });
    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(1));
  });

  it('expire() ends the payment as Expired and calls the shop back', async () => {
    const paymentId = await startPayment();
    barion.standIn.expire(paymentId);

    const { body } = await paymentState(paymentId);
    expect(body).toMatchObject({ Status: 'Expired', Transactions: [{ Status: 'Expired' }] });
    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(1));
  });

  it('expires a payment whose PaymentWindow has passed on the next read, and calls the shop back once', async () => {
    const paymentId = await startPayment({ PaymentWindow: '0.00:01:00' });
    const { body: inTime } = await paymentState(paymentId);
    expect(inTime).toMatchObject({ Status: 'Prepared', ValidUntil: new Date(clock + 60_000).toISOString() });

    clock += 60_000;
    const { body: late } = await paymentState(paymentId);
    expect(late).toMatchObject({ Status: 'Expired' });
    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(1));
    expect(barion.standIn.payWithCard(paymentId, SUCCESS_CARD).status).toBe('Expired');
  });
});

describe('payment state', () => {
  it('answers 429 to the third request for a payment within 5 seconds, and again after 5 seconds', async () => {
    const paymentId = await startPayment();
    expect((await paymentState(paymentId)).status).toBe(200);
    clock += 4_000;
    expect((await paymentState(paymentId)).status).toBe(200);
    clock += 999;
    const third = await paymentState(paymentId);
    expect(third.status).toBe(429);
    expect(third.body.Errors).toEqual([expect.objectContaining({ Title: 'Too many requests' })]);

    clock += 1;
    expect((await paymentState(paymentId)).status).toBe(200);
  });

  it('shares the throttle between the deprecated v2 call and v4', async () => {
    const paymentId = await startPayment();
    const v2 = `${barion.url}/v2/Payment/GetPaymentState?POSKey=${POS_KEY}&PaymentId=${paymentId}`;
    const first = await getJson(v2);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ PaymentId: paymentId, Status: 'Prepared', Errors: [] });
    expect((await paymentState(paymentId)).status).toBe(200);
    expect((await getJson(v2)).status).toBe(429);
  });

  it('refuses an unknown PaymentId and a wrong key', async () => {
    const unknown = await paymentState('0'.repeat(32));
    expect(unknown.status).toBe(400);
    expect(unknown.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'NotExistingPaymentId' })]);

    const paymentId = await startPayment();
    const wrongKey = await getJson(`${barion.url}/v4/Payment/${paymentId}/PaymentState`, {
      'x-pos-key': 'not-our-key',
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'AuthenticationFailed' })]);
  });
});

describe('the gateway page', () => {
  it('is a Hungarian form with the amount, the items, the card field and both buttons, without any script', async () => {
    const paymentId = await startPayment();
    const response = await fetch(`${barion.url}/Pay?id=${paymentId}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="hu">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('TESZTFIZETÉS – valódi terhelés nem történik');
    expect(html).toContain('12\u00a0990\u00a0Ft');
    expect(html).toContain('Kávédaráló');
    expect(html).toContain('<label for="card-number">Kártyaszám</label>');
    expect(html).toContain('<input id="card-number" name="cardNumber"');
    expect(html).toContain('<form method="post" action="/Pay">');
    expect(html).toContain(`name="id" value="${paymentId}"`);
    expect(html).toContain('4444 8888 8888 5559');
    expect(html).toMatch(/<button[^>]*>Fizetés<\/button>/);
    expect(html).toMatch(/<button[^>]*>Mégse<\/button>/);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows a notice instead of the form once the payment is over', async () => {
    const paymentId = await startPayment();
    barion.standIn.payWithCard(paymentId, SUCCESS_CARD);

    const html = await (await fetch(`${barion.url}/Pay?id=${paymentId}`)).text();
    expect(html).toContain('Sikeres fizetés');
    expect(html).not.toContain('Kártyaszám');
  });

  it('answers 404 for an unknown payment', async () => {
    const response = await fetch(`${barion.url}/Pay?id=${'0'.repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Ismeretlen fizetés');
  });
});

describe('mounted under a basePath', () => {
  it('serves only below basePath and points the form there', async () => {
    const standIn = createBarionStandIn({ posKey: POS_KEY, basePath: '/_barion' });
    const server = createServer((req, res) => {
      void standIn.handle(req, res).then((handled) => {
        if (!handled) res.writeHead(418).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { body } = await postJson(`${origin}/_barion/v2/Payment/Start`, validStartRequest(receiver.url));
      expect(body.GatewayUrl).toBe(`${origin}/_barion/Pay?id=${body.PaymentId}`);
      const page = await (await fetch(body.GatewayUrl as string)).text();
      expect(page).toContain('<form method="post" action="/_barion/Pay">');
      expect((await fetch(`${origin}/v2/Payment/Start`, { method: 'POST' })).status).toBe(418);
      expect((await fetch(`${origin}/_barionx/Pay`)).status).toBe(418);
    } finally {
      standIn.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
