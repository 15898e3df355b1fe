import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedStandIn, serveStandIn } from '../serve';
import { type BarionStandIn, createBarionStandIn } from './index';
import { POS_KEY, postJson, startCallbackReceiver, validStartRequest } from './test-support';

/** The stand-in as a shop mounts it: scoped to the shop's origin (#21, finding 1). */

const SHOP = 'https://bolt.example.hu';

let standIn: BarionStandIn;
let served: ServedStandIn;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  standIn = createBarionStandIn({ posKey: POS_KEY, basePath: '/_barion', retryDelaysMs: [] });
  served = await serveStandIn(
    { handle: (req, res) => standIn.handle(req, res, { shopOrigin: SHOP }) },
    { basePath: '/_barion' },
  );
});

afterAll(async () => {
  standIn.close();
  await served.close();
  await receiver.close();
});

const start = (body: unknown) => postJson(`${served.url}/v2/Payment/Start`, body);

describe('a scoped Barion stand-in', () => {
  it('refuses callback and return addresses off the shop’s origin, naming each, and calls none of them', async () => {
    const refused = await start(
      validStartRequest(receiver.url, { RedirectUrl: `${SHOP}.csalo.example/vissza` }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.Errors).toEqual([
      expect.objectContaining({
        ErrorCode: 'ModelValidationError',
        Title: 'The CallbackUrl field is invalid.',
      }),
      expect.objectContaining({
        ErrorCode: 'ModelValidationError',
        Title: 'The RedirectUrl field is invalid.',
      }),
    ]);
    // An address that only begins with the shop's, or hides another host after a user name.
    const userInfo = await start(
      validStartRequest(`${SHOP}@127.0.0.1:9/callback`, { RedirectUrl: `${SHOP}/vissza` }),
    );
    expect(userInfo.status).toBe(400);
    expect(receiver.received).toEqual([]);
  });

  it('sends the payer back only to the shop once the payment ends', async () => {
    const started = await start(
      validStartRequest(`${SHOP}/api/barion/callback`, { RedirectUrl: `${SHOP}/order/barion/result` }),
    );
    expect(started.status).toBe(200);
    const paymentId = started.body.PaymentId as string;
    const paid = await fetch(`${served.url}/Pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: paymentId, cardNumber: '4444 8888 8888 5559' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(new URL(paid.headers.get('location') ?? '').origin).toBe(SHOP);
  });
});
