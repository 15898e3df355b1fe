import type { BarionStandIn } from '@shop/api/stand-ins/barion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPaymentMethod,
  createShippingMethod,
  createUser,
  signIn,
  startSellingServer,
  type TestServer,
} from './test-server';

type Order = {
  id: number;
  number: string;
  status: string;
  total: number;
  refundedTotal: number;
  lines: { id: number; quantity: number }[];
  withdrawal: { available: boolean; latest: { id: number; status: string } | null };
};
type Placed = { order: Order; payment: { paymentId: string } | null; accessKey: string };
type Refunds = { paid: number; refundedTotal: number; refundable: number; withdrawals: { id: number }[] };
type RefundAnswer = { refund: { id: number; status: string; amount: number }; order: Refunds };

const ACCOUNT = '11773016-11111018';

let server: TestServer;
let standIn: BarionStandIn;
let adminToken: string;
let customerToken: string;
let mug: number;
let courier: number;
let card: number;
let transfer: number;

beforeAll(async () => {
  ({ server, standIn } = await startSellingServer());
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const product = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'kek-bogre',
      price: 3990,
      stock: 50,
      descriptions: [{ language: 'hu', title: 'Kék bögre' }],
    },
  });
  mug = product.body.id;
  courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  card = await createPaymentMethod(server, adminToken, { name: 'Bankkártya', provider: 'barion' });
  transfer = await createPaymentMethod(server, adminToken, { name: 'Átutalás', provider: 'bank_transfer' });
});
afterAll(() => server?.close());

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nem teljesült: ${what}`);
}

async function place(paymentMethod: number) {
  const placed = await api<Placed>(server, 'POST', '/api/cart/order', {
    body: {
      cart: [{ product: mug, quantity: 2 }],
      customer: { email: 'vevo@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
      shippingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
      billingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
      shippingMethod: courier,
      paymentMethod,
      acceptTerms: true,
    },
  });
  expect(placed.status).toBe(200);
  return placed.body;
}

const succeededCallbacks = (paymentId: string) =>
  standIn.callbackLog.filter((attempt) => attempt.paymentId === paymentId && attempt.status === 200).length;

describe('POST /api/order/{id}/refund', () => {
  it('refunds part of a card order at Barion once per Idempotency-Key; the callback that follows changes nothing', async () => {
    const placed = await place(card);
    const paymentId = placed.payment!.paymentId;
    standIn.payWithCard(paymentId, '4444888888885559');
    await until(async () => {
      const order = await api<Order>(server, 'GET', `/api/order/${placed.order.id}?key=${placed.accessKey}`);
      return order.body.status === 'received';
    }, 'a kártyás fizetés rendezi a rendelést');
    const callbacksBefore = succeededCallbacks(paymentId);

    const path = `/api/order/${placed.order.id}/refund`;
    const headers = { 'idempotency-key': `rest-refund-${placed.order.id}` };
    const body = { lines: [{ line: placed.order.lines[0]!.id, quantity: 1 }] };
    expect((await api(server, 'POST', path, { body })).status).toBe(401);
    expect((await api(server, 'POST', path, { body, token: customerToken })).status).toBe(403);

    const first = await api<RefundAnswer>(server, 'POST', path, { body, headers, token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.refund).toMatchObject({ status: 'succeeded', amount: 3990 });
    const again = await api<RefundAnswer>(server, 'POST', path, { body, headers, token: adminToken });
    expect(again.body.refund.id).toBe(first.body.refund.id);
    expect(again.body.order).toMatchObject({ paid: placed.order.total, refundedTotal: 3990 });

    // Barion calls back about the refund: answered, and the order and payment stay as they are.
    await until(async () => succeededCallbacks(paymentId) > callbacksBefore, 'a visszatérítés callbackje');
    const order = await api<Order>(server, 'GET', `/api/order/${placed.order.id}?key=${placed.accessKey}`);
    expect(order.body).toMatchObject({
      status: 'partially_refunded',
      refundedTotal: 3990,
      paymentState: 'succeeded',
    });
    const refundRows = await server.database.prisma.refund.count({ where: { orderId: placed.order.id } });
    expect(refundRows).toBe(1);
    const events = await server.database.prisma.paymentEvent.findMany({
      where: { payment: { providerPaymentId: paymentId } },
      orderBy: { id: 'asc' },
      select: { kind: true },
    });
    expect(events.map((event) => event.kind)).toContain('refund');
  });

  it('answers bad input with 400 and too much money with 409, in Hungarian', async () => {
    const placed = await place(transfer);
    const path = `/api/order/${placed.order.id}/refund`;
    const noBody = await api<{ message: string }>(server, 'POST', path, { body: {}, token: adminToken });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toContain('Add meg a visszatérítendő összeget vagy a tételeket.');

    const noAccount = await api<{ message: string }>(server, 'POST', path, {
      body: { amount: 1000 },
      token: adminToken,
    });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.message).toMatch(/bankszámlaszámát/);

    const badAccount = await api<{ message: string }>(server, 'POST', path, {
      body: { amount: 1000, bankAccount: '1234' },
      token: adminToken,
    });
    expect(badAccount.status).toBe(400);
    expect(badAccount.body.message).toMatch(/bankszámlaszám 2 × 8 vagy 3 × 8 számjegy/);

    // Nobody has paid the transfer yet: nothing to give back (issue #21, finding 3).
    const unpaid = await api<{ message: string }>(server, 'POST', path, {
      body: { amount: 1000, bankAccount: ACCOUNT },
      token: adminToken,
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toMatch(
      /^Ennél a rendelésnél nincs mit visszatéríteni: még semmit nem fizettek/,
    );

    // The bank statement shows the money: recorded once, however often the request is sent.
    const paymentPath = `/api/order/${placed.order.id}/payment`;
    const headers = { 'idempotency-key': `rest-payment-${placed.order.id}` };
    const paymentBody = { amount: placed.order.total, paidAt: '2026-11-27T10:15:00Z', note: 'Banki kivonat' };
    expect((await api(server, 'POST', paymentPath, { body: paymentBody })).status).toBe(401);
    expect((await api(server, 'POST', paymentPath, { body: paymentBody, token: customerToken })).status).toBe(
      403,
    );
    const strict = await api<{ message: string }>(server, 'POST', paymentPath, {
      body: { ...paymentBody, amount: '7280' },
      token: adminToken,
    });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toContain('Az összegnek számnak kell lennie.');
    for (let attempt = 0; attempt < 2; attempt++) {
      const recorded = await api<Order & { paidStatus: string; paidTotal: number }>(
        server,
        'POST',
        paymentPath,
        { body: paymentBody, headers, token: adminToken },
      );
      expect(recorded.status).toBe(200);
      expect(recorded.body).toMatchObject({ paidStatus: 'paid', paidTotal: placed.order.total });
    }
    expect(
      await server.database.prisma.payment.count({
        where: { orderId: placed.order.id, provider: 'bank_transfer' },
      }),
    ).toBe(1);

    const tooMuch = await api<{ message: string }>(server, 'POST', path, {
      body: { amount: placed.order.total + 1, bankAccount: ACCOUNT },
      token: adminToken,
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toMatch(/^Legfeljebb .* téríthető vissza/);

    const all = await api<RefundAnswer>(server, 'POST', path, {
      body: { amount: placed.order.total, bankAccount: ACCOUNT },
      token: adminToken,
    });
    expect(all.status).toBe(200);
    const refunds = await api<Refunds>(server, 'GET', `/api/order/${placed.order.id}/refunds`, {
      token: adminToken,
    });
    expect(refunds.body).toMatchObject({ refundedTotal: placed.order.total, refundable: 0 });
    expect(
      (await api(server, 'GET', `/api/order/${placed.order.id}/refunds`, { token: customerToken })).status,
    ).toBe(403);
  });
});

describe('POST /api/order/{id}/withdraw', () => {
  it('takes the key holder’s withdrawal with a receipt, refuses a second, and is 404 for others', async () => {
    const placed = await place(transfer);
    const path = `/api/order/${placed.order.id}/withdraw`;
    expect((await api(server, 'POST', path, { body: {} })).status).toBe(404);
    expect((await api(server, 'POST', path, { body: {}, token: customerToken })).status).toBe(404);
    expect((await api(server, 'POST', path, { body: { key: 'x'.repeat(32) } })).status).toBe(404);

    const withdrawn = await api<{ withdrawal: { id: number; createdAt: string }; receiptSentTo: string }>(
      server,
      'POST',
      path,
      { body: { key: placed.accessKey, reason: 'Nem tetszik' } },
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.receiptSentTo).toBe('vevo@example.hu');
    const receipt = await server.database.prisma.emailOutbox.findFirst({
      where: { templateKey: 'withdrawal_receipt', subject: { contains: placed.order.number } },
    });
    expect(receipt?.html).toContain('Nem tetszik');

    const second = await api<{ message: string }>(server, 'POST', path, { body: { key: placed.accessKey } });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(
      /^Ehhez a rendeléshez már van folyamatban lévő elállási nyilatkozatod/,
    );
    const order = await api<Order>(server, 'GET', `/api/order/${placed.order.id}?key=${placed.accessKey}`);
    expect(order.body.withdrawal).toMatchObject({
      available: false,
      latest: { id: withdrawn.body.withdrawal.id, status: 'open' },
    });
  });

  it('refuses a withdrawal after the 14 days with a Hungarian 409', async () => {
    const placed = await place(transfer);
    await server.database.prisma.order.update({
      where: { id: placed.order.id },
      data: { status: 'completed', completedAt: new Date(Date.now() - 20 * 24 * 3600 * 1000) },
    });
    const late = await api<{ message: string }>(server, 'POST', `/api/order/${placed.order.id}/withdraw`, {
      body: { key: placed.accessKey },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Az elállási határidő lejárt/);
  });
});
