import type { BarionStandIn } from '@shop/api/stand-ins/barion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createPaymentMethod,
  createUser,
  guestOrder,
  signIn,
  startSellingServer,
  type TestServer,
} from './test-server';

type Order = { id: number; number: string; status: string; total: number; paymentState: string };
type Placed = {
  order: Order;
  payment: { paymentId: string; gatewayUrl: string } | null;
  accessKey: string | null;
};

let server: TestServer;
let standIn: BarionStandIn;
let adminToken: string;
let customerToken: string;
let mug: number;
let courier: number;
let card: number;
let cod: number;

beforeAll(async () => {
  ({ server, standIn } = await startSellingServer());
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  ({ mug, courier, cod } = await createMugShop(server, adminToken));
  card = await createPaymentMethod(server, adminToken, { name: 'Bankkártya', provider: 'barion' });
});
afterAll(() => server?.close());

const orderBody = (paymentMethod: number) =>
  guestOrder({ product: mug, shippingMethod: courier, paymentMethod });

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nem teljesült: ${what}`);
}

describe('buying over REST', () => {
  it('places a guest order and answers a retry with the same Idempotency-Key with the same order', async () => {
    const headers = { 'idempotency-key': `rest-${Date.now()}` };
    const first = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(cod), headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-operation-id')).toBe('cart-order');
    expect(first.body.order).toMatchObject({ status: 'received', total: 3990 + 1990 + 490 });
    const again = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(cod), headers });
    expect(again.body.order.id).toBe(first.body.order.id);
    const link = await api<Order>(
      server,
      'GET',
      `/api/order/${first.body.order.id}?key=${first.body.accessKey}`,
    );
    expect(link.body.number).toBe(first.body.order.number);
    expect((await api(server, 'GET', `/api/order/${first.body.order.id}`)).status).toBe(404);
  });

  it('pays by card on the stand-in: the gateway form, the redirect and the callback move the order once', async () => {
    const placed = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(card) });
    const { paymentId, gatewayUrl } = placed.body.payment!;
    expect(gatewayUrl).toBe(`${server.url}/_barion/Pay?id=${paymentId}`);
    const page = await fetch(gatewayUrl);
    expect(await page.text()).toContain('Kártyaszám');

    const paid = await fetch(`${server.url}/_barion/Pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: paymentId, cardNumber: '4444888888885559', button: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`${server.url}/order/barion/result?paymentId=${paymentId}`);

    await until(
      async () => standIn.callbackLog.some((attempt) => attempt.status === 200),
      'a Barion callback megérkezik',
    );
    const status = await api<{ status: string; paymentState: string }>(
      server,
      'POST',
      '/api/cart/barionstatus',
      {
        body: { paymentId },
      },
    );
    expect(status.body).toMatchObject({ status: 'received', paymentState: 'succeeded' });

    // Barion's callback form, replayed: 200 each time, nothing moves twice.
    for (let replay = 0; replay < 5; replay++) {
      const response = await fetch(`${server.url}/api/barion/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `paymentId=${paymentId}`,
      });
      expect(response.status).toBe(200);
    }
    const receipts = await server.database.prisma.emailOutbox.count({
      where: { templateKey: 'payment_succeeded', subject: { contains: placed.body.order.number } },
    });
    expect(receipts).toBe(1);
  });

  it('never moves an order backwards when callbacks arrive late, twice or in the wrong order', async () => {
    const placed = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(card) });
    const first = placed.body.payment!;
    standIn.setCallbackMode('hold');
    standIn.cancel(first.paymentId);
    const retried = await api<Placed>(server, 'POST', `/api/order/${placed.body.order.id}/pay`, {
      body: { key: placed.body.accessKey },
    });
    expect(retried.status).toBe(409); // the cancel is not known yet: the first payment still counts as open
    const synced = await api(server, 'POST', '/api/cart/barionstatus', {
      body: { paymentId: first.paymentId },
    });
    expect(synced.body).toMatchObject({ paymentState: 'cancelled' });
    const second = await api<Placed>(server, 'POST', `/api/order/${placed.body.order.id}/pay`, {
      body: { key: placed.body.accessKey },
    });
    standIn.payWithCard(second.body.payment!.paymentId, '4444888888885559');
    standIn.setCallbackMode('duplicate');
    await standIn.releaseHeld('reverse');
    standIn.setCallbackMode('deliver');
    await until(async () => {
      const order = await api<Order>(
        server,
        'GET',
        `/api/order/${placed.body.order.id}?key=${placed.body.accessKey}`,
      );
      return order.body.status === 'received';
    }, 'a második fizetés rendezi a rendelést');
    standIn.expire(first.paymentId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const order = await api<Order>(
      server,
      'GET',
      `/api/order/${placed.body.order.id}?key=${placed.body.accessKey}`,
    );
    expect(order.body).toMatchObject({ status: 'received', paymentState: 'succeeded' });
    const receipts = await server.database.prisma.emailOutbox.count({
      where: { templateKey: 'payment_succeeded', subject: { contains: placed.body.order.number } },
    });
    expect(receipts).toBe(1);
  });

  it('answers forged callbacks without asking Barion each time: 503 while it was just asked, 200 once the payment ended', async () => {
    const placed = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(card) });
    const { paymentId } = placed.body.payment!;
    const callback = () =>
      fetch(`${server.url}/api/barion/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `paymentId=${paymentId}`,
      });
    expect((await callback()).status).toBe(200);
    // Barion was asked a moment ago: the next callbacks are told to come again (Barion retries them).
    for (let replay = 0; replay < 5; replay++) {
      const response = await callback();
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
    }
    const stateAnswers = () =>
      server.database.prisma.paymentEvent.count({
        where: { payment: { providerPaymentId: paymentId }, kind: 'state' },
      });
    expect(await stateAnswers()).toBe(1);

    standIn.cancel(paymentId);
    await server.database.prisma.payment.update({
      where: { providerPaymentId: paymentId },
      data: { stateCheckedAt: new Date(Date.now() - 6_000) },
    });
    expect((await callback()).status).toBe(200);
    const order = await api<Order>(
      server,
      'GET',
      `/api/order/${placed.body.order.id}?key=${placed.body.accessKey}`,
    );
    expect(order.body).toMatchObject({ status: 'payment_failed', paymentState: 'cancelled' });

    // Ended: each replay is answered at once, asks nothing and adds no row.
    const rows = await server.database.prisma.paymentEvent.count({
      where: { payment: { providerPaymentId: paymentId } },
    });
    const asked = await stateAnswers();
    const replays = await Promise.all(Array.from({ length: 200 }, callback));
    expect(new Set(replays.map((response) => response.status))).toEqual(new Set([200]));
    expect(await stateAnswers()).toBe(asked);
    expect(
      await server.database.prisma.paymentEvent.count({
        where: { payment: { providerPaymentId: paymentId } },
      }),
    ).toBeLessThanOrEqual(rows + 1);
  });

  it('answers a callback without a payment id with 400, and a stranger’s cart calls with 401', async () => {
    const bad = await fetch(`${server.url}/api/barion/callback`, { method: 'POST' });
    expect(bad.status).toBe(400);
    expect((await api(server, 'POST', '/api/cart/add', { body: { product: mug, quantity: 1 } })).status).toBe(
      401,
    );
    expect((await api(server, 'GET', '/api/order/myorders')).status).toBe(401);
  });

  it('serves the signed-in cart with the spec field names', async () => {
    const added = await api<{ lines: { product: number; quantity: number }[] }>(
      server,
      'POST',
      '/api/cart/add',
      {
        token: customerToken,
        body: { product: mug, quantity: 2 },
      },
    );
    expect(added.status).toBe(200);
    expect(added.body.lines).toEqual([expect.objectContaining({ product: mug, quantity: 2 })]);
    const listed = await api(server, 'POST', '/api/cart/add', { token: customerToken });
    expect(listed.body).toEqual(added.body);
    const cleared = await api<{ lines: unknown[] }>(server, 'POST', '/api/cart/clear', {
      token: customerToken,
    });
    expect(cleared.body.lines).toEqual([]);
  });
});

describe('shipping and payment methods over REST', () => {
  it('lists enabled methods to anyone and lets only the admin write', async () => {
    const created = await api<{ id: number; enabled: boolean }>(server, 'POST', '/api/checkout/shipping', {
      token: adminToken,
      body: { name: 'Rejtett mód', fee: 990, enabled: false },
    });
    expect(created.status).toBe(200);
    const publicList = await api<{ items: { id: number }[] }>(server, 'GET', '/api/checkout/shipping');
    expect(publicList.body.items.map((item) => item.id)).not.toContain(created.body.id);
    expect((await api(server, 'GET', `/api/checkout/shipping/${created.body.id}`)).status).toBe(404);
    const adminList = await api<{ items: { id: number }[] }>(server, 'GET', '/api/checkout/shipping', {
      token: adminToken,
    });
    expect(adminList.body.items.map((item) => item.id)).toContain(created.body.id);

    expect(
      (
        await api(server, 'POST', '/api/checkout/payment', {
          token: customerToken,
          body: { name: 'X', provider: 'barion' },
        })
      ).status,
    ).toBe(403);
    expect((await api(server, 'DELETE', `/api/checkout/shipping/${created.body.id}`)).status).toBe(401);
    expect(
      (await api(server, 'DELETE', `/api/checkout/shipping/${created.body.id}`, { token: adminToken }))
        .status,
    ).toBe(200);
  });

  it('keeps orders intact when their method is deleted', async () => {
    const placed = await api<Placed>(server, 'POST', '/api/cart/order', { body: orderBody(cod) });
    const method = await api<{ id: number }>(server, 'POST', '/api/checkout/payment', {
      token: adminToken,
      body: { name: 'Ideiglenes utánvét', provider: 'cash_on_delivery' },
    });
    await api(server, 'DELETE', `/api/checkout/payment/${method.body.id}`, { token: adminToken });
    await api(server, 'DELETE', `/api/checkout/payment/${cod}`, { token: adminToken });
    const order = await api<{ paymentMethod: { id: number | null; name: string } }>(
      server,
      'GET',
      `/api/order/${placed.body.order.id}`,
      { token: adminToken },
    );
    expect(order.body.paymentMethod).toMatchObject({ id: null, name: 'Utánvét' });
  });
});
